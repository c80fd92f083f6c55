/*
 * pairs.c - HuGO!'s pair-count fitness tables and block detection, over the core's packed
 * cube (core/packed.h).
 *
 * Data: one hg_pairset per block location (6 corner-edge + 10 centre-edge pairs on the block's
 * surface, paper Fig. 5) and one for the whole cube (24 corner-edge + 24 centre-edge pairs =
 * the paper's 48), each with its per-turn update lists. All derived from the sticker
 * geometry of cube.c (which sticker of a slot lies on which face), so nothing is typed in by
 * hand. Sizes: ~15 KB per pair set, 12 KB of mask tables per block set (144 KB), 55 KB of
 * byte tables for the whole cube's moved bits; built once in a few milliseconds.
 * Costs per turn of a prefix: pair mask: the whole cube re-tests 4 corner-edge pairs and 4
 * edge slots (one per-move entry; in SIMD builds as sticker colours compared in 16 byte
 * lanes, build_retest_lanes) and moves 8 bits by 3 table lookups; a block set's mask is 6
 * table lookups from 7 fields (2 corners, 5 edges) of the state, from scratch.
 */
#include <string.h>

#include "core/cube.h"
#include "solvers/hugo/hg.h"

/* Table 2: F U R B D L, then half turns, then counter-clockwise; evocube faces are U R F D L B
 * with code face*3 + quarter turns - 1. */
const uint8_t hg_gene_move[18] = {6, 0, 3, 15, 9, 12, 7, 1, 4, 16, 10, 13, 8, 2, 5, 17, 11, 14};
const uint8_t hg_move_gene[18] = {1, 7, 13, 2, 8, 14, 0, 6, 12, 4, 10, 16, 5, 11, 17, 3, 9, 15};

static hg_pairset block_sets[HG_LOCS], cube_set;
static uint32_t cube_copy_bytes[18][3][256];
static hg_retest cube_retest[18];
hg_colours hg__colours;
static uint16_t block_tabs[HG_LOCS][HG_BLOCK_CE][1024];
static int loc_f1[HG_LOCS], loc_f2[HG_LOCS], loc_block_edge[HG_LOCS];
static uint8_t block_cmask[HG_LOCS], block_n_e[HG_LOCS], block_e[HG_LOCS][12];
static int ready;

static int corner_face(int slot, int j) { return ec__corner_facelet[slot][j] / 9; }
static int edge_face(int slot, int j) { return ec__edge_facelet[slot][j] / 9; }
/* colour (a face letter) on sticker j of a corner slot holding value v */
static char corner_col(int j, int v) { return ec__corner_color[v / 3][(j - v % 3 + 3) % 3]; }
static char edge_col(int j, int v) { return ec__edge_color[v / 2][j ^ (v % 2)]; }

static int corner_touches(int slot, int f)
{
    return corner_face(slot, 0) == f || corner_face(slot, 1) == f || corner_face(slot, 2) == f;
}
static int edge_touches(int slot, int f) { return edge_face(slot, 0) == f || edge_face(slot, 1) == f; }

