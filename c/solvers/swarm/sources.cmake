# the swarm family's sources (c/solvers/sources.cmake includes every family's list).
list(APPEND EC_SOURCES
  c/solvers/swarm/common.c c/solvers/swarm/greedy.c c/solvers/swarm/pso.c c/solvers/swarm/aco.c c/solvers/swarm/dkho.c)
