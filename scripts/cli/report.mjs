// report.mjs - `evocube report FILE... [--format md|csv|json] [--paper NAME] [--partial]`: one
// table from the shard files of one `evocube batch` run. The files are read (report-files.mjs:
// files, patterns, folders; bad lines named by file and line), checked to be one batch that
// they cover (report-batch.mjs: missing and duplicated job ids), then summarized per solver
// and sweep value with the Experiments view's own table (web/lib/experiments/table.mjs on
// plan.mjs's summaries and web/lib/stats.mjs): n, solved, mean with its 95% interval, median
// and quartiles, min and max of length, generations, time and each phase's length. --paper
// puts a paper's published figures (web/lib/experiments/papers.mjs) beside this batch's (in
// markdown and JSON; CSV is the one table, a row per group and measure). Cost: the files are
// read whole (200,000 lines of 4 shards: 2.8 s CPU, 300 MB).
//
// Exit 0: the table (with --partial also when jobs are missing or duplicated, which stderr
// names); 1: jobs missing or duplicated (named on stderr, no table); 2: bad input. Standard
// output carries only the table; notes go to stderr. Never writes a file.
import { statsTable, paperRows } from '../../web/lib/experiments/table.mjs';
import { REPORT_PAPERS } from '../../web/lib/experiments/papers.mjs';
import { UsageError } from './options.mjs';
import { expandArgs, readShard } from './report-files.mjs';
import { checkBatch } from './report-batch.mjs';

const FORMATS = ['md', 'csv', 'json'];
const STATS = ['n', 'mean', 'ci95', 'median', 'q1', 'q3', 'min', 'max', 'sd'];
const SHOW_IDS = 20;

