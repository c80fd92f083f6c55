/*
 * optimal_tool.h - the native tools' side of the optimal search (c/search/optimal.h): the
 * table kept in the user's cache folder, its build on several threads, and a search that
 * splits each depth over threads.
 *
 * Cache: $XDG_CACHE_HOME/evocube/optimal-<level>.tbl, else $HOME/.cache/evocube/...; the
 * file is the table's stored form (ec_optimal_table_export), written to a temporary name in
 * the same folder and renamed, so a reader never sees half a file. On load the core checks
 * header and checksum (ec_optimal_table_import); a refused file is reported (warning on
 * stderr with the core's reason), rebuilt and rewritten.
 * Threads: the build is ec_optimal_table_build_step_threads's (its backward passes and the
 * h48 table's forward ones split over the caller and the optimal solver's parked pool
 * threads in chunks of classes taken from a shared counter; the other forward passes, small,
 * on the calling thread); the same bytes whatever the thread count. The search splits each depth's tree by its
 * first two moves (243 canonical prefixes, opt_split in optimal.h), taken from a shared
 * counter: the depth's solution is the lowest prefix's that has one (every lower prefix
 * searched to its end), so the result is the same whatever the thread count and timing, and
 * the same as the solver's. The search's threads live only inside its call.
 */
#ifndef EC_OPTIMAL_TOOL_H
#define EC_OPTIMAL_TOOL_H

#include <stdint.h>

#include "evocube.h"

/* The cache file's path for a level into out (EC_E_BUFFER when it does not fit; EC_E_NULL
 * when neither XDG_CACHE_HOME nor HOME is set). */
int ec_tool_optimal_cache_path(int level, char *out, int size);
/* Build the table of `level` with `threads` threads (>= 1); *seconds (may be NULL) its wall
 * time. EC_OK or the core's error. */
int ec_tool_optimal_build(int level, int threads, double *seconds);
/* Make the table of `level` held: already held, else loaded from the cache (checked), else
 * built with `threads` and written to the cache (a write failure is a warning: the table is
 * still held). *built (may be NULL) says whether it was built. `quiet`: no notes on stderr
 * (warnings about refused or unwritable files are printed all the same). */
int ec_tool_optimal_table(int level, int threads, int quiet, int *built, char *msg, int msgsize);
/* The optimum of c with `threads` threads: EC_OK with *len and moves[0..*len-1] (cap >= 20),
 * *nodes the search nodes of all threads; EC_BOUND when max_nodes (> 0; 0: no cap) were spent
 * first (*len is then a proven lower bound); EC_E_STATE without a table. */
int ec_tool_optimal_solve(const ec_cube *c, int threads, int64_t max_nodes, int *len, uint8_t *moves, int cap,
                          int64_t *nodes);

#endif
