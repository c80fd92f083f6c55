#!/usr/bin/env bash
# setup.sh - installs what evocube needs on a Debian machine that has only git, node and npm:
# CMake, a C compiler, Emscripten and the three browser engines the e2e suites drive (Chromium,
# Firefox ESR, WebKitGTK's WebKitWebDriver and MiniBrowser with Xvfb for its window) from Debian's
# archive (apt-get, only when missing), then the npm dependencies (npm ci, only when package-lock.json changed).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v cc >/dev/null 2>&1 || need+=(gcc)
command -v make >/dev/null 2>&1 || need+=(make)
command -v clang >/dev/null 2>&1 || need+=(clang)
command -v emcc >/dev/null 2>&1 || need+=(emscripten)
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/firefox-esr ] || need+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || need+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
# clang's sanitizer and libFuzzer runtimes (the sanitizer ctest and the fuzz targets)
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 || need+=(libclang-rt-dev)
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
