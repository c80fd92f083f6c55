/*
 * evocube.h - the one public header of the evocube C core.
 *
 * What it is: a 3x3x3 Rubik's Cube model (cubies and 54-sticker facelets), move notation,
 * a seeded PRNG, and stepped solvers (exact two-phase and evolutionary ones) behind one
 * opaque handle. The same code builds natively and, through Emscripten, as WebAssembly.
 *
 * Rules every function follows:
 *   - returns int: 0 (EC_OK) or a positive status (EC_RUNNING, EC_DONE, EC_GAVE_UP,
 *     EC_EPOCH, EC_BOUND) on success, a negative EC_E_* code on failure; ec_strerror()
 *     gives the generic text (pure value helpers return values or nothing, as declared);
 *   - output goes to caller-provided buffers with their sizes; only ec_*_new allocates,
 *     paired with ec_*_free;
 *   - where a function takes (char *msg, int msgsize), a failure also writes a specific,
 *     human message there (naming the token, position, sticker or param); msg may be NULL;
 *   - no printing, no exit, no clock: budgets are counted in work units;
 *   - deterministic: randomness comes only from the seeded PRNG.
 *
 * Input texts: every function that reads a text has an `_n` form taking the text WITH ITS
 * LENGTH in bytes (const char *text, int len; NULL with len 0 is the empty text), and a
 * NUL-ended form for C callers (the same function over strlen(text)). Every byte of the len
 * is read: a NUL, another control character or a byte that is not UTF-8 is refused with
 * EC_E_CHAR naming it and its position, never taken as the end of the text. Untrusted
 * input (the wasm exports in c/exports.json, the native CLI's standard input, the fuzz
 * targets) goes through the `_n` forms only.
 *
 * Each declaration below says what its parameters are and what it returns, as "in:" and
 * "out:" for parameters and "=>" for the return. Common to all, and not repeated:
 *   - a pointer parameter is required (NULL: EC_E_NULL) unless it says "may be NULL";
 *   - (msg, msgsize): the specific message above, written on failure and sometimes on
 *     success ("ok", "solved"); msg may be NULL;
 *   - an output text (out or buf, `size` bytes) that does not fit gives EC_E_BUFFER, the
 *     buffer holding what fitted, NUL-ended (whole moves of an alg, a cut prefix of JSON),
 *     unless the function says nothing is written;
 *   - "a text fault" is EC_E_CHAR or EC_E_INPUT_SIZE; "a cube fault" is one of
 *     EC_E_FACELETS_LENGTH..EC_E_PARITY (the first that holds, in that order); "a parse
 *     error" is a text fault or one of EC_E_TOKEN..EC_E_NESTING (ec_alg_parse; among them
 *     EC_E_ALG_MOVES, an alg of more than EC_MAX_ALG_MOVES moves);
 *   - outputs are written only on success unless said otherwise.
 *
 * Conventions (see shared/DESIGN.md):
 *   - facelets: 54 chars in Kociemba's order U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9,
 *     each letter naming the face whose centre has that sticker's colour. Solved is
 *     "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB". Centres may sit anywhere
 *     (a re-oriented cube is valid); solvers solve the cube as it sits, turns named by
 *     position.
 *   - face-turn codes 0..17: face*3 + (quarter turns - 1), faces U=0 R=1 F=2 D=3 L=4 B=5,
 *     so 0=U 1=U2 2=U' 3=R ... 17=B'.
 */
#ifndef EVOCUBE_H
#define EVOCUBE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EC_VERSION "0.1.0"

/* ------------------------------------------------------------------ status codes */

/* Success and progress statuses. */
#define EC_OK 0       /* the call did what it says */
#define EC_RUNNING 1  /* a stepped solver has more work to do: call ec_solver_step again */
#define EC_DONE 2     /* a stepped solver found a solution, verified it, and stopped */
#define EC_GAVE_UP 3  /* a stepped solver used its whole budget without solving the cube;
                         no solution is claimed */
#define EC_EPOCH 4    /* an island (ec_solver_new_island, islands > 1) has done its epoch's
                         generations: it waits for ec_solver_migrants_import before going on
                         (its status stays EC_RUNNING) */
#define EC_BOUND 5    /* an exact-optimum search (ec_optimum_*) spent its node budget first:
                         the length it gives is a lower bound (the optimum is at least it) */

/* Errors of arguments and buffers. */
#define EC_E_NULL -1        /* a required pointer argument was NULL */
#define EC_E_BUFFER -2      /* an output buffer is too small for the result; nothing partial
                               is claimed (the buffer holds a truncated, NUL-ended text) */
#define EC_E_RANGE -3       /* a numeric argument is outside its documented range */
#define EC_E_NOMEM -4       /* an allocation failed */
#define EC_E_INPUT_SIZE -5  /* an input text is longer than the core accepts
                               (EC_MAX_ALG_CHARS, EC_MAX_PARAMS_CHARS); rejected before parsing */
#define EC_E_CHAR -6        /* an input text has a NUL or another control character (U+0000..
                               U+001F other than tab, line feed, carriage return; U+007F..U+009F),
                               or bytes that are not well-formed UTF-8; msg names the character
                               (U+0000) or byte (0xFF) and its 1-based character position.
                               Checked first, on every text, before anything else is read. */
#define EC_E_INTERNAL -7    /* the core failed one of its own consistency checks (a table's
                               build-time check, a solver declaring more params than
                               EC_MAX_PARAMS): a bug in the core, never caused by input;
                               nothing was searched */

