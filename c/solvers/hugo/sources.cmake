# the hugo family's sources (c/solvers/sources.cmake includes every family's list).
list(APPEND EC_SOURCES
  c/solvers/hugo/hugo.c c/solvers/hugo/descriptor.c c/solvers/hugo/ga.c c/solvers/hugo/generation.c c/solvers/hugo/optimize.c c/solvers/hugo/pairs.c c/solvers/hugo/twogen.c c/solvers/hugo/plan.c c/solvers/hugo/islands.c)
