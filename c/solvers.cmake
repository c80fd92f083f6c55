set(EC_SOLVER_SOURCES)
list(APPEND EC_SOLVER_SOURCES c/hugo.c c/hugo_ga.c c/hugo_cube.c c/twogen.c)
