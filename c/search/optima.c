/* optima.c - exact reference optima: 2x2x3 blocks by IDA*, Thistlethwaite's stages by
 * distance tables (see optima.h). */
#include "search/optima.h"

#include <stdlib.h>
#include <string.h>

#include "core/cube.h"
#include "core/geometry.h"
#include "core/perm.h"
#include "search/coord.h"
#include "search/groups.h"

static long bytes_built;

/* A byte table of distances, all 255 but the sources; breadth-first from them. next(i, m)
 * gives entry i's neighbour by move m (moves 0..nm-1; closed under inverses, so the table
 * holds each entry's distance to the nearest source). Resumable (optima.h, ec__bfs): a level
 * is one scan of the table, entries marked depth + 1 in it are expanded only by the next
 * scan, so where a slice stops changes nothing. */
int ec__bfs_start(ec__bfs *b, uint32_t size, int nm, ec__next_fn next, int (*is_source)(uint32_t))
{
    b->d = malloc(size);
    if (!b->d) return EC_E_NOMEM;
    bytes_built += (long)size;
    b->size = size, b->nm = nm, b->next = next, b->is_source = is_source;
    b->i = b->found = 0, b->depth = -1, b->left = size; /* depth -1: the sources are being marked */
    return EC_OK;
}

int ec__bfs_run(ec__bfs *b, int64_t *slice)
{
    uint8_t *d = b->d;
    while (b->depth < 0) { /* marking the sources: one unit of work an entry */
        if (*slice <= 0) return EC_RUNNING;
        uint32_t end = b->size - b->i < (uint64_t)*slice ? b->size : b->i + (uint32_t)*slice;
        *slice -= end - b->i;
        for (; b->i < end; b->i++) {
            d[b->i] = b->is_source(b->i) ? 0 : 255;
            if (!d[b->i]) b->left--;
        }
        if (b->i == b->size) b->depth = 0, b->i = 0;
    }
    while (b->left && b->depth < 254) {
        for (; b->i < b->size; b->i++) { /* an entry costs 1, and nm more when expanded */
            if (*slice < 1 + b->nm) return EC_RUNNING;
            --*slice;
            if (d[b->i] != b->depth) continue;
            *slice -= b->nm;
            for (int m = 0; m < b->nm; m++) {
                uint32_t j = b->next(b->i, m);
                if (d[j] == 255) d[j] = (uint8_t)(b->depth + 1), b->found++;
            }
        }
        if (!b->found) break; /* the rest is unreachable (e.g. odd parity) */
        b->left -= b->found;
        b->found = 0, b->i = 0, b->depth++;
    }
    b->left = 0;
    return EC_OK;
}

uint8_t *ec__optima_bfs(uint32_t size, int nm, ec__next_fn next, int (*is_source)(uint32_t))
{
    ec__bfs b;
    int64_t slice = INT64_MAX;
    if (ec__bfs_start(&b, size, nm, next, is_source)) return NULL;
    ec__bfs_run(&b, &slice);
    return b.d;
}

void ec__optima_drop(uint8_t **d, uint32_t size)
{
    if (!*d) return;
    free(*d);
    *d = NULL;
    bytes_built -= (long)size;
}

/* ------------------------------------------------------------------ blocks */

/* a piece value: corner slot * 3 + twist, or edge slot * 2 + flip (0..23 either way) */
static uint8_t cmv[24][18], emv[24][18];
/* location 0's pieces: corners DLF DBL, edges DF DL DB FL BL (cubie = home slot) */
static const uint8_t piece_home[EC_OPT_BLOCK_PIECES] = {5, 6, 5, 6, 7, 9, 10};
#define IS_CORNER(p) ((p) < 2)

typedef struct ptab {
    uint8_t pc[4];  /* indices into the 7 pieces; the first is a corner or not */
    uint32_t arr;   /* ordered arrangements of the edges' slots */
    uint32_t size;
    uint8_t *d;
} ptab;

static ptab ptabs[3] = {
    {{0, 2, 3, 5}, 1320, 24 * 1320 * 8, NULL}, /* 2x2x2 front: DLF + DF DL FL */
    {{1, 4, 3, 6}, 1320, 24 * 1320 * 8, NULL}, /* 2x2x2 back: DBL + DB DL BL */
    {{2, 4, 5, 6}, 11880, 11880 * 16, NULL},   /* edges DF DB FL BL */
};
static uint8_t loc_rot[12][2]; /* per location: up to two rotation move codes (255: none) */
static int block_ready;

