/*
 * optimal_tables.h - internal to the optimal search (optimal.c, optimal_store.c,
 * optimal_search.c): the process-wide table state, the small tables they share, the entry
 * accessors and the sizes. Public interface and layouts: optimal.h.
 *
 * Layout: optimal_coords.c owns the coordinates' small tables, optimal_hc.c the hc table's,
 * optimal.c the big tables and ec__opt_init; everything declared here (ec__opt_init for the small
 * tables, the stepped build for the big ones); optimal_store.c (the stored form) and
 * optimal_search.c (IDA*, the distance call) read them and call only optimal.c's functions,
 * never each other's.
 * Invariants: the small tables are valid after ec__opt_init returns EC_OK (idempotent);
 * ec__opt_T.corner and .big[] are readable by searches only when ec__opt_T.complete.
 * Costs: the accessors are inline, one load each.
 */
#ifndef EC_OPTIMAL_TABLES_H
#define EC_OPTIMAL_TABLES_H

#include <stdint.h>

#include "core/cube.h"
#include "search/coord.h"
#include "search/optimal.h"
#include "search/symmetry.h"

#define N_FS (N_SLICE * N_FLIP)
#define N_FS_SYM 64430
#define N_CORNER_ENTRIES ((int64_t)N_PERM_SYM * N_TWIST)
#define N_ESEP (N_SLICE * 70)
#define N_ESEP_SYM_MAX 2400
#define N_CCOMB 70
#define N_BLOCK_B (N_TWIST * N_CCOMB)
#define N_HPERM 420
#define N_HC (N_TWIST * N_HPERM)
#define N_HC_SYM_MAX 20000
#define N_SYM48 48
#define UNSET 15
#define N_TSEP 70
#define N_COCSEP (N_TWIST * N_TSEP)
#define N_COCSEP_SYM_MAX 3600
#define N_EO 2048
#define OPT_FORMAT 4
#define HEADER_BYTES 80

