# the optimal family's sources: native builds and the optimal search's own wasm modules only
# (EC_WITH_OPTIMAL, set by CMakeLists.txt; solvers.def lists the solver under the same name).
# pool.c has threads (build.c: the table's build on them) under EC_OPTIMAL_THREADS (native builds, the threaded wasm module).
list(APPEND EC_OPTIMAL_SOURCES c/solvers/optimal/optimal.c c/solvers/optimal/pool.c c/solvers/optimal/build.c)
if(EC_WITH_OPTIMAL)
  list(APPEND EC_SOURCES c/solvers/optimal/optimal.c c/solvers/optimal/pool.c c/solvers/optimal/build.c)
endif()
