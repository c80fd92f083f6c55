/*
 * frame.c - rotations, slices and wide turns as renamed face turns (see frame.h).
 * Tables: for each rotation axis the 4-cycle of faces one quarter turn carries onto each
 * other (x: F->U->B->D->F, y: F->L->B->R->F, z: U->R->D->L->U).
 */
#include "core/frame.h"

enum { U, R, F, D, L, B };

/* cyc[axis][k] moves onto cyc[axis][k+1] under a quarter turn of the axis. */
static const uint8_t cyc[3][4] = {{F, U, B, D}, {F, L, B, R}, {U, R, D, L}};
/* The rotation axis of each face: U/D y, R/L x, F/B z. */
static const uint8_t face_axis[6] = {1, 0, 2, 1, 0, 2};

void ec__frame_init(ec_frame *fr)
{
    for (int f = 0; f < 6; f++) fr->pos[f] = (uint8_t)f;
}

void ec__frame_rotate(ec_frame *fr, int axis, int q)
{
    for (int t = 0; t < ((q % 4) + 4) % 4; t++) {
        const uint8_t *c = cyc[axis];
        ec_frame old = *fr;
        /* the layer that sat at c[k] now sits at c[k+1]: a turn named c[k+1] turns it */
        for (int k = 0; k < 4; k++) fr->pos[c[(k + 1) % 4]] = old.pos[c[k]];
    }
}

static uint8_t turn(const ec_frame *fr, int face, int q)
{
    return (uint8_t)(fr->pos[face] * 3 + (((q % 4) + 4) % 4) - 1);
}

int ec__frame_code(ec_frame *fr, int code, uint8_t out[2])
{
    if (code < 0 || code >= 72) return -1;
    int base = code / 3, q = code % 3 + 1;
    if (base < 6) {
        out[0] = turn(fr, base, q);
        return 1;
    }
    if (base < 18) { /* wide: the opposite face turn, then the rotation with the wide face */
        int f = (base - 6) % 6, opp = (f + 3) % 6;
        out[0] = turn(fr, opp, q);
        ec__frame_rotate(fr, face_axis[f], f < 3 ? q : 4 - q);
        return 1;
    }
    if (base == 18) { /* M = R L' x' */
        out[0] = turn(fr, R, q);
        out[1] = turn(fr, L, 4 - q);
        ec__frame_rotate(fr, 0, 4 - q);
        return 2;
    }
    if (base == 19) { /* E = U D' y' */
        out[0] = turn(fr, U, q);
        out[1] = turn(fr, D, 4 - q);
        ec__frame_rotate(fr, 1, 4 - q);
        return 2;
    }
    if (base == 20) { /* S = F' B z */
        out[0] = turn(fr, F, 4 - q);
        out[1] = turn(fr, B, q);
        ec__frame_rotate(fr, 2, q);
        return 2;
    }
    ec__frame_rotate(fr, base - 21, q); /* x y z */
    return 0;
}