/* the small tables (optimal.c's header comment says what each holds) */
extern uint32_t *ec__opt_fsSym;
extern uint32_t ec__opt_fsRep[N_FS_SYM];
extern uint16_t ec__opt_twC[N_TWIST * N_SYM];
extern uint16_t ec__opt_fsStab[N_FS_SYM];           /* a class's stabiliser (bit s: conj_s fixes its rep) */
extern uint16_t ec__opt_esepStab[N_ESEP_SYM_MAX];
extern uint16_t *ec__opt_twMC;                       /* [(m * 16 + s) * 2187 + twist]: twC after move m */
extern uint8_t ec__opt_ccMC[N_MOVES * N_SYM * N_CCOMB]; /* ccC after move m */
extern uint16_t *ec__opt_cpMove;
extern uint32_t *ec__opt_fsMove; /* [class * 18 + m]: fsSym of the class's representative after move m */
extern uint8_t ec__opt_symMoveC[N_SYM][N_MOVES]; /* conj_s of face turn m, as a face turn */
extern uint8_t ec__opt_symCompose[N_SYM][N_SYM]; /* conj_a(conj_b(x)) = conj_[a][b](x) */
extern uint16_t *ec__opt_esepMove;         /* [esep * 18 + m] */
extern uint32_t ec__opt_esepSym[N_ESEP];   /* (class << 4) | s, conj_s(raw) = rep */
extern uint16_t ec__opt_esepRep[N_ESEP_SYM_MAX];
extern uint32_t *ec__opt_eMove;            /* [class * 18 + m]: esepSym of rep after m */
extern int ec__opt_nEsepSym;
extern uint8_t ec__opt_ccMove[N_CCOMB * N_MOVES], ec__opt_ccC[N_CCOMB * N_SYM];
extern uint8_t ec__opt_axisMove[OPT_AXES][N_MOVES];
extern ec_cube ec__opt_axisRot[OPT_AXES], ec__opt_axisRotInv[OPT_AXES];
/* corner-permutation parities per big-table entry, by level; which big tables a level has */
extern const int ec__opt_level_xs[EC_OPTIMAL_LEVELS];
extern const uint8_t ec__opt_level_has[EC_OPTIMAL_LEVELS][OPT_TABLES];
/* the hc table's coordinates (optimal_hc.c's header says what each holds) */
extern uint16_t ec__opt_hpOf[N_PERM8];
extern uint16_t ec__opt_hpMove[N_HPERM * N_MOVES];
extern uint32_t *ec__opt_hcSym;  /* [twist * 420 + hp]: class << 6 | j */
extern uint32_t *ec__opt_hcMove; /* [class * 18 + m] */
extern int ec__opt_nHcSym;
extern uint64_t ec__opt_hcStab[N_HC_SYM_MAX]; /* a class's stabiliser: bit j, conj_j fixes its rep */
extern uint16_t *ec__opt_esepC48; /* [esep * 48 + j] */
/* the h48 table's coordinates (optimal_h48.c's header says what each holds) */
extern uint8_t ec__opt_tsepMove[N_TSEP * N_MOVES];
extern uint32_t *ec__opt_cocsepSym;                          /* [twist * 70 + tsep]: class << 6 | j */
extern uint32_t ec__opt_cocsepMove[N_COCSEP_SYM_MAX * N_MOVES]; /* [class * 18 + m] */
extern int ec__opt_nCocsepSym;
extern uint8_t *ec__opt_cocsepDist; /* [twist * 70 + tsep]: exact distance */
extern uint8_t *ec__opt_hcDist;     /* [twist * 420 + hp]: exact distance of the corners' half-turn coset */
extern uint8_t ec__opt_hcClassDist[N_HC_SYM_MAX]; /* the same by hc class */
extern uint8_t *ec__opt_eoparFlip;  /* [esep * 18 + m]: eopar's change */
extern uint8_t *ec__opt_eoparC;     /* [(esep * 4 + eopar) * 48 + j] */
extern uint32_t *ec__opt_h48C;      /* [esep * 48 + j]: esep' | (eopar' of eopar 0) << 16 */
extern uint8_t ec__opt_h48L[N_SYM48][4]; /* eopar' = h48C's term ^ h48L[j][eopar] */
extern uint32_t ec__opt_cocsepRep[N_COCSEP_SYM_MAX];  /* a class's representative, twist * 70 + tsep */
extern uint64_t ec__opt_cocsepStab[N_COCSEP_SYM_MAX]; /* its stabiliser (bit j: conj_j fixes it) */
/* the edges' orientations (optimal_h48x.c): eo11 of a cube, its moves, its conjugates */
extern uint16_t ec__opt_eoMove[N_EO * N_MOVES];
extern uint16_t ec__opt_eoG[N_SYM48 * N_EO];
int ec__opt_eo11(const ec_cube *c);
/* eo' of a cube with orientations eo and separation esep, conjugated by symmetry j */
static inline int ec__opt_eoC(int eo, int esep, int j) { return ec__opt_eoG[j * N_EO + eo] ^ (int)(ec__opt_h48C[esep * N_SYM48 + j] >> 18); }
/* the h48 table's bits of eopar per level (-1: the level has no h48 table), and its corner
 * kind: 0 = cocsep, 1 = cocsep split by the corners' permutation parity (each class's block
 * in two), 2 = the corners' half-turn coset (hc, optimal_hc.c's classes) */
extern const int ec__opt_level_h48[EC_OPTIMAL_LEVELS];
extern const int ec__opt_level_h48k[EC_OPTIMAL_LEVELS];
extern const int ec__opt_level_h48x[EC_OPTIMAL_LEVELS];
/* the h48 table's base value per level (optimal.c: fixed before its build) */
extern const int ec__opt_level_h48b[EC_OPTIMAL_LEVELS];
extern uint8_t ec__opt_sym48Move[N_SYM48][N_MOVES], ec__opt_sym48Compose[N_SYM48][N_SYM48], ec__opt_sym48Inv[N_SYM48];

/* The process-wide table: big[0] the FlipUDSlice table, big[1] the esep one, big[2] the hc
 * one, big[3] the h48 one (8 bytes: base, h; then the 2-bit entries); has[t]: the level holds
 * table t (big[t] NULL otherwise). */
