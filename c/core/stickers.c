/*
 * stickers.c - per-piece sticker counts and the whole cube's (layout in stickers.h).
 */
#include "core/stickers.h"

#include "core/cube.h"

uint8_t ec__stk_wrong_c[8][24], ec__stk_wrong_e[12][24];
uint8_t ec__stk_offaxis_c[8][24], ec__stk_offaxis_e[12][24];
static int ready;

static int face_index(char ch)
{
    for (int f = 0; f < 6; f++)
        if (ec__face_char[f] == ch) return f;
    return 0;
}

/* the n stickers of a piece with colours `colors` in a slot with stickers `facelets` at
 * orientation o: *wrong off their face's colour, *offaxis neither it nor the opposite's */
static void count(const uint8_t *facelets, const char *colors, int n, int o, uint8_t *wrong, uint8_t *offaxis)
{
    int w = 0, x = 0;
    for (int k = 0; k < n; k++) {
        int face = facelets[(k + o) % n] / 9, col = face_index(colors[k]);
        w += col != face;
        x += col != face && col != (face + 3) % 6;
    }
    *wrong = (uint8_t)w;
    *offaxis = (uint8_t)x;
}

void ec__stickers_init(void)
{
    if (ready) return;
    for (int i = 0; i < 8; i++)
        for (int v = 0; v < 24; v++)
            count(ec__corner_facelet[i], ec__corner_color[v / 3], 3, v % 3, &ec__stk_wrong_c[i][v], &ec__stk_offaxis_c[i][v]);
    for (int i = 0; i < 12; i++)
        for (int v = 0; v < 24; v++)
            count(ec__edge_facelet[i], ec__edge_color[v / 2], 2, v % 2, &ec__stk_wrong_e[i][v], &ec__stk_offaxis_e[i][v]);
    ready = 1;
}

int ec__sticker_misplaced(const ec_cube *c)
{
    if (!ready) ec__stickers_init();
    int n = 0;
    for (int i = 0; i < 8; i++) n += ec__stk_wrong_c[i][c->cp[i] * 3 + c->co[i]];
    for (int i = 0; i < 12; i++) n += ec__stk_wrong_e[i][c->ep[i] * 2 + c->eo[i]];
    return n;
}
