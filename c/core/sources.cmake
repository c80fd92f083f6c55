# core: the cube model and everything that reads or writes cubes and moves (no search, no solver).
list(APPEND EC_SOURCES
  c/core/util.c c/core/json.c c/core/memory.c c/core/rng.c c/core/geometry.c c/core/cube.c
  c/core/facelets.c c/core/notation.c c/core/scramble.c c/core/frame.c c/core/packed.c c/core/hash.c c/core/perm.c
  c/core/stickers.c)