typedef struct opt_tables {
    int level;       /* -1: none */
    int xs;          /* corner-permutation parities per entry of the fs and esep tables */
    uint8_t has[OPT_TABLES];
    int complete;
    uint8_t *corner; /* N_CORNER_ENTRIES nibbles */
    uint8_t *big[OPT_TABLES];
    int64_t entries[OPT_TABLES], bytes[OPT_TABLES], corner_bytes;
    int h48;         /* the h48 table's eopar bits (-1: none) */
    int h48k;        /* the h48 table's corner kind (ec__opt_level_h48k) */
    int h48b;        /* the h48 table's base value (ec__opt_level_h48b) */
    int h48x;        /* 1: its h bits are of the edges' orientations (ec__opt_level_h48x) */
    /* build */
    int tb;          /* the big table being built */
    int depth;       /* the pass sets entries at depth + 1 from those at depth */
    int forward;     /* 1: the current pass expands the layer; 0: unset entries look back */
    int next;        /* next class of the current pass (build_step) */
    int64_t set, pass_new;
    uint64_t sum;
} opt_tables;
extern opt_tables ec__opt_T;

/* Build the small tables once per process (optimal.c: the coordinates', then the hc
 * table's): EC_OK, EC_E_NOMEM or EC_E_INTERNAL. */
int ec__opt_init(void);
/* The coordinates' small tables (optimal_coords.c, called by ec__opt_init; idempotent). */
int ec__opt_coords_init(void);
/* The hc table's small tables (called by ec__opt_init): EC_OK, EC_E_NOMEM or EC_E_INTERNAL. */
int ec__opt_hc_init(void);
/* out = conj_j(c), j in 0..47 (optimal_hc.c) */
void ec__opt_conj48(const ec_cube *c, int j, ec_cube *out);
/* the corners' half-turn coset, twist * 420 + hp */
int ec__opt_get_hc(const ec_cube *c);
/* the hc table's build steps (optimal_hc.c): the solved entry; set an entry and its
 * stabiliser images when unset; class c's forward and backward pass at depth d (list: room
 * for 34,650 values); each returns the entries it set */
int64_t ec__opt_hc_start(uint8_t *b);
int64_t ec__opt_hc_set(uint8_t *b, int cls, int e, int v);
int64_t ec__opt_hc_forward(uint8_t *b, int c, int d, uint16_t *list);
int64_t ec__opt_hc_backward(uint8_t *b, int c, int d, uint16_t *list);
void ec__opt_set_esep(ec_cube *c, int v);
/* the h48 table's small tables (optimal_h48.c; idempotent; after ec__opt_init): EC_OK, EC_E_NOMEM,
 * EC_E_INTERNAL */
int ec__opt_h48_init(void);
int ec__opt_get_tsep(const ec_cube *c);
/* esep of a whole cube by table (the same value as ec__opt_get_esep, faster) */
int ec__opt_h48_esep(const ec_cube *c);
int ec__opt_get_eopar(const ec_cube *c);
/* the h48 table's build on its 2-bit entries t (after its 8-byte head) with h eopar bits and
 * corner kind k: the solved entry (value 0); class c's forward and backward pass (list: room
 * for 34650 << h << (k == 1) values) from the entries of value `from` to unset ones, set to
 * `to`; the relabelling of every set entry to 0 (once the layers up to the base are set:
 * optimal.c's build); the classes of kind k */
int64_t ec__opt_h48_start(uint8_t *t, int h, int k);
int64_t ec__opt_h48_forward(uint8_t *t, int h, int k, int c, int from, int to, uint32_t *list);
int64_t ec__opt_h48_backward(uint8_t *t, int h, int k, int c, int from, int to, uint32_t *list);
void ec__opt_h48_relabel(uint8_t *t, int64_t entries);
int ec__opt_h48_classes(int k);
/* the h48 table with edge-orientation bits (optimal_h48x.c): its small tables (after
 * ec__opt_h48_init); the hash of the short coordinates (begin: the solved one; its words for
 * base s, kind k; its units of 4096 words); a short pass at depth d over units u0..u1 (serial;
 * *added counts the new); the marks of units u0..u1 (splittable); end frees the hash */
