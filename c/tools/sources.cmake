# tools: native programs on the public API (never in the core library or the wasm module).
# EC_TOOLS_SHARED is compiled into each tool that runs solvers (the run driver, run.h).
set(EC_TOOLS_SHARED c/tools/run.c)
