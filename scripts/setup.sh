#!/usr/bin/env bash
# setup.sh [--test] - installs what evocube needs on a Debian machine that has only git, node and
# npm, from Debian's archive (apt-get, as root or through sudo, only what is missing), then the npm
# dependencies (npm ci, only when package-lock.json changed). Two sets:
#   (no flag; `npm start`)  building and serving the app: cmake, gcc and make (the native build:
#            library, CLI tool, C suites), emscripten (the wasm module the page and CLI run)
#   --test (`npm test`)     that, and what the suites drive: clang with its sanitizer and
#            libFuzzer runtimes (libclang-rt-dev: the ASan+UBSan stage, fuzzing, error-return
#            coverage), the three browser engines of the e2e suites (chromium, firefox-esr,
#            webkit2gtk-driver with xvfb for its window), and a single-node Slurm (munge,
#            slurmctld, slurmd, slurm-client: tests/js/slurm.test.mjs starts it in a temporary
#            folder; no service is enabled or configured here)
# The npm dependencies are the same for both (package-lock.json: three.js and uPlot for the page,
# esbuild for the site bundle, Jest and the browser drivers, which download no browser).
set -euo pipefail
cd "$(dirname "$0")/.."
test=0
case ${1:-} in
  --test) test=1 ;;
  '') ;;
  *) echo "usage: scripts/setup.sh [--test]" >&2; exit 2 ;;
esac

need=()
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v cc >/dev/null 2>&1 || need+=(gcc)
command -v make >/dev/null 2>&1 || need+=(make)
command -v emcc >/dev/null 2>&1 || need+=(emscripten)
if [ "$test" -eq 1 ]; then
  command -v clang >/dev/null 2>&1 || need+=(clang)
  # clang's sanitizer and libFuzzer runtimes (the sanitizer ctest and the fuzz targets)
  ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 || need+=(libclang-rt-dev)
  [ -x /usr/bin/chromium ] || need+=(chromium)
  [ -x /usr/bin/firefox-esr ] || need+=(firefox-esr)
  [ -x /usr/bin/WebKitWebDriver ] || need+=(webkit2gtk-driver)
  command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
  [ -x /usr/sbin/munged ] || need+=(munge)
  [ -x /usr/sbin/slurmctld ] || need+=(slurmctld)
  [ -x /usr/sbin/slurmd ] || need+=(slurmd)
  [ -x /usr/bin/sbatch ] || need+=(slurm-client)
fi
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]} with apt-get"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

stamp=node_modules/.evocube-lock
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  echo "setup: npm ci"
  # puppeteer-core (the Firefox driver) downloads no browser; PUPPETEER_SKIP_DOWNLOAD keeps it so
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
