// engines-webkit.test.mjs - the cross-engine e2e set (tests/e2e/engine-suite.mjs) in WebKitGTK (WebKitWebDriver, MiniBrowser under Xvfb).
import { engineSuite } from './engine-suite.mjs';

engineSuite('webkit');
