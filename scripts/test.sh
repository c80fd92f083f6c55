#!/usr/bin/env bash
# test.sh - every suite, after scripts/build.sh, in this order:
#   layers   scripts/check-layers.mjs: the JavaScript import rules (web/lib without a DOM, features
#            apart, scripts on web/lib only, only core.mjs touching the wasm module), the code
#            rules (an element id in one feature, no solver name compared, no function over 80
#            lines), and the include and link-level layer rules of c/ (no up-include, no cycle
#            between files or folders)
#   ctest    every C suite natively (labels `unit` and `slow`, CMakeLists.txt)
#   errors   scripts/c-error-coverage.mjs: every `return EC_E_*` of c/ reached by a C suite
#            (clang source-based coverage, build/coverage) or listed with its reason in
#            tests/coverage/unreachable-errors.json
#   mutants  the mutation gallery's native-only C mutants (scripts/mutants.mjs --fast, on two
#            scratch copies at once): each applied to a scratch copy must make one of the
#            ctest suites it names (or each solver's first golden run, golden-first) fail
#   asan     the C code again under ASan+UBSan (clang, build/asan): every `unit` suite, the
#            `slow` suites named in EC_ASAN_SLOW (those quick under the sanitizers), and every
#            registered solver's first golden run through the sanitized CLI, which must equal
#            the pinned run (scripts/golden.mjs); EC_ASAN_SLOW="a|b" names other slow
#            suites for it (empty: none), `ctest --test-dir build/asan` runs them all
#   fuzz     each libFuzzer target for EC_FUZZ_SECONDS (30) seconds (ASan, UBSan)
#   jest     the Jest suites against the real wasm module in Node (tests/js, two workers; tests/js/slurm.test.mjs
#            starts a single-node Slurm, or says why it skips) and in headless
#            Chromium (tests/e2e), and the cross-engine set (tests/e2e/engines-*.test.mjs) in
#            Firefox ESR and WebKitGTK too (scripts/engines.mjs); arguments to this script go to Jest; every test file's
#            time is printed after Jest's output (scripts/jest-times.mjs)
# Each suite's own time: ctest prints it per C suite, jest-times per test file; the stage
# summaries name the slowest.
# Each stage prints one summary line (what ran, how many, seconds); the lines are repeated at
# the end, also when a stage fails.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
log=$(mktemp -d)
summary=()
t0=0
stage=
finish() {
  local rc=$?
  bg_stop
  rm -rf "$log"
  [ "$rc" -ne 0 ] && [ -n "$stage" ] && summary+=("$(printf '%-7s FAILED (exit %s) after %s s' "$stage" "$rc" "$(secs)")")
  if [ ${#summary[@]} -gt 0 ]; then
    echo "== summary"
    printf '%s\n' "${summary[@]}"
  fi
}
trap finish EXIT
secs() { awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
# begin NAME TITLE: a stage starts; end TEXT: its summary line (what ran, how many, seconds)
begin() { stage=$1; echo "== $2"; t0=$(date +%s.%N); }
end() {
  summary+=("$(printf '%-7s %s in %s s' "$stage" "$1" "$(secs)")")
  echo "-- ${summary[-1]}"
  stage=
}
# The builds the later stages need (build/coverage, build/asan, build/fuzz) start in the
# background a stage or two before theirs, at nice 10, so they use the idle time of the
# stage running meanwhile (ctest's tail, where the optimal suites wait on their table fixture
# or one long suite runs alone) instead of starting from nothing in their own stage; their
# stage waits for them (a failed build prints its output and fails the stage). None runs
# during the Jest stage.
# bg NAME COMMAND: start it (its own process group); bg_wait NAME: its end; bg_stop: end any
# still running (the script stops early)
declare -A bg_pid=()
bg() { setsid -w nice -n 10 bash -c "$2" >"$log/bg-$1" 2>&1 & bg_pid[$1]=$!; }
bg_wait() {
  local rc=0
  wait "${bg_pid[$1]}" || rc=$?
  unset "bg_pid[$1]"
  if [ "$rc" -ne 0 ]; then cat "$log/bg-$1"; echo "test.sh: the $1 build failed (exit $rc)"; return "$rc"; fi
}
bg_stop() {
  local p
  for p in "${bg_pid[@]}"; do kill -- "-$p" 2>/dev/null || true; done
  for p in "${bg_pid[@]}"; do wait "$p" 2>/dev/null || true; done
}
# ctest_count FILE: "N suites passed" from ctest's own last lines
ctest_count() { sed -n 's/.*tests passed, 0 tests failed out of \([0-9]*\).*/\1 suites passed/p' "$1" | tail -1; }
# ctest_slowest FILE N: "slowest: a 9.3 s, b 3.7 s" from ctest's per-suite lines (each suite's
# time is in ctest's own output above it; every suite has a TIMEOUT, CMakeLists.txt)
ctest_slowest() {
  sed -n 's/.*Test *#[0-9]*: \([A-Za-z0-9_]*\) .* \([0-9.]*\) sec$/\2 \1/p' "$1" | sort -rn | head -"$2" |
    awk '{ printf "%s%s %.1f s", (NR > 1 ? ", " : "slowest: "), $2, $1 }'
}

# The slow suites that also run under the sanitizers: those that take under 5 s there (ASan+UBSan,
# Debug -O1, one core: test_groups 4.4 s, test_twophase 4.5, test_twes 2.4, test_swarm 1.4).
# test_hugo_solve (10.7 s, the stage's longest) is left out: its code runs under the sanitizers
# in test_hugo_parts, test_hugo_twogen and the hugo golden run below. test_nomem_plan (9 s there)
# is in: its failing allocations are where the leak check finds what the native run cannot.
EC_ASAN_SLOW=${EC_ASAN_SLOW-test_groups|test_twophase|test_twes|test_swarm|test_islands|test_optima|test_nomem_plan}

begin layers "layers (scripts/check-layers.mjs)"
node scripts/check-layers.mjs | tee "$log/layers"
end "$(sed -n 's/^check-layers: \(js\|code\|includes\|links\): /\1: /p' "$log/layers" | paste -sd';' | sed 's/;/; /g'); $(sed -n 's/^check-layers: ok (\(.*\))/\1/p' "$log/layers")"

bg coverage "node scripts/c-error-coverage.mjs --build-only"
begin ctest "ctest (native, labels unit and slow)"
ctest --test-dir build/native --output-on-failure --no-tests=error -j "$jobs" | tee "$log/ctest"
end "$(ctest_count "$log/ctest") natively ($(ctest --test-dir build/native -N -L unit | sed -n 's/Total Tests: //p') unit, $(ctest --test-dir build/native -N -L slow | sed -n 's/Total Tests: //p') slow); $(ctest_slowest "$log/ctest" 3)"

# the C core's error returns reached by the suites (scripts/c-error-coverage.mjs: clang's
# source-based coverage in build/coverage, every suite once): each `return EC_E_*` must be
# reached by a test or listed, with its reason, in tests/coverage/unreachable-errors.json
begin errors "error returns reached by the C suites (scripts/c-error-coverage.mjs, clang coverage)"
bg asan "{ [ -f build/asan/CMakeCache.txt ] || CC=clang cmake -S . -B build/asan -DEC_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug; } && cmake --build build/asan -j $jobs"
bg_wait coverage
node scripts/c-error-coverage.mjs --no-build | tee "$log/errors"
end "$(sed -n 's/^c-error-coverage: \([0-9]* of [0-9]* error returns reached, [0-9]* listed as unreachable, [0-9]* listed as untested\).*/\1/p' "$log/errors" | tail -1)"

# the mutation gallery's fast part: every native-only C mutant (tests/mutants/gallery.json)
# applied in turn to a scratch copy, each must make one of its ctest suites fail; two scratch
# copies at once (--shards 2: build/mutants/src and src-1, incremental builds, half the mutants
# each, one core each, so one mutant's single-threaded rebuild and test overlap another's);
# `npm run mutants` runs the whole gallery (wasm and web too).
# --no-baseline: the unmutated run of each named suite is the ctest stage above, on the same
# sources (this script stops there if one fails), and the golden runs are the jest stage's
# golden.test.mjs, so the mutants stage does not run them a second time
begin mutants "mutants (the gallery's native-only C mutants, scripts/mutants.mjs --fast)"
bg fuzz "bash scripts/fuzz.sh --build"
node scripts/mutants.mjs --fast --no-baseline --shards 2 | tee "$log/mutants"
end "$(sed -n 's/^mutants: \([0-9]* of [0-9]*\) killed.*/\1 native-only mutants killed/p' "$log/mutants" | tail -1), each by a ctest suite or a first golden run"

begin asan "ctest under AddressSanitizer and UndefinedBehaviorSanitizer (clang)"
bg_wait asan # configured and built in the background since the errors stage began
export ASAN_OPTIONS=detect_leaks=1
# one ctest call (so -j uses both cores): every `unit` suite, and the slow ones named above
unit=$(ctest --test-dir build/asan -N -L unit | sed -n 's/^ *Test *#[0-9]*: //p' | paste -sd'|')
ctest --test-dir build/asan --output-on-failure --no-tests=error -j "$jobs" -R "^(${unit}${EC_ASAN_SLOW:+|$EC_ASAN_SLOW})\$" | tee "$log/asan"
# every registered solver end to end through the sanitized CLI: its first golden run (a 6-move
# scramble, default params, progress streamed), which must equal the pinned run
node scripts/golden.mjs build/asan/evocube_native --first | tee "$log/asan-golden"
end "$(ctest_count "$log/asan") ($(ctest_slowest "$log/asan" 2)) ($(echo "$unit" | tr '|' '\n' | grep -c .) unit, slow: ${EC_ASAN_SLOW:-none}); $(sed -n 's/^golden: \([0-9]* of [0-9]* runs ([0-9]* solvers)\).*/\1/p' "$log/asan-golden") equal the golden runs, under ASan+UBSan"

# the three targets side by side (built first, then fuzzed at once: the stage takes one target's
# time on two cores instead of three); each one's output is printed whole when it ends
begin fuzz "fuzz each target for ${EC_FUZZ_SECONDS:-30} s at once (libFuzzer, ASan, UBSan)"
bg_wait fuzz # built in the background since the mutants stage began (scripts/fuzz.sh --build)
pids=()
for t in notation facelets link; do
  EC_FUZZ_BUILT=1 bash scripts/fuzz.sh "$t" "${EC_FUZZ_SECONDS:-30}" >"$log/fuzz-$t" 2>&1 &
  pids+=($!)
done
fuzz_rc=0
for p in "${pids[@]}"; do wait "$p" || fuzz_rc=1; done
cat "$log"/fuzz-notation "$log"/fuzz-facelets "$log"/fuzz-link | tee "$log/fuzz"
[ "$fuzz_rc" -eq 0 ]
end "3 targets, $(awk '/executions in/ { n += $3 } END { print n + 0 }' "$log/fuzz") executions, no crash"

# jest_slowest FILE N: the N slowest test files from scripts/jest-times.mjs's lines (the
# reporter prints every file's time after Jest's own output)
jest_slowest() {
  grep -E '^jest-times: .* s  tests/' "$1" | head -"$2" |
    awk '{ printf "%s%s %s s", (NR > 1 ? ", " : "slowest: "), $4, $2 }'
}
# jest_counts FILE WHAT: "a passed, b total" summed over the Jest runs in FILE ("Test Suites:"
# or "Tests:" lines; a run's failures are named too)
jest_counts() {
  grep -E "^$2:" "$1" | sed "s/^$2: *//" | tr ',' '\n' |
    awk '{ n[$2] += $1 } END { s = ""; for (k in n) if (k != "total") s = s n[k] " " k ", "; print s n["total"] " total" }'
}
# The Node suites (tests/js: the wasm core, the CLI, no browser) on both cores; then the page's
# suites (tests/e2e) one file at a time, since several of them measure frame rates, paces and
# gaps that a second browser on the same two cores would disturb. Arguments name the files to
# run instead (one Jest run, as Jest's defaults choose).
jest=(node --experimental-vm-modules --no-warnings node_modules/jest/bin/jest.js --ci)
begin jest "jest (wasm in Node on two workers, then the page in Chromium one file at a time)"
if [ $# -gt 0 ]; then
  "${jest[@]}" "$@" 2>&1 | tee "$log/jest"
else
  # both run whatever the first gives, so one run shows every failure; the stage fails after
  js_rc=0
  "${jest[@]}" --maxWorkers=2 tests/js 2>&1 | tee "$log/jest" || js_rc=$?
  "${jest[@]}" --runInBand tests/e2e 2>&1 | tee -a "$log/jest"
  [ "$js_rc" -eq 0 ]
fi
end "suites: $(jest_counts "$log/jest" 'Test Suites'); tests: $(jest_counts "$log/jest" Tests); $(grep -E '^jest-times: .* s  tests/' "$log/jest" | sort -k2 -rn | jest_slowest /dev/stdin 4)"
