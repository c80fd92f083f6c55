# solvers: the registry, then every family folder's own sources.cmake (a new family adds its
# folder with its sources.cmake, and registers its solvers in solvers.def).
list(APPEND EC_SOURCES c/solvers/registry.c)
file(GLOB EC_SOLVER_FAMILIES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*/sources.cmake)
list(SORT EC_SOLVER_FAMILIES)
foreach(family ${EC_SOLVER_FAMILIES})
  include(${family})
endforeach()
