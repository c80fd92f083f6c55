/* cube.c - the cubie model: face turns, composition, inverse, checks, facelet output. */
#include "core/cube.h"

#include <string.h>

#include "core/geometry.h"
#include "core/util.h"

const uint8_t ec__corner_facelet[8][3] = {
    {8, 9, 20}, {6, 18, 38}, {0, 36, 47}, {2, 45, 11},
    {29, 26, 15}, {27, 44, 24}, {33, 53, 42}, {35, 17, 51}};
const uint8_t ec__edge_facelet[12][2] = {
    {5, 10}, {7, 19}, {3, 37}, {1, 46}, {32, 16}, {28, 25},
    {30, 43}, {34, 52}, {23, 12}, {21, 41}, {50, 39}, {48, 14}};
const char ec__corner_color[8][3] = {
    {'U', 'R', 'F'}, {'U', 'F', 'L'}, {'U', 'L', 'B'}, {'U', 'B', 'R'},
    {'D', 'F', 'R'}, {'D', 'L', 'F'}, {'D', 'B', 'L'}, {'D', 'R', 'B'}};
const char ec__edge_color[12][2] = {
    {'U', 'R'}, {'U', 'F'}, {'U', 'L'}, {'U', 'B'}, {'D', 'R'}, {'D', 'F'},
    {'D', 'L'}, {'D', 'B'}, {'F', 'R'}, {'F', 'L'}, {'B', 'L'}, {'B', 'R'}};
const char *const ec__corner_name[8] = {"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"};
const char *const ec__edge_name[12] = {"UR", "UF", "UL", "UB", "DR", "DF",
                                       "DL", "DB", "FR", "FL", "BL", "BR"};
const char ec__face_char[6] = {'U', 'R', 'F', 'D', 'L', 'B'};

static const char solved_stickers[] =
    "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

static ec_cube moves[18];
static int moves_ready;

void ec__cube_from_stickers(const char *f, ec_cube *c)
{
    for (int i = 0; i < 8; i++) {
        int ori = 0;
        while (ori < 2 && f[ec__corner_facelet[i][ori]] != 'U' && f[ec__corner_facelet[i][ori]] != 'D')
            ori++;
        char c1 = f[ec__corner_facelet[i][(ori + 1) % 3]];
        char c2 = f[ec__corner_facelet[i][(ori + 2) % 3]];
        c->cp[i] = 0;
        for (int j = 0; j < 8; j++)
            if (c1 == ec__corner_color[j][1] && c2 == ec__corner_color[j][2]) c->cp[i] = (uint8_t)j;
        c->co[i] = (uint8_t)ori;
    }
    for (int i = 0; i < 12; i++) {
        char a = f[ec__edge_facelet[i][0]], b = f[ec__edge_facelet[i][1]];
        c->ep[i] = 0;
        c->eo[i] = 0;
        for (int j = 0; j < 12; j++) {
            if (a == ec__edge_color[j][0] && b == ec__edge_color[j][1]) {
                c->ep[i] = (uint8_t)j;
                c->eo[i] = 0;
            } else if (a == ec__edge_color[j][1] && b == ec__edge_color[j][0]) {
                c->ep[i] = (uint8_t)j;
                c->eo[i] = 1;
            }
        }
    }
}

static void build_moves(void)
{
    for (int f = 0; f < 6; f++) {
        char s[55];
        memcpy(s, solved_stickers, 55);
        ec__apply_code(s, f * 3);
        ec__cube_from_stickers(s, &moves[f * 3]);
        ec_cube_multiply(&moves[f * 3], &moves[f * 3], &moves[f * 3 + 1]);
        ec_cube_multiply(&moves[f * 3 + 1], &moves[f * 3], &moves[f * 3 + 2]);
    }
    moves_ready = 1;
}

const ec_cube *ec__move_cube(int m)
{
    if (!moves_ready) build_moves();
    return &moves[m];
}

void ec_cube_solved(ec_cube *c)
{
    for (int i = 0; i < 8; i++) {
        c->cp[i] = (uint8_t)i;
        c->co[i] = 0;
    }
    for (int i = 0; i < 12; i++) {
        c->ep[i] = (uint8_t)i;
        c->eo[i] = 0;
    }
}