static inline uint8_t piece_move(int p, uint8_t v, int m) { return IS_CORNER(p) ? cmv[v][m] : emv[v][m]; }

/* entry of table t for the 4 piece values v (in t's order) */
static uint32_t pindex(const ptab *t, const uint8_t *v)
{
    int i = IS_CORNER(t->pc[0]);
    uint32_t cpart = i ? v[0] : 0, r = 0, o = 0;
    for (int a = i; a < 4; a++) {
        int s = v[a] >> 1, less = 0;
        for (int b = i; b < a; b++) less += (v[b] >> 1) < s;
        r = r * (uint32_t)(12 - (a - i)) + (uint32_t)(s - less);
        o = o << 1 | (v[a] & 1u);
    }
    return (cpart * t->arr + r) << (4 - i) | o;
}

static void punindex(const ptab *t, uint32_t x, uint8_t *v)
{
    int i = IS_CORNER(t->pc[0]), ne = 4 - i;
    uint32_t o = x & ((1u << ne) - 1), r = (x >> ne) % t->arr;
    if (i) v[0] = (uint8_t)((x >> ne) / t->arr);
    int dig[4], used[12] = {0};
    for (int a = 3; a >= i; a--) {
        dig[a] = (int)(r % (uint32_t)(12 - (a - i)));
        r /= (uint32_t)(12 - (a - i));
    }
    for (int a = i; a < 4; a++) {
        int s = 0;
        for (int c = dig[a];; s++)
            if (!used[s] && !c--) break;
        used[s] = 1;
        v[a] = (uint8_t)(s * 2 + (int)(o >> (3 - a) & 1u));
    }
}

static const ptab *cur_tab;
static uint32_t ptab_next(uint32_t x, int m)
{
    uint8_t v[4];
    punindex(cur_tab, x, v);
    for (int a = 0; a < 4; a++) v[a] = piece_move(cur_tab->pc[a], v[a], m);
    return pindex(cur_tab, v);
}
static uint32_t ptab_goal;
static int ptab_source(uint32_t x) { return x == ptab_goal; }

static int face_of(char ch)
{
    for (int f = 0; f < 6; f++)
        if (ec__face_char[f] == ch) return f;
    return -1;
}

/* the facelets of c seen after rotation codes rot[0..1] (255: none) */
static void turned_facelets(const ec_cube *c, const uint8_t rot[2], char f[EC_FACELETS_SIZE])
{
    ec_cube_to_facelets(c, f, EC_FACELETS_SIZE);
    for (int k = 0; k < 2; k++)
        if (rot[k] != 255) ec__apply_code(f, rot[k]);
}

/* the block tables in slices (optima.h, ec__block_build): the move tables, then each table's
 * breadth-first search (bb: the one under way, table bt; -1: none) */
static ec__bfs bb;
static int bt = -1;

int ec__block_build(int64_t *slice)
{
    if (block_ready) return EC_OK;
    for (int m = 0; m < 18; m++) {
        const ec_cube *mc = ec__move_cube(m);
        for (int i = 0; i < 8; i++)
            for (int o = 0; o < 3; o++) cmv[mc->cp[i] * 3 + o][m] = (uint8_t)(i * 3 + (o + mc->co[i]) % 3);
        for (int i = 0; i < 12; i++)
            for (int o = 0; o < 2; o++) emv[mc->ep[i] * 2 + o][m] = (uint8_t)(i * 2 + (o ^ mc->eo[i]));
    }
    for (int t = 0; t < 3; t++) {
        if (ptabs[t].d) continue;
        uint8_t v[4];
        for (int a = 0; a < 4; a++) {
            int p = ptabs[t].pc[a];
            v[a] = (uint8_t)(piece_home[p] * (IS_CORNER(p) ? 3 : 2));
        }
        cur_tab = &ptabs[t];
        ptab_goal = pindex(cur_tab, v);
        if (bt != t) {
            if (ec__bfs_start(&bb, ptabs[t].size, 18, ptab_next, ptab_source)) return EC_E_NOMEM;
            bt = t;
        }
        if (ec__bfs_run(&bb, slice) == EC_RUNNING) return EC_RUNNING;
        ptabs[t].d = bb.d, bt = -1;
    }
    /* each location's rotation: the first of the 24 (x/z part, then y part) that carries its
     * two free faces onto U and R */
    static const uint8_t first[6] = {255, 63, 64, 65, 69, 71}, second[4] = {255, 66, 67, 68};
    ec_cube id;
    ec_cube_solved(&id);
    for (int loc = 0; loc < 12; loc++) {
        int f1 = face_of(ec__edge_name[loc][0]), f2 = face_of(ec__edge_name[loc][1]);
        loc_rot[loc][0] = loc_rot[loc][1] = 255;
        for (int r = 0; r < 24; r++) {
            char f[EC_FACELETS_SIZE];
            uint8_t rot[2] = {first[r / 4], second[r % 4]};
            turned_facelets(&id, rot, f);
            int u = face_of(f[4]), rr = face_of(f[13]); /* the faces now at U and R */
            if ((u == f1 && rr == f2) || (u == f2 && rr == f1)) {
                memcpy(loc_rot[loc], rot, 2);
                break;
            }
        }
    }
    block_ready = 1;
    return EC_OK;
}

