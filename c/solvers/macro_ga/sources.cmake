# the macro_ga family's sources (c/solvers/sources.cmake includes every family's list).
list(APPEND EC_SOURCES
  c/solvers/macro_ga/macro_ga.c)