/* Faults of a user's cube (facelet string), one code per fault, checked in this order. */
#define EC_E_FACELETS_LENGTH -10  /* not exactly 54 characters */
#define EC_E_FACELETS_CHAR -11    /* a character that is not one of U R F D L B */
#define EC_E_COLOR_COUNT -12      /* a colour does not appear exactly 9 times */
#define EC_E_CENTERS -13          /* the six centres are not six distinct colours */
#define EC_E_CENTERS_MIRROR -14   /* six distinct centres, but no rotation of a real cube puts
                                     them there (opposite colours not opposite, or mirrored) */
#define EC_E_EDGE_INVALID -15     /* an edge whose two colours no edge piece has */
#define EC_E_EDGE_DUPLICATE -16   /* the same edge piece appears twice */
#define EC_E_CORNER_INVALID -17   /* a corner whose three colours (in their clockwise order) no
                                     corner piece has */
#define EC_E_CORNER_DUPLICATE -18 /* the same corner piece appears twice */
#define EC_E_FLIP -19             /* total edge flip is odd: one edge is flipped */
#define EC_E_TWIST -20            /* total corner twist is not 0 mod 3: a corner is twisted */
#define EC_E_PARITY -21           /* corner and edge permutation parities differ: two pieces
                                     are swapped */

/* Faults of move notation. msg names the token and its 1-based character position. */
#define EC_E_TOKEN -30          /* a token that is no move (e.g. "Q", "4R", "3Rw", "R'2") */
#define EC_E_PAREN_OPEN -31     /* a "(" that is never closed */
#define EC_E_PAREN_CLOSE -32    /* a ")" without a matching "(" */
#define EC_E_REPEAT -33         /* a repetition count after ")" too large or with a leading 0 */
#define EC_E_ALG_MOVES -34      /* the alg (after expanding repetitions) has more than
                                   EC_MAX_ALG_MOVES moves */
#define EC_E_NESTING -35        /* parentheses nested deeper than EC_MAX_NESTING */
#define EC_E_NOT_FACE_TURNS -36 /* a move that is not one of the 18 face turns where only
                                   face turns are allowed */

/* Solver errors. */
#define EC_E_SOLVER_UNKNOWN -40 /* no solver has that name (ec_solver_list names them) */
#define EC_E_PARAM_UNKNOWN -41  /* a param key the chosen solver does not have */
#define EC_E_PARAM_VALUE -42    /* a param value that is not a number (or not a known preset) */
#define EC_E_PARAM_RANGE -43    /* a param value outside its range (msg gives the range) */
#define EC_E_STATE -44          /* a call that does not fit the solver's state, e.g. asking
                                   for the solution of a run that has not finished */
#define EC_E_NOT_SOLVED -45     /* a solution that, applied to its cube, does not solve it;
                                   a solver never returns one: this is what verify reports */
#define EC_E_SEED -46           /* a seed text that is not an integer in 0..4294967295 */
#define EC_E_MIGRANTS -47       /* a migrant buffer that is malformed (header, sizes, a gene or
                                   move out of range); msg names the byte offset */
