#!/usr/bin/env bash
# fuzz.sh - `npm run fuzz -- <target> <seconds>`: builds the libFuzzer targets with clang
# (build/fuzz, ASan + UBSan; `-- --build` builds them all and fuzzes none) and fuzzes one
# for the given time, starting from the seed corpus in tests/data/fuzz/<target>/ (copied;
# what the run adds is thrown away). Prints libFuzzer's final line with the number of
# executions; exits non-zero on any crash, hang (an input that runs over 10 s) or memory
# blow-up. The input that failed is kept: libFuzzer
# writes it to build/fuzz-artifacts/<target>/, and it is also added to the seed corpus
# (tests/data/fuzz/<target>/crash-<sha1> etc.; commit it with the fix), so every later run
# replays it first and fails again until the bug is fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-}
secs=${2:-30}
case "$target" in
  notation|facelets|link|--build) ;;
  *) echo "error: name a fuzz target: notation, facelets or link" >&2; exit 2 ;;
esac
[[ "$secs" =~ ^[0-9]+$ ]] || { echo "error: seconds must be a whole number" >&2; exit 2; }
if [ ! -f build/fuzz/CMakeCache.txt ]; then
  CC=clang cmake -S . -B build/fuzz -DEC_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
# --build: build every target and stop (scripts/test.sh, before it fuzzes them at once);
# EC_FUZZ_BUILT=1: the targets are built, so runs at once never build in one folder together
if [ "$target" = --build ]; then
  cmake --build build/fuzz -j "$(nproc 2>/dev/null || echo 2)" --target fuzz_notation fuzz_facelets fuzz_link >/dev/null
  exit 0
fi
[ "${EC_FUZZ_BUILT:-}" = 1 ] || cmake --build build/fuzz -j "$(nproc 2>/dev/null || echo 2)" --target "fuzz_$target" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp tests/data/fuzz/"$target"/* "$work"/
log="$work/fuzz.log"
art="build/fuzz-artifacts/$target"
mkdir -p "$art"
if ! ./build/fuzz/fuzz_"$target" "$work" -max_total_time="$secs" -print_final_stats=1 -timeout=10 \
     -artifact_prefix="$art/" >"$log" 2>&1; then
  tail -40 "$log"
  kept=0
  for f in "$art"/crash-* "$art"/leak-* "$art"/timeout-* "$art"/oom-* "$art"/slow-unit-*; do
    [ -f "$f" ] || continue
    cp "$f" "tests/data/fuzz/$target/"
    echo "fuzz $target: the failing input is kept as $f and added to the corpus as tests/data/fuzz/$target/$(basename "$f")" >&2
    kept=$((kept + 1))
  done
  [ "$kept" -gt 0 ] || echo "fuzz $target: no input file was written (see the report above)" >&2
  echo "fuzz $target: FAILED (a crash or sanitizer report above)" >&2
  exit 1
fi
runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
echo "fuzz $target: ${runs:-?} executions in ${secs} s, no crash"
