# the optimal family's sources: native builds and the optimal search's own wasm module only
# (EC_WITH_OPTIMAL, set by CMakeLists.txt; solvers.def lists the solver under the same name).
list(APPEND EC_OPTIMAL_SOURCES c/solvers/optimal/optimal.c)
if(EC_WITH_OPTIMAL)
  list(APPEND EC_SOURCES c/solvers/optimal/optimal.c)
endif()