static int block_init(void)
{
    int64_t slice = INT64_MAX;
    return ec__block_build(&slice);
}

int ec__block_tables_done(void)
{
    int n = 0;
    for (int t = 0; t < 3; t++) n += ptabs[t].d != NULL;
    return n;
}

typedef struct bsrch {
    int64_t nodes, budget;
} bsrch;

static int bound(const uint8_t *v)
{
    int h = 0;
    for (int t = 0; t < 3; t++) {
        uint8_t w[4];
        for (int a = 0; a < 4; a++) w[a] = v[ptabs[t].pc[a]];
        int x = ptabs[t].d[pindex(&ptabs[t], w)];
        if (x > h) h = x;
    }
    return h;
}

static int at_home(const uint8_t *v)
{
    for (int p = 0; p < EC_OPT_BLOCK_PIECES; p++)
        if (v[p] != piece_home[p] * (IS_CORNER(p) ? 3 : 2)) return 0;
    return 1;
}

/* 1: a block within depth moves; 0: none; -1: out of nodes */
static int dfs(bsrch *s, const uint8_t *v, int depth, int prev)
{
    if (++s->nodes > s->budget) return -1;
    int h = bound(v);
    if (h > depth) return 0;
    if (h == 0 && at_home(v)) return 1;
    if (!depth) return 0;
    for (int m = 0; m < 18; m++) {
        if (!ec__move_follows(prev, m)) continue;
        uint8_t w[EC_OPT_BLOCK_PIECES];
        for (int p = 0; p < EC_OPT_BLOCK_PIECES; p++) w[p] = piece_move(p, v[p], m);
        int r = dfs(s, w, depth - 1, m);
        if (r) return r;
    }
    return 0;
}

int ec__block_view(const ec_cube *c, int loc, ec_cube *out)
{
    int rc = block_init();
    if (rc) return rc;
    char f[EC_FACELETS_SIZE];
    turned_facelets(c, loc_rot[loc], f);
    return ec_cube_from_facelets(f, out, NULL, 0);
}

int ec__block_bound(const uint8_t *v) { return block_init() ? 0 : bound(v); }

/* location loc's 7 piece values in c (seen after loc's rotation, colours renamed) */
static int block_pieces(const ec_cube *c, int loc, uint8_t *v)
{
    ec_cube r;
    int rc = ec__block_view(c, loc, &r);
    if (rc) return rc;
    for (int p = 0; p < EC_OPT_BLOCK_PIECES; p++) {
        int home = piece_home[p];
        if (IS_CORNER(p)) {
            for (int i = 0; i < 8; i++)
                if (r.cp[i] == home) v[p] = (uint8_t)(i * 3 + r.co[i]);
        } else {
            for (int i = 0; i < 12; i++)
                if (r.ep[i] == home) v[p] = (uint8_t)(i * 2 + r.eo[i]);
        }
    }
    return EC_OK;
}

int ec_optimum_block(const ec_cube *c, int loc, int nodes, int *len, int *where)
{
    if (!c || !len) return EC_E_NULL;
    if (loc < -1 || loc > 11 || nodes < 1) return EC_E_RANGE;
    int rc = block_init();
    if (rc) return rc;
    int lo = loc < 0 ? 0 : loc, hi = loc < 0 ? 11 : loc, lower = 99;
    uint8_t v[12][EC_OPT_BLOCK_PIECES];
    for (int l = lo; l <= hi; l++) {
        if ((rc = block_pieces(c, l, v[l]))) return rc;
        int h = bound(v[l]);
        if (h < lower) lower = h;
    }
    bsrch s = {0, nodes};
    for (int depth = lower;; depth++)
        for (int l = lo; l <= hi; l++) {
            int r = dfs(&s, v[l], depth, -1);
            if (r < 0) {
                *len = depth;
                return EC_BOUND;
            }
            if (r) {
                *len = depth;
                if (where) *where = l;
                return EC_OK;
            }
        }
}