int ec_cube_is_solved(const ec_cube *c)
{
    if (!c) return 0;
    for (int i = 0; i < 8; i++)
        if (c->cp[i] != i || c->co[i]) return 0;
    for (int i = 0; i < 12; i++)
        if (c->ep[i] != i || c->eo[i]) return 0;
    return 1;
}

void ec_cube_multiply(const ec_cube *a, const ec_cube *b, ec_cube *out)
{
    for (int i = 0; i < 8; i++) {
        out->cp[i] = a->cp[b->cp[i]];
        out->co[i] = (uint8_t)((a->co[b->cp[i]] + b->co[i]) % 3);
    }
    for (int i = 0; i < 12; i++) {
        out->ep[i] = a->ep[b->ep[i]];
        out->eo[i] = (uint8_t)(a->eo[b->ep[i]] ^ b->eo[i]);
    }
}

void ec_cube_inverse(const ec_cube *a, ec_cube *out)
{
    for (int i = 0; i < 8; i++) {
        out->cp[a->cp[i]] = (uint8_t)i;
        out->co[a->cp[i]] = (uint8_t)((3 - a->co[i]) % 3);
    }
    for (int i = 0; i < 12; i++) {
        out->ep[a->ep[i]] = (uint8_t)i;
        out->eo[a->ep[i]] = a->eo[i];
    }
}

int ec_cube_move(ec_cube *c, int m)
{
    if (!c) return EC_E_NULL;
    if (m < 0 || m >= 18) return EC_E_RANGE;
    ec_cube t;
    ec_cube_multiply(c, ec__move_cube(m), &t);
    *c = t;
    return EC_OK;
}

int ec_cube_moves(ec_cube *c, const uint8_t *mv, int n)
{
    if (!c || (n > 0 && !mv)) return EC_E_NULL;
    for (int i = 0; i < n; i++) {
        int rc = ec_cube_move(c, mv[i]);
        if (rc) return rc;
    }
    return EC_OK;
}

int ec__parity(const uint8_t *p, int n)
{
    int par = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (p[i] > p[j]) par ^= 1;
    return par;
}

int ec_cube_check(const ec_cube *c, char *msg, int msgsize)
{
    if (!c) return EC_E_NULL;
    int seen_c = 0, seen_e = 0, twist = 0, flip = 0;
    for (int i = 0; i < 8; i++) {
        if (c->cp[i] >= 8 || (seen_c >> c->cp[i] & 1) || c->co[i] > 2)
            return ec__msg(EC_E_CORNER_DUPLICATE, msg, msgsize, "corner slot %s holds an invalid or repeated cubie", ec__corner_name[i]);
        seen_c |= 1 << c->cp[i];
        twist += c->co[i];
    }
    for (int i = 0; i < 12; i++) {
        if (c->ep[i] >= 12 || (seen_e >> c->ep[i] & 1) || c->eo[i] > 1)
            return ec__msg(EC_E_EDGE_DUPLICATE, msg, msgsize, "edge slot %s holds an invalid or repeated cubie", ec__edge_name[i]);
        seen_e |= 1 << c->ep[i];
        flip += c->eo[i];
    }
    if (flip % 2) return ec__msg(EC_E_FLIP, msg, msgsize, "one edge is flipped (total edge flip is odd)");
    if (twist % 3) return ec__msg(EC_E_TWIST, msg, msgsize, "a corner is twisted (total corner twist is %d mod 3)", twist % 3);
    if (ec__parity(c->cp, 8) != ec__parity(c->ep, 12))
        return ec__msg(EC_E_PARITY, msg, msgsize, "two pieces are swapped (corner and edge permutation parities differ)");
    return EC_OK;
}

int ec_cube_to_facelets(const ec_cube *c, char *out, int size)
{
    if (!c || !out) return EC_E_NULL;
    if (size < EC_FACELETS_SIZE) return EC_E_BUFFER;
    memcpy(out, solved_stickers, 55);
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            out[ec__corner_facelet[i][(k + c->co[i]) % 3]] = ec__corner_color[c->cp[i]][k];
    for (int i = 0; i < 12; i++)
        for (int k = 0; k < 2; k++)
            out[ec__edge_facelet[i][(k + c->eo[i]) % 2]] = ec__edge_color[c->ep[i]][k];
    return EC_OK;
}
