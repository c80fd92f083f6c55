#!/usr/bin/env bash
# fuzz.sh - `npm run fuzz -- <target> <seconds>`: builds the libFuzzer targets with clang
# (build/fuzz, ASan + UBSan) and fuzzes one for the given time, starting from the seed
# corpus in tests/data/fuzz/<target>/ (copied: the repository is never written). Prints
# libFuzzer's final line with the number of executions; exits non-zero on any crash.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-}
secs=${2:-30}
case "$target" in
  notation|facelets|link) ;;
  *) echo "error: name a fuzz target: notation, facelets or link" >&2; exit 2 ;;
esac
[[ "$secs" =~ ^[0-9]+$ ]] || { echo "error: seconds must be a whole number" >&2; exit 2; }
if [ ! -f build/fuzz/CMakeCache.txt ]; then
  CC=clang cmake -S . -B build/fuzz -DEC_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build build/fuzz -j "$(nproc 2>/dev/null || echo 2)" --target "fuzz_$target" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp tests/data/fuzz/"$target"/* "$work"/
log="$work/fuzz.log"
if ! ./build/fuzz/fuzz_"$target" "$work" -max_total_time="$secs" -print_final_stats=1 \
     -artifact_prefix="$work/" >"$log" 2>&1; then
  tail -40 "$log"
  echo "fuzz $target: FAILED (a crash or sanitizer report above)" >&2
  exit 1
fi
runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
echo "fuzz $target: ${runs:-?} executions in ${secs} s, no crash"