/* ------------------------------------------------------------------ Thistlethwaite's stages */

static uint8_t *st_d[5];
static uint8_t g1moves[18], p2half[6];
static int ng1, g3_ready;
static uint8_t mcombMove[70][N_P2MOVES];
static int mcomb_solved;
static int16_t c96[N_PERM8], e576[N_PERM8];
static uint16_t c96inv[96], e576inv[576];
static ec_cube *flip_cube; /* stage 0: one cube per R/L orientation value */

static const uint8_t mslot[4] = {1, 3, 5, 7}, sslot[4] = {0, 2, 4, 6}; /* UF UB DF DB; UR UL DR DL */

/* R/L edge orientation of slots 0..10 */
static uint32_t lr_flip(const ec_cube *c)
{
    uint32_t v = 0;
    for (int s = 0; s < 11; s++) v |= (uint32_t)ec__edge_lr_flip(s, c->ep[s], c->eo[s]) << s;
    return v;
}
/* which 4 of the U/D edge slots 0..7 hold M-slice cubies (colex rank, 0..69) */
static int mcomb(const uint8_t *ep)
{
    static const uint8_t b[8][5] = {{1, 0, 0, 0, 0},  {1, 1, 0, 0, 0},   {1, 2, 1, 0, 0},   {1, 3, 3, 1, 0},
                                    {1, 4, 6, 4, 1},  {1, 5, 10, 10, 5}, {1, 6, 15, 20, 15}, {1, 7, 21, 35, 35}};
    int v = 0, k = 0;
    for (int i = 0; i < 8; i++)
        if (ec__edge_slice(ep[i]) == 0) ++k, v += b[i][k];
    return v;
}

static uint32_t s0_next(uint32_t i, int m)
{
    ec_cube t;
    ec_cube_multiply(&flip_cube[i], ec__move_cube(m), &t);
    return lr_flip(&t);
}
static int s0_source(uint32_t i) { return i == 0; }
static uint32_t s4_next(uint32_t i, int m) { return ec__sliceMove[i * 18 + g1moves[m]]; }
static int s4_source(uint32_t i) { return i == SLICE_SOLVED; }
static uint32_t s1_next(uint32_t i, int m)
{
    int mv = g1moves[m];
    return (uint32_t)ec__twistMove[(i / N_SLICE) * 18 + mv] * N_SLICE + ec__sliceMove[(i % N_SLICE) * 18 + mv];
}
static int s1_source(uint32_t i) { return i == SLICE_SOLVED; }
static uint32_t s2_next(uint32_t i, int m)
{
    return (uint32_t)ec__cpermMove[(i / 70) * N_P2MOVES + m] * 70 + mcombMove[i % 70][m];
}
static int s2_source(uint32_t i) { return (int)(i % 70) == mcomb_solved && c96[i / 70] >= 0; }
static uint32_t s3_next(uint32_t i, int m)
{
    int mp = (int)(i % 24), e = (int)(i / 24 % 576), cc = (int)(i / 24 / 576), mv = p2half[m];
    int c2 = c96[ec__cpermMove[c96inv[cc] * N_P2MOVES + mv]], e2 = e576[ec__epermMove[e576inv[e] * N_P2MOVES + mv]];
    return ((uint32_t)c2 * 576 + (uint32_t)e2) * 24 + ec__mpermMove[mp * N_P2MOVES + mv];
}
static int s3_source(uint32_t i) { return i == 0; }

/* stage 0's cubes: every R/L orientation reached from solved by face turns */
static int flip_cubes(void)
{
    flip_cube = malloc(sizeof(ec_cube) * 2048);
    uint16_t *q = malloc(sizeof(uint16_t) * 2048);
    uint8_t *seen = calloc(2048, 1);
    if (!flip_cube || !q || !seen) {
        free(flip_cube), free(q), free(seen);
        flip_cube = NULL;
        return EC_E_NOMEM;
    }
    int qh = 0, qt = 0;
    ec_cube_solved(&flip_cube[0]);
    seen[0] = 1, q[qt++] = 0;
    while (qh < qt) {
        int x = q[qh++];
        for (int m = 0; m < 18; m++) {
            ec_cube t;
            ec_cube_multiply(&flip_cube[x], ec__move_cube(m), &t);
            uint32_t y = lr_flip(&t);
            if (!seen[y]) seen[y] = 1, flip_cube[y] = t, q[qt++] = (uint16_t)y;
        }
    }
    free(q), free(seen);
    return EC_OK;
}