int ec__opt_h48x_init(void);
int64_t ec__opt_h48x_hash_words(int s, int k);
int ec__opt_h48x_begin(int k, int s);
int64_t ec__opt_h48x_units(void);
int ec__opt_h48x_short(int k, int d, int64_t u0, int64_t u1, int64_t *added);
int ec__opt_h48x_marks(uint8_t *t, int h, int k, int s, int64_t u0, int64_t u1);
void ec__opt_h48x_end(void);
/* A table's memory, released by free (optimal_coords.c: huge pages where the system has them). */
void *ec__opt_table_alloc(int64_t n);
/* Free the held table and allocate level `level`'s (contents unset): EC_OK, EC_E_RANGE, EC_E_NOMEM. */
int ec__opt_alloc_level(int level);
/* The 64-bit checksum of n bytes at p, chained from h. */
uint64_t ec__opt_checksum(const uint8_t *p, int64_t n, uint64_t h);
/* the bytes of big table t at level `level` (0 when the level has none) */
int64_t ec__opt_table_bytes_of(int level, int t);
/* The big tables of a level in a stored form's bytes after its header (tables: the corner
 * table's first byte): where each starts (NULL when the level has none) and its bytes. */
void ec__opt_parts_at(int level, const uint8_t *tables, const uint8_t *big[OPT_TABLES], int64_t bytes[OPT_TABLES]);
/* The stored form's checksum of a level's corner table and big tables. */
uint64_t ec__opt_parts_sum(int level, const uint8_t *corner, const uint8_t *const big[OPT_TABLES], const int64_t bytes[OPT_TABLES]);
/* esep = slice * 70 + the M-slice edges' places; ccomb = the U-layer corners' places */
int ec__opt_get_esep(const ec_cube *c);
int ec__opt_get_ccomb(const ec_cube *c);

/* the corner table: 4 bits an entry (lowest first) */
static inline int nib(const uint8_t *t, int64_t i) { return t[i >> 1] >> ((i & 1) << 2) & 15; }
/* the big tables: 2 bits an entry, four a byte (lowest bits first): the distance mod 3, 3 = unset */
#define UNSET2 3
static inline int e2(const uint8_t *t, int64_t i) { return t[i >> 2] >> ((i & 3) << 1) & 3; }
static inline void set_e2(uint8_t *t, int64_t i, int v)
{
    int sh = (int)(i & 3) << 1;
    t[i >> 2] = (uint8_t)((t[i >> 2] & ~(3 << sh)) | (v << sh));
}
/* entry i read while other threads may claim entries of its byte (a relaxed atomic load: a
 * plain load on x86 and in the one-thread wasm module) */
static inline int e2_shared(const uint8_t *t, int64_t i) { return __atomic_load_n(t + (i >> 2), __ATOMIC_RELAXED) >> ((i & 3) << 1) & 3; }
/* entry i set to v if unset, safe beside other threads claiming entries of the same byte (a
 * compare-and-swap of the byte, retried while a neighbouring entry changes under it): 1 when
 * this call set it, 0 when it was set already (by anyone) */
static inline int claim_e2(uint8_t *t, int64_t i, int v)
{
    uint8_t *p = t + (i >> 2), old = __atomic_load_n(p, __ATOMIC_RELAXED);
    const int sh = (int)(i & 3) << 1;
    do {
        if ((old >> sh & 3) != UNSET2) return 0;
    } while (!__atomic_compare_exchange_n(p, &old, (uint8_t)((old & ~(3 << sh)) | v << sh), 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return 1;
}

/* 1 for a quarter turn (changes the corner permutation's parity) */
static inline int quarter(int m) { return m % 3 != 1; }

/* the corner table's entry of a corner permutation and twist */
static inline int64_t corner_index(int cp, int tw)
{
    int y = ec__cpermSym[cp];
    return (int64_t)(y >> 4) * N_TWIST + ec__opt_twC[tw * N_SYM + (y & 15)];
}

#endif