/* the pairs among the given corner and edge slots (bit masks) */
static void build_set(hg_pairset *p, unsigned cmask, unsigned emask)
{
    int ce_c[24], ce_e[24], ze_e[12];
    memset(p, 0, sizeof *p);
    for (int cs = 0; cs < 8; cs++) {
        if (!(cmask >> cs & 1)) continue;
        for (int es = 0; es < 12; es++) {
            if (!(emask >> es & 1)) continue;
            int cj[2], k;
            for (k = 0; k < 2; k++) {
                int f = edge_face(es, k), j;
                for (j = 0; j < 3 && corner_face(cs, j) != f; j++) {
                }
                if (j == 3) break;
                cj[k] = j;
            }
            if (k < 2) continue; /* not adjacent */
            int i = p->nce++;
            ce_c[i] = cs;
            ce_e[i] = es;
            p->ce_csh[i] = (uint8_t)(5 * cs);
            p->ce_esh[i] = (uint8_t)(5 * es);
            for (int cv = 0; cv < 24; cv++) {
                p->ce_need[i][cv] = 0xff;
                for (int ev = 0; ev < 24; ev++)
                    if (edge_col(0, ev) == corner_col(cj[0], cv) && edge_col(1, ev) == corner_col(cj[1], cv))
                        p->ce_need[i][cv] = (uint8_t)ev;
            }
        }
    }
    for (int es = 0; es < 12; es++) {
        if (!(emask >> es & 1)) continue;
        int z = p->nze++;
        ze_e[z] = es;
        p->ze_esh[z] = (uint8_t)(5 * es);
        for (int ev = 0; ev < 24; ev++)
            for (int k = 0; k < 2; k++)
                if (edge_col(k, ev) == ec__face_char[edge_face(es, k)]) p->ze_bits[z][ev] |= (uint8_t)(1u << k);
    }
    p->max = p->nce + 2 * p->nze;
    for (int m = 0; m < 18; m++) {
        const ec_bturn *t = &ec__bturn[m];
        int csrc[8], esrc[12]; /* the slot each slot's piece came from (itself when unmoved) */
        for (int i = 0; i < 8; i++) csrc[i] = i;
        for (int i = 0; i < 12; i++) esrc[i] = i;
        for (int i = 0; i < 4; i++) {
            csrc[t->cdst[i]] = t->csrc[i];
            esrc[t->edst[i]] = t->esrc[i];
        }
        uint64_t aff = 0;
        for (int i = 0; i < p->nce; i++) {
            int cmoved = csrc[ce_c[i]] != ce_c[i], emoved = esrc[ce_e[i]] != ce_e[i];
            if (!cmoved && !emoved) continue;
            aff |= 1ull << i;
            /* both pieces turned together: the pair's stickers still face each other, so its
             * status is the one of the pair they came from (when the set counts that one) */
            int from = -1;
            for (int j = 0; cmoved && emoved && j < p->nce; j++)
                if (ce_c[j] == csrc[ce_c[i]] && ce_e[j] == esrc[ce_e[i]]) from = j;
            if (from < 0) {
                p->aff_ce[m][p->naff_ce[m]++] = (uint8_t)i;
                continue;
            }
            int d = i - from, g;
            for (g = 0; g < p->ncopy[m] && p->copy_shift[m][g] != d; g++) {
            }
            if (g == p->ncopy[m]) {
                p->ncopy[m]++;
                p->copy_shift[m][g] = (int8_t)d;
            }
            p->copy_mask[m][g] |= 1ull << from;
        }
        for (int z = 0; z < p->nze; z++)
            if (esrc[ze_e[z]] != ze_e[z]) {
                p->aff_ze[m][p->naff_ze[m]++] = (uint8_t)z;
                aff |= 3ull << (p->nce + 2 * z);
            }
        p->keep[m] = ~aff;
    }
}

/* p's mask from scratch as one table per corner-edge pair (hg.h, pair_tab): entry
 * cv << 5 | ev holds the pair's bit when edge value ev matches corner value cv, and the
 * centre-edge bits of edge value ev when the pair is the first on its edge slot in the
 * order A-M, A-a1, A-a2, B-M, B-b1, B-b2. Left unset (the incremental update stays) unless
 * the set has that shape (a 2x2x3 block's surface: 2 corners, 5 edges, 6 pairs, 16 bits). */
