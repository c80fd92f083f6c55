# solvers: the registry and one folder per family (register a solver in solvers.def too).
list(APPEND EC_SOURCES
  c/solvers/registry.c
  c/solvers/twophase/twophase.c
  c/solvers/hugo/hugo.c c/solvers/hugo/ga.c c/solvers/hugo/pairs.c c/solvers/hugo/twogen.c
  c/solvers/twes/twes.c c/solvers/twes/individual.c c/solvers/twes/islands.c
  c/solvers/macro_ga/macro_ga.c
  c/solvers/swarm/common.c c/solvers/swarm/greedy.c c/solvers/swarm/pso.c c/solvers/swarm/aco.c
  c/solvers/swarm/dkho.c)
