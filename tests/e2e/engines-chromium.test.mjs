// engines-chromium.test.mjs - the cross-engine set's locale test in Chromium (its flows are the
// Chromium suites beside this file): the page under navigator.language "C", "C.UTF-8", "und"
// and none (tests/e2e/engine-suite.mjs).
import { engineSuite } from './engine-suite.mjs';

engineSuite('chromium', { flows: false });
