// engines-webkit.test.mjs - the cross-engine e2e set (tests/e2e/engines.mjs) in WebKitGTK (WebKitWebDriver, MiniBrowser under Xvfb).
import { engineSuite } from './engines.mjs';

engineSuite('webkit');
