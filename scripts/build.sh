#!/usr/bin/env bash
# build.sh - builds the native core, CLI tool and ctest suites (build/native), the wasm
# module (web/gen/evocube.mjs + .wasm; and the optimal search's, web/gen/optimal.mjs + .wasm,
# loaded on demand) with Emscripten, and copies the browser
# dependencies from node_modules into web/vendor so the repository root serves every asset
# itself (the unbundled development site), and writes web/gen/shell.json (the files'
# SHA-256, checked by the service worker). Then the static site users get: dist/ (bundled,
# minified, content-hashed; scripts/build-site.mjs), with its size.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
jobs=$(nproc 2>/dev/null || echo 2)
# Debian's Emscripten finds its JS optimizer's acorn here.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}

cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j "$jobs"

mkdir -p web/gen
if [ ! -f build/wasm/CMakeCache.txt ]; then
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DEC_WASM_OUT_DIR="$root/web/gen" >/dev/null
fi
cmake --build build/wasm -j "$jobs"

mkdir -p web/vendor
cp node_modules/three/build/three.module.js web/vendor/three.module.js
[ -f node_modules/three/build/three.core.js ] && cp node_modules/three/build/three.core.js web/vendor/three.core.js
rm -rf web/vendor/addons # (the 3D view's camera control is web/page/stage/orbit.mjs)
# uPlot with its number formatter's locale fallback (scripts/build-site.mjs, uplotSource)
node --input-type=module -e "import { uplotSource } from './scripts/build-site.mjs'; process.stdout.write(uplotSource());" > web/vendor/uPlot.esm.js
cp node_modules/uplot/dist/uPlot.min.css web/vendor/uPlot.min.css
# the hashes the service worker checks before it caches a file (after every file is in place)
node scripts/shell-manifest.mjs
echo "build: native in build/native, wasm in web/gen"
node scripts/build-site.mjs
