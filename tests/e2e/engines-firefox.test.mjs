// engines-firefox.test.mjs - the cross-engine e2e set (tests/e2e/engine-suite.mjs) in Firefox ESR (puppeteer-core over WebDriver BiDi).
import { engineSuite } from './engine-suite.mjs';

engineSuite('firefox');
