set(EC_SOLVER_SOURCES)
list(APPEND EC_SOLVER_SOURCES c/frame.c c/macro_ga.c)
