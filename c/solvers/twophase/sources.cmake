# the twophase family's sources (c/solvers/sources.cmake includes every family's list).
list(APPEND EC_SOURCES
  c/solvers/twophase/twophase.c)
