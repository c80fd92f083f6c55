/* groups.c - Thistlethwaite's nested groups G0..G4: exact membership tests (see groups.h). */
#include "search/groups.h"

#include "core/cube.h"

int ec__edge_slice(int e)
{
    if (e >= 8) return 2;        /* FR FL BL BR */
    return (e & 1) ? 0 : 1;      /* UF UB DF DB (odd) are M; UR UL DR DL (even) are S */
}

int ec__corner_tetrad(int c)
{
    /* A = URF(0) ULB(2) DLF(5) DRB(7); B = UFL(1) UBR(3) DFR(4) DBL(6) */
    static const uint8_t t[8] = {0, 1, 0, 1, 1, 0, 1, 0};
    return t[c & 7];
}

int ec__face_axis(int f) { return f % 3; }

static int face_index(char ch)
{
    for (int f = 0; f < 6; f++)
        if (ec__face_char[f] == ch) return f;
    return -1;
}

int ec__edge_lr_flip(int slot, int cubie, int eo)
{
    /* Kociemba's eo compares sticker 0 of cubie and slot (the U/D sticker for U/D-layer
     * edges, the F/B one for E-slice edges). Our reference is sticker 0 for U/D-layer edges
     * and sticker 1 (the R/L one) for E-slice edges; switching reference on either side
     * flips the bit. */
    return (eo ^ (slot >= 8) ^ (cubie >= 8)) & 1;
}

int ec__g1_bad_edges(const ec_cube *c)
{
    int w = 0;
    for (int i = 0; i < 12; i++) w += ec__edge_lr_flip(i, c->ep[i], c->eo[i]);
    return w;
}

/* The face two corners share, or -1 (corners of one tetrad share exactly one). */
static int common_face(int a, int b)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (ec__corner_color[a][i] == ec__corner_color[b][j]) return face_index(ec__corner_color[a][i]);
    return -1;
}

/* The corner of s's tetrad that shares a face of axis a with s. */
static int mate(int s, int a)
{
    for (int t = 0; t < 8; t++) {
        if (t == s || ec__corner_tetrad(t) != ec__corner_tetrad(s)) continue;
        int f = common_face(s, t);
        if (f >= 0 && ec__face_axis(f) == a) return t;
    }
    return -1; /* not reached */
}

int ec__tetrad_axis_perm(const uint8_t cp[8], int t, uint8_t out[3])
{
    for (int s = 0; s < 8; s++)
        if (ec__corner_tetrad(s) == t && ec__corner_tetrad(cp[s]) != t) return 0;
    int s0 = t == 0 ? 0 : 1; /* URF or UFL: each pairing is determined by s0's partner */
    for (int a = 0; a < 3; a++) {
        int s1 = mate(s0, a);
        int f = common_face(cp[s0], cp[s1]);
        if (f < 0) return 0;
        out[a] = (uint8_t)ec__face_axis(f);
    }
    return 1;
}

int ec__corner_perm_in_g3(const uint8_t cp[8])
{
    uint8_t a[3], b[3];
    if (!ec__tetrad_axis_perm(cp, 0, a) || !ec__tetrad_axis_perm(cp, 1, b)) return 0;
    return a[0] == b[0] && a[1] == b[1] && a[2] == b[2];
}

static int in_g2(const ec_cube *c)
{
    for (int i = 0; i < 8; i++)
        if (c->co[i]) return 0;
    for (int i = 0; i < 12; i++)
        if (c->eo[i] || ((i >= 8) != (c->ep[i] >= 8))) return 0;
    return 1;
}

int ec__in_group(const ec_cube *c, int g)
{
    switch (g) {
    case 0:
        return ec_cube_check(c, 0, 0) == EC_OK;
    case 1:
        return ec__g1_bad_edges(c) == 0;
    case 2:
        return in_g2(c);
    case 3:
        if (!in_g2(c)) return 0;
        for (int i = 0; i < 12; i++)
            if (ec__edge_slice(i) != ec__edge_slice(c->ep[i])) return 0;
        if (ec__parity(c->ep, 12)) return 0; /* half turns are even on the edges */
        return ec__corner_perm_in_g3(c->cp);
    case 4:
        return ec_cube_is_solved(c);
    default:
        return -1;
    }
}

int ec__group_moves(int g, uint8_t out[18])
{
    int n = 0;
    for (int m = 0; m < 18; m++) {
        int face = m / 3, half = m % 3 == 1, ok;
        switch (g) {
        case 0: ok = 1; break;
        case 1: ok = half || (face != 1 && face != 4); break;            /* R, L only as R2, L2 */
        case 2: ok = half || face == 0 || face == 3; break;              /* quarter turns of U, D */
        case 3: ok = half; break;
        default: return 0;
        }
        if (ok) out[n++] = (uint8_t)m;
    }
    return n;
}