static void build_pair_tabs(hg_pairset *p, uint16_t (*tab)[1024])
{
    if (p->nce != HG_BLOCK_CE || p->nze != HG_BLOCK_E || p->max > 16) return;
    /* the two corner slots, and for each its pairs; M is the edge slot both have a pair on */
    int cs[2], nc = 0, pr[2][3], np[2] = {0, 0};
    for (int i = 0; i < p->nce; i++) {
        int j = 0;
        while (j < nc && cs[j] != p->ce_csh[i]) j++;
        if (j == nc) {
            if (nc == 2) return;
            cs[nc++] = p->ce_csh[i];
        }
        if (np[j] == 3) return;
        pr[j][np[j]++] = i;
    }
    if (nc != 2 || np[0] != 3 || np[1] != 3) return;
    int ma = -1, mb = -1;
    for (int x = 0; x < 3; x++)
        for (int y = 0; y < 3; y++)
            if (p->ce_esh[pr[0][x]] == p->ce_esh[pr[1][y]]) {
                ma = x;
                mb = y;
            }
    if (ma < 0) return;
    int order[HG_BLOCK_CE], k = 0; /* canonical position -> pair */
    order[k++] = pr[0][ma];
    for (int x = 0; x < 3; x++)
        if (x != ma) order[k++] = pr[0][x];
    order[k++] = pr[1][mb];
    for (int y = 0; y < 3; y++)
        if (y != mb) order[k++] = pr[1][y];
    static const int edge_of[HG_BLOCK_CE] = {0, 1, 2, 0, 3, 4}; /* canonical position -> M a1 a2 b1 b2 */
    int zof[HG_BLOCK_E]; /* M a1 a2 b1 b2 -> centre-edge slot */
    for (int x = 0; x < HG_BLOCK_CE; x++) {
        int z = 0;
        while (z < p->nze && p->ze_esh[z] != p->ce_esh[order[x]]) z++;
        if (z == p->nze) return;
        zof[edge_of[x]] = z;
    }
    for (int x = 0; x < HG_BLOCK_E; x++)
        for (int y = 0; y < x; y++)
            if (zof[x] == zof[y]) return; /* not five distinct edge slots */
    p->tab_csh[0] = (uint8_t)cs[0];
    p->tab_csh[1] = (uint8_t)cs[1];
    for (int x = 0; x < HG_BLOCK_E; x++) p->tab_esh[x] = p->ze_esh[zof[x]];
    for (int x = 0; x < 2; x++) p->tab_cs[x] = (uint8_t)(p->tab_csh[x] / 5);
    for (int x = 0; x < HG_BLOCK_E; x++) p->tab_es[x] = (uint8_t)(p->tab_esh[x] / 5);
    for (int x = 0; x < HG_BLOCK_CE; x++) {
        int i = order[x], z = zof[edge_of[x]], first = x != 3; /* B-M: M's bits are in A-M's */
        for (int cv = 0; cv < 32; cv++)
            for (int ev = 0; ev < 32; ev++) {
                uint64_t b = cv < 24 && p->ce_need[i][cv] == ev ? 1ull << i : 0;
                if (first) b |= (uint64_t)p->ze_bits[z][ev] << (p->nce + 2 * z);
                tab[x][cv << 5 | ev] = (uint16_t)b;
            }
    }
    p->pair_tab = (const uint16_t(*)[1024])tab;
}

/* the lanes of the whole cube's SIMD re-tests (hg.h, hg_retest), from the same geometry as
 * build_set: a pair matches when both edge stickers show the colour of the corner sticker
 * facing them; corner sticker j of value v shows corner_col(j, v) = sticker 0 of the value
 * twisted by (3 - j) % 3 */
static void build_retest_lanes(void)
{
    for (int v = 0; v < 32; v++) {
        hg__colours.e0[v >> 4][v & 15] = (uint8_t)(v < 24 ? edge_col(0, v) : 0);
        hg__colours.e1[v >> 4][v & 15] = (uint8_t)(v < 24 ? edge_col(1, v) : 0);
        hg__colours.c0[v >> 4][v & 15] = (uint8_t)(v < 24 ? corner_col(0, v) : 0);
    }
    for (int l = 0; l < 16; l++) hg__colours.low8[l] = l < 8 ? 0xff : 0;
    for (int m = 0; m < 18; m++) {
        hg_retest *r = &cube_retest[m];
        memset(r->gc, 0x80, 16);
        memset(r->rot, 0, 16);
        memset(r->esel, 0, 16);
        memset(r->fz, 0, 16);
        memset(r->sce, 0, sizeof r->sce);
        memset(r->sze, 0, sizeof r->sze);
        for (int k = 0; k < 4; k++) {
            int cs = r->cs[k], es = r->es[k];
            for (int st = 0; st < 2; st++) { /* edge sticker st of the pair's edge, the corner sticker facing it */
                int f = edge_face(es, st), j = 0;
                while (corner_face(cs, j) != f) j++;
                r->gc[4 * st + k] = (uint8_t)cs;
                r->ge[4 * st + k] = (uint8_t)es;
                r->rot[4 * st + k] = (uint8_t)((3 - j) % 3);
                r->esel[4 * st + k] = st ? 0xff : 0;
                r->ge[8 + 2 * k + st] = r->zs[k];
                r->esel[8 + 2 * k + st] = st ? 0xff : 0;
                r->fz[8 + 2 * k + st] = (uint8_t)ec__face_char[edge_face(r->zs[k], st)];
            }
        }
        for (int b = 0; b < 16; b++)
            for (int k = 0; k < 4; k++) {
                if (b >> k & 1) r->sce[b] |= 1ull << r->cbit[k];
                /* nibble h of the edge-slot lanes: slots 2h and 2h + 1, stickers 0 and 1 */
                for (int h = 0; h < 2; h++)
                    if (b >> k & 1) r->sze[h][b] |= 1ull << (r->zbit[2 * h + k / 2] + k % 2);
            }
    }
}

