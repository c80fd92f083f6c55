# the twes family's sources (c/solvers/sources.cmake includes every family's list).
list(APPEND EC_SOURCES
  c/solvers/twes/twes.c c/solvers/twes/individual.c c/solvers/twes/islands.c)
