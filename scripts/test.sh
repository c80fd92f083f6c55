#!/usr/bin/env bash
# test.sh - every suite: the C unit tests (ctest), then the Jest suites against the real
# wasm module in Node (tests/js) and in headless Chromium (tests/e2e); the C tests again
# under ASan+UBSan, and 30-second libFuzzer runs of each parser (EC_FUZZ_SECONDS).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

echo "== ctest (native)"
ctest --test-dir build/native --output-on-failure -j "$jobs"

echo "== ctest under AddressSanitizer and UndefinedBehaviorSanitizer (clang)"
if [ ! -f build/asan/CMakeCache.txt ]; then
  CC=clang cmake -S . -B build/asan -DEC_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
fi
cmake --build build/asan -j "$jobs" >/dev/null
ASAN_OPTIONS=detect_leaks=1 ctest --test-dir build/asan --output-on-failure -j "$jobs"

echo "== fuzz each target for ${EC_FUZZ_SECONDS:-30} s (libFuzzer, ASan, UBSan)"
for t in notation facelets link; do bash scripts/fuzz.sh "$t" "${EC_FUZZ_SECONDS:-30}"; done

echo "== jest (wasm in Node, and the page in Chromium)"
node --experimental-vm-modules --no-warnings node_modules/jest/bin/jest.js --ci "$@"
