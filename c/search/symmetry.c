/*
 * symmetry.c - the half-turn rotations y2, x2, z2 as conjugations of twist and flip, and
 * the twist classes under them (see symmetry.h). A rotation moves each corner (edge) slot
 * to another slot, taking the slot's reference sticker (its U/D one; for a slice edge its
 * F/B one) to the other slot's reference sticker, so the conjugate's orientations are the
 * cube's, moved: co'[pi(i)] = co[i], eo'[pi(i)] = eo[i]. The slot maps pi come from the
 * sticker geometry (geometry.c); test_twophase checks the reference-to-reference claim.
 */
#include "search/symmetry.h"

#include "core/cube.h"
#include "core/geometry.h"

uint16_t ec__twistConj[N_KLEIN][2187];
uint16_t ec__flipConj[N_KLEIN][2048];
uint16_t ec__twist2class[2187];
uint8_t ec__twist2sym[2187];
uint16_t ec__classRep[2187];
uint8_t ec__classStab[2187];
int ec__twistClasses;
static int ready;

/* Where rotation base b (21 x, 22 y, 23 z), turned twice, takes sticker f. */
static int half_turn(int b, int f)
{
    const uint8_t *to = ec__base_perm(b);
    return to[to[f]];
}

void ec__symmetry_init(void)
{
    if (ready) return;
    static const int base[N_KLEIN] = {-1, 22, 21, 23}; /* identity, y2, x2, z2 */
    for (int s = 0; s < N_KLEIN; s++) {
        int pc[8], pe[12];
        for (int i = 0; i < 8; i++) {
            int f = base[s] < 0 ? ec__corner_facelet[i][0] : half_turn(base[s], ec__corner_facelet[i][0]);
            for (int j = 0; j < 8; j++)
                for (int k = 0; k < 3; k++)
                    if (ec__corner_facelet[j][k] == f) pc[i] = j;
        }
        for (int i = 0; i < 12; i++) {
            int f = base[s] < 0 ? ec__edge_facelet[i][0] : half_turn(base[s], ec__edge_facelet[i][0]);
            for (int j = 0; j < 12; j++)
                for (int k = 0; k < 2; k++)
                    if (ec__edge_facelet[j][k] == f) pe[i] = j;
        }
        for (int tw = 0; tw < 2187; tw++) {
            int co[8], out[8], v = tw, sum = 0;
            for (int i = 6; i >= 0; i--) co[i] = v % 3, sum += co[i], v /= 3;
            co[7] = (3 - sum % 3) % 3;
            for (int i = 0; i < 8; i++) out[pc[i]] = co[i];
            for (int i = 0; i < 7; i++) v = v * 3 + out[i];
            ec__twistConj[s][tw] = (uint16_t)v;
        }
        for (int fl = 0; fl < 2048; fl++) {
            int eo[12], out[12], v = fl, sum = 0;
            for (int i = 10; i >= 0; i--) eo[i] = v & 1, sum += eo[i], v >>= 1;
            eo[11] = sum & 1;
            for (int i = 0; i < 12; i++) out[pe[i]] = eo[i];
            for (int i = 0; i < 11; i++) v = v * 2 + out[i];
            ec__flipConj[s][fl] = (uint16_t)v;
        }
    }
    int n = 0;
    for (int tw = 0; tw < 2187; tw++) {
        int rep = tw, sym = 0;
        for (int s = 1; s < N_KLEIN; s++)
            if (ec__twistConj[s][tw] < rep) rep = ec__twistConj[s][tw], sym = s;
        if (rep == tw) { /* a new class, its smallest member first */
            ec__classRep[n] = (uint16_t)tw;
            ec__classStab[n] = 0;
            for (int s = 0; s < N_KLEIN; s++)
                if (ec__twistConj[s][tw] == tw) ec__classStab[n] |= (uint8_t)(1 << s);
            ec__twist2class[tw] = (uint16_t)n++;
        } else {
            ec__twist2class[tw] = ec__twist2class[rep];
        }
        ec__twist2sym[tw] = (uint8_t)sym;
    }
    ec__twistClasses = n;
    ready = 1;
}
