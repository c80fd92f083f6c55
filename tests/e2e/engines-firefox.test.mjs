// engines-firefox.test.mjs - the cross-engine e2e set (tests/e2e/engines.mjs) in Firefox ESR (puppeteer-core over WebDriver BiDi).
import { engineSuite } from './engines.mjs';

engineSuite('firefox');
