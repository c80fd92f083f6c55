set(EC_SOLVER_SOURCES)
list(APPEND EC_SOLVER_SOURCES c/groups.c c/twes.c)
