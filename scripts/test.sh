#!/usr/bin/env bash
# test.sh - every suite: the C unit tests (ctest), then the Jest suites against the real
# wasm module in Node (tests/js) and in headless Chromium (tests/e2e).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

echo "== ctest (native)"
ctest --test-dir build/native --output-on-failure -j "$jobs"

echo "== jest (wasm in Node, and the page in Chromium)"
node --experimental-vm-modules --no-warnings node_modules/jest/bin/jest.js --ci "$@"
