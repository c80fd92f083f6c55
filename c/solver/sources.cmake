# solver: the opaque handle's services (stepping, progress queue, params, phases, verification, islands).
list(APPEND EC_SOURCES c/solver/solver.c c/solver/params.c c/solver/islands.c c/solver/reference.c)
