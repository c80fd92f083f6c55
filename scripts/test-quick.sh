#!/usr/bin/env bash
# test-quick.sh - the quick tier (`npm run test:quick`), after scripts/build.sh: brings
# build/native and the wasm module up to date (incremental), then
#   layers   scripts/check-layers.mjs (every pass: C includes and links, JavaScript imports
#            and code; about a second)
#   ctest    the C suites labelled `unit` natively (CMakeLists.txt: each under 0.5 s of CPU)
#   jest     the Node Jest suites below, each under 5 s on a loaded 2-core machine by
#            scripts/jest-times.mjs (the others, the CLI, batch, golden, determinism, islands,
#            soak, mutants and the longer solver suites, take 7-55 s each there)
# and prints each stage's time and the total. No sanitizers, fuzzing, Chromium or slow
# suites: scripts/test.sh runs everything. Arguments go to Jest.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs} # Debian's Emscripten finds its acorn here
JEST_QUICK=(
  tests/js/alg-input.test.mjs
  tests/js/core.test.mjs
  tests/js/crosscheck.test.mjs
  tests/js/experiment.test.mjs
  tests/js/export.test.mjs
  tests/js/hugo.test.mjs
  tests/js/notation.test.mjs
  tests/js/run-model.test.mjs
  tests/js/share.test.mjs
  tests/js/site-size.test.mjs
  tests/js/status-codes.test.mjs
  tests/js/twophase.test.mjs
  tests/js/watch-data.test.mjs
)
for d in build/native build/wasm; do
  [ -f "$d/CMakeCache.txt" ] || { echo "test-quick: $d is not configured; run scripts/build.sh first" >&2; exit 1; }
done
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
t0=$(now)
jobs=$(nproc 2>/dev/null || echo 2)
[ "$jobs" -gt 2 ] && jobs=2
cmake --build build/native -j "$jobs" >/dev/null
cmake --build build/wasm -j "$jobs" >/dev/null
build=$(since "$t0")
tl=$(now)
node scripts/check-layers.mjs | grep -v '^allowed (known' # the findings ALLOW lists are counted on its last line
layers_s=$(since "$tl")
t1=$(now)
ctest --test-dir build/native -L unit --output-on-failure --no-tests=error -j "$jobs"
ctest_s=$(since "$t1")
t2=$(now)
node --experimental-vm-modules node_modules/jest/bin/jest.js "${JEST_QUICK[@]}" "$@"
jest_s=$(since "$t2")
echo "test-quick: build ${build} s, layers ${layers_s} s, ctest -L unit ${ctest_s} s, jest (${#JEST_QUICK[@]} files) ${jest_s} s; total $(since "$t0") s"
