# tools: native programs on the public API (never in the core library or the wasm module).
# EC_TOOLS_SHARED is compiled into each tool that runs solvers (the run driver, run.h).
set(EC_TOOLS_SHARED c/tools/run.c)
# the optimal search's table cache, threaded build and threaded search (POSIX threads), in
# the tools that run it (native CLI, bench_optimal) when the optimal search is built
if(EC_WITH_OPTIMAL)
  set(EC_TOOLS_OPTIMAL c/tools/optimal_tool.c)
endif()