/* the maps of stages 2 and 3: the 96 G3 corner permutations, the 576 slice-keeping U/D edge
 * arrangements, the M-slice subset's move table */
static int g3_maps(void)
{
    ec_cube id;
    ec_cube_solved(&id);
    int nc = 0, ne = 0;
    for (int v = 0; v < N_PERM8; v++) {
        ec_cube t = id;
        ec__set_cperm(&t, v);
        c96[v] = ec__corner_perm_in_g3(t.cp) ? (int16_t)nc : -1;
        if (c96[v] >= 0 && nc < 96) c96inv[nc++] = (uint16_t)v;
        t = id;
        ec__set_eperm(&t, v);
        int ok = 1;
        uint8_t pm[4], ps[4];
        for (int k = 0; k < 4; k++) {
            ok &= ec__edge_slice(t.ep[mslot[k]]) == 0 && ec__edge_slice(t.ep[sslot[k]]) == 1;
            pm[k] = t.ep[mslot[k]], ps[k] = t.ep[sslot[k]];
        }
        e576[v] = ok ? (int16_t)(ec__perm_rank(pm, 4) * 24 + ec__perm_rank(ps, 4)) : -1;
        if (ok) e576inv[e576[v]] = (uint16_t)v, ne++;
        int x = mcomb(t.ep);
        for (int mi = 0; mi < N_P2MOVES; mi++) {
            ec_cube u;
            ec_cube_multiply(&t, ec__move_cube(ec__p2_move[mi]), &u);
            mcombMove[x][mi] = (uint8_t)mcomb(u.ep);
        }
    }
    mcomb_solved = mcomb(id.ep);
    g3_ready = 1;
    for (int i = 0, k = 0; i < N_P2MOVES; i++)
        if (ec__p2_move[i] % 3 == 1) p2half[k++] = (uint8_t)i;
    return nc == 96 && ne == 576 ? EC_OK : EC_E_STATE;
}

static int stage_init(int stage)
{
    if (st_d[stage]) return EC_OK;
    int rc = ec__coord_init();
    if (rc) return rc;
    ng1 = ec__group_moves(1, g1moves);
    switch (stage) {
    case 0:
        if (!flip_cube && (rc = flip_cubes())) return rc;
        st_d[0] = ec__optima_bfs(2048, 18, s0_next, s0_source);
        break;
    case 4: st_d[4] = ec__optima_bfs(N_SLICE, ng1, s4_next, s4_source); break;
    case 1: st_d[1] = ec__optima_bfs((uint32_t)N_TWIST * N_SLICE, ng1, s1_next, s1_source); break;
    default:
        if (!g3_ready && (rc = g3_maps())) return rc;
        if (stage == 2) st_d[2] = ec__optima_bfs((uint32_t)N_PERM8 * 70, N_P2MOVES, s2_next, s2_source);
        else st_d[3] = ec__optima_bfs(96u * 576 * 24, 6, s3_next, s3_source);
    }
    return st_d[stage] ? EC_OK : EC_E_NOMEM;
}

int ec_optimum_stage(const ec_cube *c, int stage, int *len)
{
    if (!c || !len) return EC_E_NULL;
    if (stage < 0 || stage > 4) return EC_E_RANGE;
    if (ec__in_group(c, stage == 4 ? 1 : stage) != 1) return EC_E_GROUP;
    int rc = stage_init(stage);
    if (rc) return rc;
    uint32_t i;
    switch (stage) {
    case 0: i = lr_flip(c); break;
    case 4: i = (uint32_t)ec__get_slice(c); break;
    case 1: i = (uint32_t)ec__get_twist(c) * N_SLICE + (uint32_t)ec__get_slice(c); break;
    case 2: i = (uint32_t)ec__get_cperm(c) * 70 + (uint32_t)mcomb(c->ep); break;
    default:
        i = ((uint32_t)c96[ec__get_cperm(c)] * 576 + (uint32_t)e576[ec__get_eperm(c)]) * 24 +
            (uint32_t)ec__get_mperm(c);
    }
    *len = st_d[stage][i];
    return EC_OK;
}

long ec_optima_bytes(void) { return bytes_built; }