#define EC_E_GROUP -48          /* an optimum asked of a cube outside the stage's start group
                                   (e.g. Thistlethwaite's G1 -> G2 of a cube not in G1) */
#define EC_E_TABLE -49          /* a stored optimal-search table that is truncated, corrupted
                                   or written by another build (msg names which); not loaded */

/* Limits at the C boundary. */
#define EC_MAX_ALG_CHARS 20000   /* bytes of alg text accepted by any parser */
#define EC_MAX_ALG_MOVES 4000    /* moves after expanding repetitions; 4 characters each
                                    formatted, so any alg formats within EC_MAX_ALG_CHARS */
#define EC_MAX_NESTING 16        /* depth of nested parentheses */
#define EC_MAX_PARAMS_CHARS 2000 /* bytes of a solver params text */
#define EC_FACELETS_SIZE 55      /* 54 characters and the terminating NUL */
/* Memory. The wasm module's memory may grow to EC_MEMORY_MAX bytes (CMakeLists.txt reads
 * this line for emcc's MAXIMUM_MEMORY); a solver run whose params need more than
 * EC_RUN_MEMORY_MAX at its start (the rest holds the tables, about 10 MB, the caller's
 * buffers and the allocator's growth) is refused by ec_solver_new with EC_E_PARAM_RANGE,
 * naming the param and the limit, natively too, so both builds refuse the same runs. */
#define EC_MEMORY_MAX 268435456     /* 256 MB */
#define EC_RUN_MEMORY_MAX 134217728 /* 128 MB */

#define EC_MAX_ISLANDS 64        /* islands of one run (ec_solver_new_island) */

/* The generic text of a status or error code ("ok", "unknown move", ...).
 * in: code. out: buf (size >= 1; always NUL-ended).
 * => EC_OK; EC_E_BUFFER; EC_E_RANGE for a code that is none of the above (buf says so). */
int ec_strerror(int code, char *buf, int size);
/* The library version, EC_VERSION. out: buf. => EC_OK or EC_E_BUFFER. */
int ec_version(char *buf, int size);
/* Bytes the core's allocator holds right now (for soak tests; at most INT_MAX).
 * => the bytes (>= 0), or EC_E_RANGE where the platform's allocator cannot tell. */
int ec_memory_in_use(void);

/* ------------------------------------------------------------------ cube model */

/*
 * A cube as a group element: which corner/edge cubie sits in each slot and how it is
 * turned. Slots and cubies are numbered as Kociemba does: corners URF UFL ULB UBR DFR DLF
 * DBL DRB, edges UR UF UL UB DR DF DL DB FR FL BL BR. co[i] in 0..2 (clockwise twist of
 * the cubie in slot i), eo[i] in 0..1. Centres are fixed: a facelet string with centres
 * elsewhere is first re-oriented (its colours renamed after the centres they match).
 */
typedef struct ec_cube {
    uint8_t cp[8], co[8], ep[12], eo[12];
} ec_cube;

/* The four value helpers (solved .. inverse) take valid cubes and check nothing. */
/* out: c = the solved cube. */
void ec_cube_solved(ec_cube *c);
/* in: c (may be NULL). => 1 when c is solved, else 0 (also for NULL). */
int ec_cube_is_solved(const ec_cube *c);
/* in: a, b. out: out = a then b (apply a, then b); out may alias neither input. */
void ec_cube_multiply(const ec_cube *a, const ec_cube *b, ec_cube *out);
/* in: a. out: out = the inverse of a (out may not alias a). */
void ec_cube_inverse(const ec_cube *a, ec_cube *out);
/* Turn c by face turn m in place. in: m, 0..17. => EC_OK; EC_E_RANGE for another m (c as
 * it was). */
int ec_cube_move(ec_cube *c, int m);
/* Turn c by moves[0..n) in order (n <= 0: none). => EC_OK; EC_E_RANGE at the first code
 * above 17 (the moves before it applied). */
int ec_cube_moves(ec_cube *c, const uint8_t *moves, int n);
/* Whether c is a state of the cube. in: c (any bytes). => EC_OK; EC_E_CORNER_DUPLICATE or
 * EC_E_EDGE_DUPLICATE (a slot's cubie out of range or repeated, or its orientation out of
 * range), EC_E_FLIP, EC_E_TWIST, EC_E_PARITY. */
int ec_cube_check(const ec_cube *c, char *msg, int msgsize);
/* A user's cube: validated (every fault its code), re-oriented (colours renamed after the
 * centres), as cubies. in: facelets (the _n form: len bytes). out: c.
 * => EC_OK; a text fault or a cube fault. */
int ec_cube_from_facelets(const char *facelets, ec_cube *c, char *msg, int msgsize);
int ec_cube_from_facelets_n(const char *facelets, int len, ec_cube *c, char *msg, int msgsize);
/* The 54 facelets of c with standard centres. out: out, size >= EC_FACELETS_SIZE (54
 * letters and a NUL). => EC_OK; EC_E_BUFFER for a smaller size (nothing written). */
int ec_cube_to_facelets(const ec_cube *c, char *out, int size);

/* ------------------------------------------------------------------ facelets */

/* Whether a facelet string is a real cube. in: facelets (_n: len bytes).
 * => EC_OK (msg "ok"); a text fault or a cube fault. */
int ec_validate(const char *facelets, char *msg, int msgsize);
int ec_validate_n(const char *facelets, int len, char *msg, int msgsize);
/* A facelet string after an alg (any notation of DESIGN.md: slices and rotations move
 * centres). in: facelets (may be NULL; NULL or "" is the solved cube; else it must be
 * valid), alg (_n: flen and alen bytes). out: out, size >= EC_FACELETS_SIZE.
 * => EC_OK; EC_E_NULL (no alg or out); EC_E_BUFFER for a smaller size (nothing written);
 * the facelets' text or cube fault; the alg's parse error. */
int ec_facelets_apply(const char *facelets, const char *alg, char *out, int size, char *msg,
                      int msgsize);
int ec_facelets_apply_n(const char *facelets, int flen, const char *alg, int alen, char *out, int size,
                        char *msg, int msgsize);
/* Whether every face of a valid facelet string is one colour (whatever the orientation).
 * in: facelets (_n: len bytes). => 1 solved, 0 not; a text fault or a cube fault. */
int ec_facelets_is_solved(const char *facelets);
int ec_facelets_is_solved_n(const char *facelets, int len);
/* Whether a solution solves a cube: applied to its stickers, every face one colour.
 * in: facelets (may be NULL: NULL or "" is the solved cube), solution (any notation; _n:
 * flen and slen bytes). => EC_OK (msg "solved"); EC_E_NOT_SOLVED (msg counts the stickers
 * left off their face's colour); the facelets' or the solution's fault as for
 * ec_facelets_apply. */
int ec_verify(const char *facelets, const char *solution, char *msg, int msgsize);
int ec_verify_n(const char *facelets, int flen, const char *solution, int slen, char *msg, int msgsize);

/* ------------------------------------------------------------------ notation */

/*
 * Parsed moves are codes base*3 + (quarter turns - 1). Bases: 0..5 faces U R F D L B,
 * 6..11 wide Uw Rw Fw Dw Lw Bw, 12..17 lowercase wide u r f d l b, 18..20 slices M E S,
 * 21..23 rotations x y z. So codes 0..17 are the face turns. The text's other forms are
 * written with these: SiGN layer prefixes (2R as M', 3R as L', 2-3Rw as Lw'), Rv Uv ... as
 * x y ..., and amounts mod 4 (R5 as R; R0 and R4 write nothing); see notation.c.
 * The text may hold groups (...)n and (...)', commutators [A, B] (parsed as A B A' B') and
 * conjugates [A: B] (A B A'), nested up to EC_MAX_NESTING and taking n and ' like groups, "."
 * (a pause: no move), // comments, and any Unicode space as a separator; the codes are the
 * expansion, plain moves. EC_E_PAREN_OPEN / EC_E_PAREN_CLOSE cover brackets too; a misplaced
 * "," or ":" is EC_E_TOKEN; an expansion past EC_MAX_ALG_MOVES (or cap) is EC_E_ALG_MOVES.
 */
#define EC_MOVE_CODES 72
/* Parse an alg into codes. in: text (_n: len bytes), cap (the room in moves). out: moves,
 * *n their count (0 on failure). => EC_OK; a parse error (EC_E_ALG_MOVES also for more than
 * cap moves). */
int ec_alg_parse(const char *text, uint8_t *moves, int cap, int *n, char *msg, int msgsize);
int ec_alg_parse_n(const char *text, int len, uint8_t *moves, int cap, int *n, char *msg, int msgsize);
/* Codes as text, moves separated by one space ("" for none). in: moves[0..n) (may be NULL
 * when n <= 0). out: out (size >= 1, else EC_E_NULL). => EC_OK; EC_E_RANGE at a code >=
 * EC_MOVE_CODES (out holds the moves before it); EC_E_BUFFER (whole moves). */
int ec_alg_format(const uint8_t *moves, int n, char *out, int size);
/* Cancel and merge moves on one axis (U D U' -> D, R R -> R2) until nothing changes, in
 * place. in/out: moves[0..n) (may be NULL when n <= 0). => the new count (0 for none). */
int ec_alg_simplify_moves(uint8_t *moves, int n);
/* An alg as text, parsed and written back: canonical (every form expanded to plain moves,
 * not simplified), simplified (as ec_alg_simplify_moves), or inverted (reversed, each move
 * inverted). in: text (_n: len bytes). out: out. => EC_OK; a parse error; EC_E_NULL (no
 * out); EC_E_BUFFER (whole moves). */
int ec_alg_canonical(const char *text, char *out, int size, char *msg, int msgsize);
int ec_alg_canonical_n(const char *text, int len, char *out, int size, char *msg, int msgsize);
int ec_alg_simplify(const char *text, char *out, int size, char *msg, int msgsize);
int ec_alg_simplify_n(const char *text, int len, char *out, int size, char *msg, int msgsize);
int ec_alg_invert(const char *text, char *out, int size, char *msg, int msgsize);
int ec_alg_invert_n(const char *text, int len, char *out, int size, char *msg, int msgsize);
/* An alg's lengths as written. in: text (_n: len bytes). out: out[0] HTM, out[1] QTM, out[2]
 * STM (slices count 2 in HTM and QTM, 1 in STM; rotations 0; wide turns as face turns).
 * => EC_OK; a parse error. */
int ec_alg_metrics(const char *text, int out[3], char *msg, int msgsize);
int ec_alg_metrics_n(const char *text, int len, int out[3], char *msg, int msgsize);

/* ------------------------------------------------------------------ PRNG, scrambles */

/* xoshiro256** seeded through splitmix64: same seed, same stream, everywhere. */
typedef struct ec_rng {
    uint64_t s[4];
} ec_rng;
/* out: r, its state from seed. */
void ec_rng_seed(ec_rng *r, uint64_t seed);
/* in/out: r. => its next 64-bit output. */
uint64_t ec_rng_next(ec_rng *r);
/* in/out: r. => a uniform integer in 0..n-1, unbiased (rejection); 0 without a draw for
 * n <= 1. */
uint32_t ec_rng_below(ec_rng *r, uint32_t n);
/* in/out: r. => a uniform double in [0, 1) with 53 random bits. */
double ec_rng_unit(ec_rng *r);

/* A seed text ("42": decimal digits only). in: text (_n: len bytes). out: *seed, 0..
 * 4294967295. => EC_OK; a text fault; EC_E_SEED (empty, another character, too large). */
int ec_seed_parse(const char *text, uint32_t *seed, char *msg, int msgsize);
int ec_seed_parse_n(const char *text, int len, uint32_t *seed, char *msg, int msgsize);

/* n random face turns from seed: no two on one face in a row, never three on one axis in a
 * row (R L R). in: n, 0..EC_MAX_ALG_MOVES; seed; cap (room in moves). out: moves (may be
 * NULL when n is 0) as codes, or out as text. => EC_OK; EC_E_RANGE for another n;
 * EC_E_BUFFER (moves: cap < n, nothing written; text: whole moves). */
int ec_scramble_random_moves(int n, uint32_t seed, uint8_t *moves, int cap);
int ec_scramble_moves_text(int n, uint32_t seed, char *out, int size);

/* ------------------------------------------------------------------ stepped solvers */

/*
 * A solver runs in steps so a caller (the web worker, the CLI) can stream progress, pause,
 * resume and cancel between them:
 *   ec_solver_new(kind, facelets, seed, params, &h, msg, msgsize)
 *   while ((rc = ec_solver_step(h, work)) == EC_RUNNING) ec_solver_progress(h, ...);
 *   ec_solver_solution(h, buf, size); ec_solver_free(h);
 * params is a text of key=value pairs separated by commas, semicolons or spaces, e.g.
 * "population=50,preset=performance"; a "preset" is applied first, then the other pairs.
 * work counts the solver's own unit (generations or iterations for evolutionary and
 * swarm solvers, thousands of search nodes for twophase); ec_solver_list_json says which.
 * A solved start cube finishes at once with an empty solution. Every solution has been
 * applied to the input facelets and checked to solve them before EC_DONE is returned.
 */
typedef struct ec_solver ec_solver;

#define EC_PROGRESS_MOVES 1024 /* moves of the best individual kept in a progress record */
#define EC_PROGRESS_AGENTS 64  /* swarm solvers: agents whose fitness a record carries */
#define EC_PROGRESS_EVENTS 6   /* swarm solvers: event counters a record carries */
#define EC_PROGRESS_QUANTILES 17 /* hugo, twes, macro-ga: population fitness quantiles a record carries */

/* One unit of a solver's work: a generation or iteration (or a unit that is neither, as
 * HuGO!'s block choice under param plan: its record repeats the last generation's gen and
 * fields, its phase_name saying what it does, "2x2x3 block choice k/N"). */
typedef struct ec_progress {
    int64_t gen;           /* generation/iteration, counting from 1 over the whole run */
    int phase;             /* 0-based phase index */
    char phase_name[32];   /* e.g. "2x2x3 block", "G1 -> G2" */
    double best, mean;     /* best and mean fitness of the population (solver's own sense) */
    int best_length;       /* HTM length of the best individual's moves */
    double diversity;      /* share of distinct individuals in the population, 0..1: distinct
                              genomes (hugo), parents' move sequences (twes), cube states
                              (macro-ga, the swarm agents); 0 when not meaningful (twophase's
                              search, greedy's single agent) */
    int64_t evaluations;   /* fitness evaluations so far in the run */
    int restarts;          /* restarts (resets) of the run so far (0 when not meaningful) */
    int found;             /* twes: distinct solvers of the current phase found so far; else 0 */
    double solved_share;   /* swarm solvers: share of the agents at the solved state, 0..1; else 0 */
    int n_moves;           /* moves of the best individual from the start cube (capped) */
    uint8_t moves[EC_PROGRESS_MOVES];
    /* swarm solvers only (n_agents 0 elsewhere; see c/solvers/swarm/common.h): the fitness
     * of the first n_agents agents (<= EC_PROGRESS_AGENTS; greedy: the 18 neighbours of the
     * state its last move left, 255 = not looked at), the distinct agent states, and
     * per-solver event counts over the run so far */
    int n_agents;
    uint8_t agent_fit[EC_PROGRESS_AGENTS];
    int distinct;
    int64_t events[EC_PROGRESS_EVENTS];
    /* hugo, twes, macro-ga (n_pop_fit 0 elsewhere, and in twes when the generation's fitness
     * spread is 65536 or more): the fitness of the population's n individuals in the solver's
     * own units (that of best and mean) at the ranks round(k (n - 1) / 16), k = 0..16, of the
     * values sorted ascending: pop_fit[0] the lowest, pop_fit[16] the highest, never more than
     * EC_PROGRESS_QUANTILES values whatever the population's size */
    int n_pop_fit;
    int32_t pop_fit[EC_PROGRESS_QUANTILES];
} ec_progress;

/* Open a run. in: kind (a solver's name), facelets (the cube, centres anywhere), seed,
 * params (may be NULL: NULL or "" are the defaults; at most EC_MAX_PARAMS_CHARS bytes);
 * the _n form takes klen, flen and plen bytes. out: *out, the handle (NULL on failure),
 * which the caller frees with ec_solver_free.
 * => EC_OK (status EC_RUNNING, or EC_DONE at once for a solved cube); EC_E_NULL (no kind
 * or out); a text fault; EC_E_SOLVER_UNKNOWN (msg lists the solvers); a cube fault;
 * EC_E_PARAM_UNKNOWN, EC_E_PARAM_VALUE, EC_E_PARAM_RANGE (msg names the param and its range;
 * also a run whose params need more than EC_RUN_MEMORY_MAX); EC_E_NOMEM; EC_E_INTERNAL. */
int ec_solver_new(const char *kind, const char *facelets, uint32_t seed, const char *params,
                  ec_solver **out, char *msg, int msgsize);
int ec_solver_new_n(const char *kind, int klen, const char *facelets, int flen, uint32_t seed,
                    const char *params, int plen, ec_solver **out, char *msg, int msgsize);
/* Do up to `work` units of the run (>= 1). => EC_RUNNING (more to do); EC_DONE (solved,
 * verified); EC_GAVE_UP (its budget spent); EC_EPOCH (an island at its epoch's end: import
 * migrants to go on); EC_E_RANGE for work < 1 (nothing done); another error of the run
 * (EC_E_NOMEM, EC_E_NOT_SOLVED), which ends it with status EC_GAVE_UP. A finished run
 * returns its status again and does nothing. */
int ec_solver_step(ec_solver *h, int work);
/* => the run's status: EC_RUNNING, EC_DONE or EC_GAVE_UP (EC_E_NULL for no h). */
int ec_solver_status(const ec_solver *h);
/* Pop the oldest queued records (they stay queued until read: none is dropped).
 * in: cap, the room in records (<= 0: none; records may then be NULL). out: records[0..*n).
 * => EC_OK. */
int ec_solver_progress(ec_solver *h, ec_progress *records, int cap, int *n);
/* The same as JSON lines ({"gen":..,"phase":..,"phaseName":..,"best":..,"mean":..,
 * "bestLength":..,"diversity":..,"evaluations":..,"restarts":..,"found":..,
 * "solvedShare":..,"bestMoves":".."}\n each; swarm solvers' records (n_agents > 0) also
 * carry "agents":[..],"distinct":..,"events":[..] after solvedShare; hugo's, twes's and
 * macro-ga's (n_pop_fit > 0) carry "popFit":[q0,..,q16] there), as many whole
 * records as fit in buf, popped; the rest stay queued. out: buf (the lines, NUL-ended), *n
 * the records written. => EC_OK (*n 0 and buf "" when none is queued); EC_E_BUFFER when not
 * even one fits (nothing popped). */
int ec_solver_progress_json(ec_solver *h, char *buf, int size, int *n);
/* => the number of queued progress records (EC_E_NULL for no h). */
int ec_solver_progress_pending(const ec_solver *h);
/* The verified solution in face turns (simplified). out: buf. => EC_OK; EC_E_STATE before
 * EC_DONE; EC_E_BUFFER (whole moves). */
int ec_solver_solution(const ec_solver *h, char *buf, int size);
/* The run as JSON: {"solver","seed","status","solved","solution","length","generations",
 * "evaluations","phases":[{"name","solution","length","generations"}]}; a solved run of a
 * solver whose individual is built of parts (macro-ga) also carries "parts":[{"label",
 * "rotation","moves","length"}] last: its solving individual's parts in order ("start": the
 * random start moves; "M1".."M15": the blog's macros; "migrant": an individual taken from
 * another island as it came), each with the whole-cube rotations applied before it ("y2 z'"
 * or "") and the face turns it applied, unsimplified: the parts' moves in order are the
 * individual's move list, whose simplification is the solution (before macro-ga's opt-in
 * loopCut). Any time; a run of K > 1 islands adds "island", "islands" and "epochs" after
 * "seed". out: buf. => EC_OK; EC_E_BUFFER. */
int ec_solver_result_json(const ec_solver *h, char *buf, int size);
/* Free the handle and everything it owns. in: h (may be NULL: nothing). => EC_OK. */
int ec_solver_free(ec_solver *h);
/* All solvers as a JSON array, in registration order, each {"name", "title", "label" (its
 * name for people in a list), "short" (a few words), "workUnit", "fitness" (what the
 * fitness of its progress records measures), "better": "lower" | "higher", "phases" (the
 * names of its phases, in order), "goals" (each phase's goal in a few words, in the same
 * order; "" where a solver states none), "optima" (true: ec_solver_optima_json has exact optima
 * for some of its phases), "family": "evolution" | "swarm" | "exact", "records" (what its
 * progress records carry beyond the best: "best" nothing, "population" popFit, "agents"
 * agents, "solutions" each record a shorter solution), "agents" (only with "agents": what
 * they are, plural), "islands" (true: it runs as islands), "quick" (true: it solves a random
 * state within seconds at its defaults), "params": [{"key", "default", "min", "max",
 * "integer", "help"[, "names": its values' names]}], "presets": [{"name", "params", "help"}]}.
 * out: buf. => EC_OK; EC_E_BUFFER. */
int ec_solver_list_json(char *buf, int size);

/* ------------------------------------------------------------------ islands */

/*
 * The island model (DESIGN.md, "Islands"): a run with K islands is K handles, island
 * i = 0..K-1 opened with ec_solver_new_island(..., seed, ..., i, K): the same cube, solver,
 * params and run seed; each island's population draws from its own seed
 * ec_island_seed(seed, i). The islands run in lockstep epochs of `epoch` generations (a
 * param of every solver with islands: hugo, twes, macro-ga; `migrants` is the other):
 * ec_solver_step never goes past the end of an epoch and then returns EC_EPOCH (again on
 * every call) until the island imports its migrants. A coordinator (web/lib/islands.mjs; one
 * worker per island) then, for every island i still running, exports its `migrants` best
 * individuals and imports them into the next running island along the ring (i+1, i+2, ..
 * mod K), which starts that island's next epoch. Migrants enter an island only in the same
 * context (the same phase, and for HuGO! the same block location and phase start): islands
 * in other phases keep theirs (accepted = 0) and do not wait for each other; each island
 * goes through its phases on its own.
 * The run's result: at the end of the first epoch in which some island finished solved, the
 * shortest of those solutions, ties to the lower island index; when every island gave up,
 * the run gave up. So the result depends on (cube, solver, params, seed, K) only, never on
 * timing. With K = 1 there are no epochs (ec_solver_new_island(.., 0, 1, ..) is ec_solver_new).
 *
 * The migrant buffer (little-endian; what export writes and import reads, untrusted):
 *   bytes 0..3 "ECM1"; 4..7 FNV-1a 32-bit hash of the solver name; 8..15 the context;
 *   16..19 the number of migrants; 20..23 the payload's bytes; 24.. the payload, the
 *   solver's own layout (hugo: `length` genes 0..17 each; twes: moves n, the 6 phase marks,
 *   n face turns; macro-ga: the 6-byte frame, n as 2 bytes, n face turns).
 */

/* Island i's seed: i = 0 keeps `seed` (so island 0 of any run is the plain run's population);
 * island i >= 1 takes the high 32 bits of the i-th output of the core's PRNG seeded with
 * `seed` (xoshiro256** through splitmix64). Pure. island outside 0..EC_MAX_ISLANDS-1 gives
 * seed. */
uint32_t ec_island_seed(uint32_t seed, int island);
/* Open island `island` (0..islands-1) of a run of `islands` (1..EC_MAX_ISLANDS) islands.
 * in, out: as ec_solver_new, and island, islands. => as ec_solver_new, and EC_E_RANGE for
 * island numbers out of range or islands > 1 for a solver without islands (the list's
 * "islands": false; msg says which). */
int ec_solver_new_island(const char *kind, const char *facelets, uint32_t seed, const char *params, int island,
                         int islands, ec_solver **out, char *msg, int msgsize);
int ec_solver_new_island_n(const char *kind, int klen, const char *facelets, int flen, uint32_t seed,
                           const char *params, int plen, int island, int islands, ec_solver **out, char *msg,
                           int msgsize);
/* The island's `migrants` best individuals (fewer before its first generation or when the
 * population is smaller; none once it has finished) as a migrant buffer. out: buf (size
 * bytes), *written its bytes (0 on failure). => EC_OK; EC_E_STATE for a run of one island;
 * EC_E_BUFFER when they do not fit (nothing claimed). */
int ec_solver_migrants_export(ec_solver *h, uint8_t *buf, int size, int *written);
/* Import a migrant buffer at the end of an epoch: migrants of the island's context replace
 * its worst individuals, then the next epoch begins. in: buf (size bytes; may be NULL when
 * size is 0: no migrants), out: *accepted, how many it took (0 for another context, no
 * migrants, or a finished island, which ignores them). => EC_OK; EC_E_STATE for a run of one
 * island or before the epoch's end; EC_E_RANGE for size < 0; EC_E_MIGRANTS for a malformed
 * buffer (msg names the bytes; nothing imported, the epoch stays over); EC_E_NOMEM. */
int ec_solver_migrants_import(ec_solver *h, const uint8_t *buf, int size, int *accepted, char *msg, int msgsize);

/* ------------------------------------------------------------------ two-phase distance */

/*
 * Distance oracle (the swarm solvers' "Kociemba(S)" fitness): for a cube at most 7 face
 * turns from solved, its exact HTM distance (a 2 MB table of the cubes within 4 turns and
 * a 3-turn lookahead, near.h); otherwise the HTM length of the best two-phase solution of c
 * found within `budget` search nodes spent after the first solution (counted from the end of
 * the phase-2 search that found it; the first solution is always found; the search runs at
 * least 2,000 nodes unless it completes sooner), which is then at least 8. Deterministic for
 * a given state and budget. Tables are built on first use.
 * in: c (any bytes: checked) or facelets; budget >= 0. => the length (>= 0); EC_E_RANGE for
 * a negative budget; c's fault (ec_cube_check) or the facelets' text or cube fault;
 * EC_E_NOMEM (the tables); EC_E_INTERNAL (a solution the search found did not solve c).
 */
int ec_distance(const ec_cube *c, int budget);
int ec_distance_facelets(const char *facelets, int budget, char *msg, int msgsize);

/* ------------------------------------------------------------------ exact reference optima */

/*
 * Exact optima of the evolutionary solvers' phases, shown beside what a solver
 * found and never used by one (c/search/optima.h has the tables, sizes and build times).
 * Lengths are HTM face turns. Each returns EC_OK with the exact optimum in *len; EC_BOUND
 * when a search spent `nodes` first (then every length below *len is excluded: the optimum
 * is at least *len); or a negative error.
 *
 * ec_optimum_block: the shortest sequence that solves the 2x2x3 block at location loc
 * (0..11, named by the edge slot where its two free faces meet, UR UF UL UB DR DF DL DB FR
 * FL BL BR: HuGO!'s numbering), or the shortest over all 12 with loc = -1 (*where, may be
 * NULL: the location). IDA*; nodes >= 1.
 * ec_optimum_stage: stage 0..3 is Thistlethwaite's G_stage -> G_stage+1 (TWES's groups:
 * G1 = <F,U,B,D,R2,L2>, G2 = <U,D,R2,L2,F2,B2>, G3 = half turns, G4 solved) with moves of
 * G_stage from a cube in G_stage (else EC_E_GROUP); stage 4 is TWES's G1 -> G2 (edges) goal,
 * the E-slice edges in the E slice, with moves of G1. Table lookups, always exact.
 * ec_solver_optima_json: after a solve (EC_DONE, else EC_E_STATE), each phase's optimum
 * from the state it started in, as JSON {"start": {"twophase": d, "nodes": n}, "phases":
 * [{"optimum": k, "bound": false, "of": "..."} or {"optimum": null}, ...]}: HuGO!'s
 * "2x2x3 block" phase gets the block it solved and "best" (over the 12, "bestAt" its
 * location), TWES's phases their stage (and "(edges)" also "stage", G1 -> G2 from there);
 * other phases null. "bound": true when the search stopped at `nodes` (optimum >= k).
 * "start" is the two-phase distance of the start (ec_distance with budget nodes: the best
 * two-phase solution found, an upper bound on the optimum, not the optimum).
 */
/* in: c (valid), loc (-1..11), nodes (>= 1). out: *len; *where (may be NULL; set on EC_OK).
 * => EC_OK; EC_BOUND; EC_E_RANGE for loc or nodes out of range; EC_E_NOMEM (the tables). */
int ec_optimum_block(const ec_cube *c, int loc, int nodes, int *len, int *where);
/* in: c (valid), stage (0..4). out: *len. => EC_OK; EC_E_RANGE for another stage;
 * EC_E_GROUP; EC_E_NOMEM (the tables). */
int ec_optimum_stage(const ec_cube *c, int stage, int *len);
/* => the bytes of the optimum tables built so far (0 before the first search). */
long ec_optima_bytes(void);
/* in: h (a finished run), nodes (>= 1). out: out. => EC_OK; EC_E_RANGE for nodes < 1;
 * EC_E_STATE before EC_DONE; EC_E_BUFFER; a search's error (EC_E_NOMEM). */
int ec_solver_optima_json(const ec_solver *h, int nodes, char *out, int size);

/* ------------------------------------------------------------------ optimal search */

/*
 * The optimal HTM search (the `optimal` solver, ec_optimal_distance) reads one pattern
 * database held once per process (c/search/optimal.h: its layout, sizes and costs). It is
 * built here in slices, or imported from bytes an earlier build exported, never by a search:
 * a search without a complete table returns EC_E_STATE.
 *
 * Levels (EC_OPTIMAL_LEVELS): 0 = 73.5 MB, 1 = 246 MB, 2 = 419 MB, 3 = 103 MB, 4 = 364 MB,
 * 5 = 536 MB, 6 = 62 MB, 7 = 481 MB, 8 = 246 MB, 9 = 764 MB, 10 = 1109 MB, 11 = 32 MB (a larger table
 * prunes more; 3, 4, 5 add the h48 table to 0, 1, 2; 6 holds it split by corner parity alone,
 * 7 adds that to 1; 8, 9 add it on the corners' half-turn cosets to 0, 10 that of 9 to 2;
 * 11 holds the h48 table's smallest form alone;
 * c/search/optimal.h lists them); ec_optimal_table_bytes gives the exact bytes stored and
 * the memory a level takes, built or held (the stored bytes but the 80-byte header).
 *
 * Build: ec_optimal_table_begin(level) allocates (EC_E_NOMEM; it frees any table held
 * before), then either ec_optimal_table_build_step(work) until it returns EC_DONE (one
 * thread: whole classes of the current breadth-first pass, about `work` thousand entries per
 * call), or ec_optimal_table_build_step_threads(work, threads) the same way (`work` in all,
 * the classes of the passes that may be split shared by the caller and up to threads - 1 of the optimal
 * solver's threads: builds and modules with them; else the caller alone; EC_E_RANGE for
 * threads outside 1..64), or,
 * to use several threads: loop { ec_optimal_table_pass(&depth, &classes, &split); call
 * ec_optimal_table_work(c0, c1) over ranges covering 0..classes-1 (from several threads at
 * once only when split is 1, the ranges disjoint, each c0 even); ec_optimal_table_pass_end()
 * } until it returns EC_DONE. ec_optimal_table_pass returns EC_RUNNING while a pass remains,
 * EC_DONE once the table is complete, EC_E_STATE when no build is under way.
 * ec_optimal_table_progress: the share of entries known (0..1) and the level (-1: none).
 * The same bytes whatever the slicing or threads (ec_optimal_table_checksum: a 64-bit sum of
 * the tables, EC_E_STATE before the table is complete).
 *
 * Stored form: ec_optimal_table_export writes the header and tables into buf (size at least
 * the stored bytes, else EC_E_BUFFER); ec_optimal_table_import checks the header (magic,
 * format, level, sizes, build id) and the checksum before anything is replaced: EC_E_TABLE
 * with msg naming the fault (truncated, not a table, another build or format, checksum
 * mismatch) leaves the table held before untouched. ec_optimal_table_free releases it.
 * The streaming import reads the stored form in pieces straight into the table (no second
 * copy in memory): ec_optimal_table_import_begin(header, size) with the first 80 bytes and
 * the stored form's whole size (the same checks as ec_optimal_table_import but the
 * checksum; it frees the table held before and allocates the new one), then
 * ec_optimal_table_import_chunk with the following bytes in order, in pieces of any size, then
 * ec_optimal_table_import_end, which checks that all came and the checksum; a refusal at any
 * step (EC_E_TABLE with msg) leaves no table held. EC_E_STATE for a chunk or end without begin.
 */
#define EC_OPTIMAL_LEVELS 14
int ec_optimal_table_bytes(int level, int64_t *memory, int64_t *stored);
int ec_optimal_table_begin(int level);
int ec_optimal_table_build_step(int work);
int ec_optimal_table_build_step_threads(int work, int threads);
int ec_optimal_table_pass(int *depth, int *classes, int *split);
int ec_optimal_table_work(int c0, int c1);
int ec_optimal_table_pass_end(void);
int ec_optimal_table_progress(double *share, int *level);
int ec_optimal_table_checksum(uint64_t *sum);
int ec_optimal_table_export(uint8_t *buf, int64_t size);
int ec_optimal_table_import(const uint8_t *buf, int64_t size, char *msg, int msgsize);
int ec_optimal_table_import_begin(const uint8_t *header, int64_t size, char *msg, int msgsize);
int ec_optimal_table_import_chunk(const uint8_t *data, int64_t n, char *msg, int msgsize);
int ec_optimal_table_import_end(char *msg, int msgsize);
int ec_optimal_table_free(void);
/*
 * The optimal HTM distance of c with the table held: EC_OK with *len the optimum (and, when
 * moves is not NULL and cap >= *len, an optimal solution in moves, face turns 0..17,
 * verified); EC_BOUND when `budget` search nodes (> 0; or -1: no limit) were spent first
 * (*len is then a proven lower bound: every shorter length was searched completely);
 * EC_E_STATE without a complete table; EC_E_BUFFER when cap is below the optimum.
 */
int ec_optimal_distance(const ec_cube *c, int64_t budget, int *len, uint8_t *moves, int cap);

/* ------------------------------------------------------------------ two-phase solver */

/*
 * The `twophase` solver's tables (move tables and 4-bit pruning tables, about 6 MB) are
 * built on first use, once per process; ec_twophase_init builds them now (e.g. while a page
 * starts up). => EC_OK; EC_E_NOMEM; EC_E_INTERNAL (a table's build-time check failed).
 */
int ec_twophase_init(void);
/*
 * A random-state scramble: a uniformly random solvable cube drawn from the seeded PRNG
 * (random corner and edge permutations of equal parity, random twists and flips), solved
 * by the two-phase search, and written as the inverse of that solution: at most 20 face
 * turns that produce the state from solved (checked before returning). Same seed, same
 * text. in: seed. out: out (about 80 bytes suffice). => EC_OK; EC_E_BUFFER (whole moves);
 * EC_E_NOMEM (the tables); EC_E_NOT_SOLVED (the check failed: a bug, never seen).
 */
int ec_scramble_random_state_text(uint32_t seed, char *out, int size);
/* The same state as a cubie cube (no search). in: seed. out: c. => EC_OK. */
int ec_random_state(uint32_t seed, ec_cube *c);

#ifdef __cplusplus
}
#endif


#endif /* EVOCUBE_H */