void hg__pairs_init(void)
{
    if (ready) return;
    ec__packed_init();
    for (int loc = 0; loc < HG_LOCS; loc++) {
        int f1 = edge_face(loc, 0), f2 = edge_face(loc, 1);
        loc_f1[loc] = f1;
        loc_f2[loc] = f2;
        unsigned cm = 0, em = 0;
        for (int s = 0; s < 8; s++)
            if (!corner_touches(s, f1) && !corner_touches(s, f2)) cm |= 1u << s;
        for (int s = 0; s < 12; s++)
            if (!edge_touches(s, f1) && !edge_touches(s, f2)) {
                em |= 1u << s;
                block_e[loc][block_n_e[loc]++] = (uint8_t)s;
            }
        block_cmask[loc] = (uint8_t)cm;
        build_set(&block_sets[loc], cm, em);
        build_pair_tabs(&block_sets[loc], block_tabs[loc]);
        int o1 = (f1 + 3) % 6, o2 = (f2 + 3) % 6;
        for (int s = 0; s < 12; s++)
            if (edge_touches(s, o1) && edge_touches(s, o2)) loc_block_edge[loc] = s;
    }
    build_set(&cube_set, 0xffu, 0xfffu);
    /* the cube set's copies as byte tables (its corner-edge pairs are bits 0..23) */
    for (int m = 0; m < 18; m++)
        for (int b = 0; b < 3; b++)
            for (int v = 0; v < 256; v++) {
                uint64_t in = (uint64_t)v << (8 * b), out = 0;
                for (int g = 0; g < cube_set.ncopy[m]; g++) {
                    int d = cube_set.copy_shift[m][g];
                    uint64_t x = in & cube_set.copy_mask[m][g];
                    out |= d >= 0 ? x << d : x >> -d;
                }
                cube_copy_bytes[m][b][v] = (uint32_t)out;
            }
    cube_set.copy_bytes = (const uint32_t(*)[3][256])cube_copy_bytes;
    int fixed = 1;
    for (int m = 0; m < 18; m++) {
        const hg_pairset *p = &cube_set;
        hg_retest *r = &cube_retest[m];
        fixed &= p->naff_ce[m] == 4 && p->naff_ze[m] == 4;
        if (!fixed) break;
        r->keep = p->keep[m];
        r->copy = cube_copy_bytes[m];
        for (int k = 0; k < 4; k++) {
            int i = p->aff_ce[m][k], z = p->aff_ze[m][k];
            r->need[k] = p->ce_need[i];
            r->cs[k] = (uint8_t)(p->ce_csh[i] / 5);
            r->es[k] = (uint8_t)(p->ce_esh[i] / 5);
            r->cbit[k] = (uint8_t)i;
            r->zbits[k] = p->ze_bits[z];
            r->zs[k] = (uint8_t)(p->ze_esh[z] / 5);
            r->zbit[k] = (uint8_t)(p->nce + 2 * z);
        }
    }
    if (fixed) {
        build_retest_lanes();
        cube_set.retest = cube_retest;
    }
    ready = 1;
}

const hg_pairset *hg_block_pairs(int loc) { return &block_sets[loc]; }
const hg_pairset *hg_cube_pairs(void) { return &cube_set; }

void hg_loc_faces(int loc, int *f1, int *f2)
{
    *f1 = loc_f1[loc];
    *f2 = loc_f2[loc];
}

const char *hg_loc_block_name(int loc) { return ec__edge_name[loc_block_edge[loc]]; }

int hg_block_solved(const ec_bcube *s, int loc)
{
    for (int i = 0; i < 8; i++)
        if ((block_cmask[loc] >> i & 1) && s->c[i] != i * 3) return 0;
    for (int i = 0; i < block_n_e[loc]; i++)
        if (s->e[block_e[loc][i]] != block_e[loc][i] * 2) return 0;
    return 1;
}
