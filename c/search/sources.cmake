# search: exact search over the core's cube (coordinates, pruning tables, two-phase, near-goal
# table, random states, the distance oracle); no solver handle.
list(APPEND EC_SOURCES
  c/search/coord.c c/search/symmetry.c c/search/tables.c c/search/near.c c/search/twophase.c c/search/directions.c c/search/distance.c
  c/search/random_state.c c/search/groups.c c/search/optima.c c/search/twogen_optima.c)
# the optimal search (optimal.h): native builds and its own wasm module, never the main
# module (EC_WITH_OPTIMAL, set by CMakeLists.txt); EC_OPTIMAL_SOURCES (this list and the
# solver family's) is what the optimal module adds to the main module's sources
set(EC_OPTIMAL_SOURCES c/search/optimal_coords.c c/search/optimal.c c/search/optimal_hc.c c/search/optimal_h48.c c/search/optimal_h48x.c c/search/optimal_store.c c/search/optimal_search.c c/search/optimal_split.c)
if(EC_WITH_OPTIMAL)
  list(APPEND EC_SOURCES ${EC_OPTIMAL_SOURCES})
endif()