// FILE... and the options (--format F, --paper NAME, --partial), in any order
function parseReportArgs(args) {
  const o = { files: [], format: 'md', paper: null, partial: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--partial') { o.partial = true; continue; }
    if (a === '--format' || a === '--paper') {
      if (i + 1 >= args.length) throw new UsageError(`option ${a} needs a value`);
      o[a.slice(2)] = args[++i];
      continue;
    }
    if (a.startsWith('--')) throw new UsageError(`unknown option "${a.slice(0, 40)}" (report takes --format md|csv|json, --paper NAME, --partial)`);
    o.files.push(a);
  }
  if (!FORMATS.includes(o.format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')} (got "${o.format.slice(0, 20)}")`);
  return o;
}

// --paper NAME or NAME:K (K: the experiment's row, e.g. hugo-integrity:2 for Table 5 test 2)
function paperFigures(text) {
  const [id, k] = text.split(':');
  const p = REPORT_PAPERS.find((x) => x.id === id);
  if (!p) throw new UsageError(`--paper: no paper's experiment "${text.slice(0, 40)}"; there are: ${REPORT_PAPERS.map((x) => x.id).join(', ')}`);
  const tests = p.options.test ? p.options.test.values.length : 0;
  if (k !== undefined && !(tests && /^\d+$/.test(k) && Number(k) >= 1 && Number(k) <= tests)) {
    throw new UsageError(`--paper ${id}${tests ? ` takes :1 to :${tests} (${p.options.test.values.map(([, t]) => t).join('; ')})` : ' takes no :row'}`);
  }
  return { id, title: p.title, figures: p.figures(k === undefined ? {} : { test: Number(k) - 1 }) };
}

const num = (x, d) => (Number.isFinite(x) ? x.toFixed(d) : '');
const cell = (m, k) => (k === 'n' ? String(m.stat.n) : num(m.stat[k] * m.scale, m.decimals));

function markdown(table, paper, head) {
  const out = [`# ${head}`, '', `| group | solves | solved | errors | measure | ${STATS.map((k) => (k === 'ci95' ? '95% ±' : k)).join(' | ')} |`,
    `|---|---:|---:|---:|---|${STATS.map(() => '---:').join('|')}|`];
  for (const g of table) {
    for (const m of g.measures) out.push(`| ${g.group} | ${g.count} | ${g.solved} | ${g.errors} | ${m.label} | ${STATS.map((k) => cell(m, k)).join(' | ')} |`);
  }
  if (paper) {
    out.push('', `## ${paper.title}`, '', '| measure | this batch (mean ± 95%, n) | the paper | reference |', '|---|---:|---:|---|');
    for (const r of paper.rows) {
      const ours = r.stat.n ? `${num(r.stat.mean * r.scale, r.decimals)} ± ${num(r.stat.ci95 * r.scale, r.decimals)} (n = ${r.stat.n})` : '–';
      out.push(`| ${r.figure.solver ? `${r.figure.solver}: ` : ''}${r.label} (${r.figure.stat}) | ${ours} | ${r.figure.value} | ${r.figure.ref}${r.figure.note ? ` (${r.figure.note})` : ''} |`);
    }
  }
  return `${out.join('\n')}\n`;
}

const csvField = (v) => (/[",\n\r]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

// one row per group and measure, in the records' units (time in ms)
function csv(table) {
  const rows = [['group', 'solves', 'solved', 'errors', 'measure', ...STATS]];
  for (const g of table) {
    for (const m of g.measures) rows.push([g.group, g.count, g.solved, g.errors, m.key, ...STATS.map((k) => (Number.isFinite(m.stat[k]) ? m.stat[k] : ''))]);
  }
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

// the table as JSON, in the records' units (time in ms); NaN as null
function json(table, paper, check) {
  const stat = (s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Number.isFinite(v) ? v : null]));
  return `${JSON.stringify({
    format: 'evocube-report', version: 1, jobs: check.total, records: check.records.length, missing: check.missing, duplicated: check.duplicated,
    groups: table.map((g) => ({ group: g.group, count: g.count, solved: g.solved, errors: g.errors, measures: Object.fromEntries(g.measures.map((m) => [m.key, { label: m.label, ...stat(m.stat) }])) })),
    ...(paper ? { paper: { id: paper.id, figures: paper.rows.map((r) => ({ ...r.figure, label: r.label, ours: stat(r.stat) })) } } : {}),
  }, null, 1)}\n`;
}

// what is missing and duplicated, on stderr
function sayProblems(check) {
  const list = (ids) => `${ids.slice(0, SHOW_IDS).join(', ')}${ids.length > SHOW_IDS ? `, and ${ids.length - SHOW_IDS} more` : ''}`;
  if (check.missing.length) process.stderr.write(`report: ${check.missing.length} of ${check.total} jobs missing: ${list(check.missing)}\n`);
  for (const d of check.duplicated.slice(0, SHOW_IDS)) process.stderr.write(`report: job ${d.id} is held twice: ${d.where.join(' and ')}\n`);
  if (check.duplicated.length > SHOW_IDS) process.stderr.write(`report: and ${check.duplicated.length - SHOW_IDS} more jobs held twice\n`);
}

// `evocube report ...`: returns the exit code
export function runReport(args) {
  const o = parseReportArgs(args);
  const paperDef = o.paper === null ? null : paperFigures(o.paper);
  const files = expandArgs(o.files);
  const check = checkBatch(files.map((file) => ({ file, entries: readShard(file) })));
  const whole = !check.missing.length && !check.duplicated.length;
  if (!whole) {
    sayProblems(check);
    if (!o.partial) {
      process.stderr.write('report: the files do not cover the batch once; rerun the shards that lost jobs (`evocube batch` with the same --shard and --out resumes), or give --partial to report what is there\n');
      return 1;
    }
  }
  const table = statsTable(check.records, { phases: true });
  const paper = paperDef && { ...paperDef, rows: paperRows(paperDef.figures, check.records) };
  const head = `${check.records.length} of ${check.total} jobs from ${files.length} file${files.length === 1 ? '' : 's'}${whole ? '' : ' (partial)'}`;
  process.stdout.write(o.format === 'md' ? markdown(table, paper, head) : o.format === 'csv' ? csv(table) : json(table, paper, check));
  return 0;
}
