/* geometry.c - sticker coordinates and base-move sticker permutations (see geometry.h). */
#include "core/geometry.h"

#include <string.h>

typedef struct {
    int p[3]; /* cubie position, each -1..1 */
    int n[3]; /* outward normal */
} sticker;

static sticker stickers[54];
static uint8_t perms[EC_BASES][54];
static int ready;

/* Position of sticker (face, row r, column c), faces in Kociemba's order U R F D L B. */
static void place(int face, int r, int c, sticker *s)
{
    memset(s, 0, sizeof *s);
    switch (face) {
    case 0: s->p[0] = c - 1; s->p[1] = 1; s->p[2] = r - 1; s->n[1] = 1; break;   /* U */
    case 1: s->p[0] = 1; s->p[1] = 1 - r; s->p[2] = 1 - c; s->n[0] = 1; break;   /* R */
    case 2: s->p[0] = c - 1; s->p[1] = 1 - r; s->p[2] = 1; s->n[2] = 1; break;   /* F */
    case 3: s->p[0] = c - 1; s->p[1] = -1; s->p[2] = 1 - r; s->n[1] = -1; break; /* D */
    case 4: s->p[0] = -1; s->p[1] = 1 - r; s->p[2] = c - 1; s->n[0] = -1; break; /* L */
    default: s->p[0] = 1 - c; s->p[1] = 1 - r; s->p[2] = -1; s->n[2] = -1; break; /* B */
    }
}

/* Rotate vector v a quarter turn clockwise as seen from the +axis end (sign=+1) or from
 * the -axis end (sign=-1). Clockwise from +axis is a -90 degree right-hand rotation. */
static void rot(int v[3], int axis, int sign)
{
    int a = (axis + 1) % 3, b = (axis + 2) % 3; /* right-handed pair (a, b) around axis */
    int va = v[a], vb = v[b];
    if (sign > 0) { /* -90 degrees: a' = b, b' = -a */
        v[a] = vb;
        v[b] = -va;
    } else {
        v[a] = -vb;
        v[b] = va;
    }
}

static int find(const sticker *s)
{
    for (int i = 0; i < 54; i++)
        if (!memcmp(stickers[i].p, s->p, sizeof s->p) && !memcmp(stickers[i].n, s->n, sizeof s->n))
            return i;
    return -1; /* unreachable: rotations map stickers to stickers */
}

/* Base b: axis (0 x, 1 y, 2 z), the side it is seen from, and which layers (-1, 0, 1) turn. */
static void base_spec(int b, int *axis, int *sign, int layers[3])
{
    static const int face_axis[6] = {1, 0, 2, 1, 0, 2}; /* U R F D L B */
    static const int face_sign[6] = {1, 1, 1, -1, -1, -1};
    layers[0] = layers[1] = layers[2] = 0;
    if (b < 18) { /* faces 0..5, wide 6..11 and 12..17 */
        int f = b % 6;
        *axis = face_axis[f];
        *sign = face_sign[f];
        layers[*sign + 1] = 1;
        if (b >= 6) layers[1] = 1;
    } else if (b < 21) { /* M (like L), E (like D), S (like F) */
        static const int sa[3] = {0, 1, 2}, ss[3] = {-1, -1, 1};
        *axis = sa[b - 18];
        *sign = ss[b - 18];
        layers[1] = 1;
    } else { /* x y z, like R U F */
        *axis = b - 21;
        *sign = 1;
        layers[0] = layers[1] = layers[2] = 1;
    }
}

static void build(void)
{
    for (int i = 0; i < 54; i++) place(i / 9, (i % 9) / 3, i % 3, &stickers[i]);
    for (int b = 0; b < EC_BASES; b++) {
        int axis, sign, layers[3];
        base_spec(b, &axis, &sign, layers);
        for (int i = 0; i < 54; i++) {
            sticker s = stickers[i];
            if (layers[s.p[axis] + 1]) {
                rot(s.p, axis, sign);
                rot(s.n, axis, sign);
            }
            perms[b][i] = (uint8_t)find(&s);
        }
    }
    ready = 1;
}

const uint8_t *ec__base_perm(int b)
{
    if (!ready) build();
    return perms[b];
}

void ec__apply_code(char *f, int code)
{
    const uint8_t *to = ec__base_perm(code / 3);
    for (int t = 0; t <= code % 3; t++) {
        char old[54];
        memcpy(old, f, 54);
        for (int i = 0; i < 54; i++) f[to[i]] = old[i];
    }
}
