/*
 * twogen.c - exact membership test for the two-generator group <f1, f2> of each block
 * location (f1, f2 = the location's two free faces).
 *
 * The group fixes the 2x2x3 block, never flips an edge relative to the two faces, and moves
 * the six free corners through exactly 120 of their 720 arrangements (the classic
 * <U,R> corner group, isomorphic to S5); corner twists are free (sum 0 mod 3) and the seven
 * free edges take all 5040 arrangements whose parity matches the corners' (which every valid
 * cube satisfies). Order 120 * 3^5 * 5040 / 2 = 73,483,200, the paper's figure.
 *
 * Nothing is hand-typed: both tables come from breadth-first searches with the face turns:
 *   good_e[loc][slot]  24-bit mask of the edge values (cubie*2+flip) that can occupy a free
 *                      edge slot (one flip per cubie: the orientation w.r.t. f1 and f2);
 *   reach_c[loc][rank] 1 when the free corners' arrangement (Lehmer rank over the location's
 *                      six free corner slots in ascending order) is reachable: 120 of 720.
 * Sizes: 12*12*4 + 12*720 bytes. Cost of a test: block check + 7 mask lookups + one rank.
 */
#include <string.h>

#include "core/perm.h"
#include "solvers/hugo/hg.h"

static uint32_t good_e[HG_LOCS][12];
static uint8_t reach_c[HG_LOCS][720];
static uint8_t free_c[HG_LOCS][6]; /* free corner slots, ascending */
static uint8_t free_e[HG_LOCS][7];
static int8_t local_c[HG_LOCS][8]; /* slot -> index in free_c, or -1 */

void hg__twogen_init(void)
{
    static int ready;
    if (ready) return;
    hg__pairs_init();
    for (int loc = 0; loc < HG_LOCS; loc++) {
        int f1, f2;
        hg_loc_faces(loc, &f1, &f2);
        int mv[6] = {f1 * 3, f1 * 3 + 1, f1 * 3 + 2, f2 * 3, f2 * 3 + 1, f2 * 3 + 2};
        /* free slots: those a generator moves */
        uint8_t cfree[8] = {0}, efree[12] = {0};
        for (int k = 0; k < 6; k++)
            for (int i = 0; i < 4; i++) {
                cfree[ec__bturn[mv[k]].cdst[i]] = 1;
                efree[ec__bturn[mv[k]].edst[i]] = 1;
            }
        int nc = 0, ne = 0;
        memset(local_c[loc], -1, sizeof local_c[loc]);
        for (int i = 0; i < 8; i++)
            if (cfree[i]) {
                local_c[loc][i] = (int8_t)nc;
                free_c[loc][nc++] = (uint8_t)i;
            }
        for (int i = 0; i < 12; i++)
            if (efree[i]) free_e[loc][ne++] = (uint8_t)i;
        /* edges: where can each free edge cubie go, with which flip */
        memset(good_e[loc], 0, sizeof good_e[loc]);
        for (int x = 0; x < 7; x++) {
            int cub = free_e[loc][x];
            uint8_t seen[24] = {0}, queue[24];
            int qh = 0, qt = 0;
            seen[cub * 2] = 1; /* value layout: slot*2 + flip, for one cubie */
            queue[qt++] = (uint8_t)(cub * 2);
            while (qh < qt) {
                int v = queue[qh++], slot = v / 2, fl = v % 2;
                good_e[loc][slot] |= 1u << (cub * 2 + fl);
                for (int k = 0; k < 6; k++) {
                    const ec_bturn *t = &ec__bturn[mv[k]];
                    int ns = slot, nf = fl;
                    for (int i = 0; i < 4; i++)
                        if (t->esrc[i] == slot) {
                            ns = t->edst[i];
                            nf = fl ^ t->efl[i];
                        }
                    int w = ns * 2 + nf;
                    if (!seen[w]) {
                        seen[w] = 1;
                        queue[qt++] = (uint8_t)w;
                    }
                }
            }
        }
        /* corners: BFS over the arrangements of the six free corners */
        memset(reach_c[loc], 0, sizeof reach_c[loc]);
        static uint16_t queue[720];
        int qh = 0, qt = 0;
        uint8_t id[6] = {0, 1, 2, 3, 4, 5};
        int r0 = ec__perm_rank(id, 6);
        reach_c[loc][r0] = 1;
        queue[qt++] = (uint16_t)r0;
        while (qh < qt) {
            uint8_t p[6], q[6];
            ec__perm_unrank(p, 6, queue[qh++], 0);
            for (int k = 0; k < 6; k++) {
                const ec_bturn *t = &ec__bturn[mv[k]];
                memcpy(q, p, 6);
                for (int i = 0; i < 4; i++) q[local_c[loc][t->cdst[i]]] = p[local_c[loc][t->csrc[i]]];
                int r = ec__perm_rank(q, 6);
                if (!reach_c[loc][r]) {
                    reach_c[loc][r] = 1;
                    queue[qt++] = (uint16_t)r;
                }
            }
        }
    }
    ready = 1;
}

int hg_twogen(const ec_bcube *s, int loc)
{
    if (!hg_block_solved(s, loc)) return 0;
    for (int i = 0; i < 7; i++) {
        int slot = free_e[loc][i];
        if (!(good_e[loc][slot] >> s->e[slot] & 1)) return 0;
    }
    uint8_t p[6];
    for (int i = 0; i < 6; i++) {
        int l = local_c[loc][s->c[free_c[loc][i]] / 3];
        if (l < 0) return 0; /* a block corner in a free slot (cannot happen when the block is solved) */
        p[i] = (uint8_t)l;
    }
    return reach_c[loc][ec__perm_rank(p, 6)];
}
