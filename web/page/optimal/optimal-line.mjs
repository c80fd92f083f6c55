// optimal-line.mjs - the optimum beside a result (the Result panel's "optimal: 18 (this
// solution +6)"): this small loader is all the first load carries; the view, its worker and the
// optimal module load on demand (optimal.lazy.mjs) when a result is shown.
//
// Interface: new OptimalLine({ notify }); show(facelets, length) (a solved result: its start
// cube and solution length); clear(). This feature owns the id `optimal`.
import { byId } from '../common/dom.mjs';

export class OptimalLine {
  constructor({ notify }) {
    this.notify = notify;
    this.view = null;
  }

  show(facelets, length) {
    import('./optimal.lazy.mjs').then((m) => {
      this.view ??= new m.OptimalView(byId('optimal'), { notify: this.notify });
      this.view.show(facelets, length);
    }, (e) => this.notify(`the optimal search could not load: ${e.message}`, 'error'));
  }

  clear() { if (this.view) this.view.clear(); }
}
