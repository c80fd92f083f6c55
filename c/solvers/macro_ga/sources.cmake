# the macro_ga family's sources (c/solvers/sources.cmake includes every family's list).
list(APPEND EC_SOURCES
  c/solvers/macro_ga/macro_ga.c c/solvers/macro_ga/macros.c c/solvers/macro_ga/individual.c c/solvers/macro_ga/islands.c)
