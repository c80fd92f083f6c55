/*
 * packed.c - the byte and packed cubes' turn tables, built from the cubie model, and the
 * conversions (layouts in packed.h).
 */
#include "core/packed.h"

#include "core/cube.h"

ec_bturn ec__bturn[18];
ec_pkturn ec__pkturn[18];
uint8_t ec__ctwist[24][3];
#if EC_BREG_SIMD
ec_bturnv ec__bturnv[18];
ec_bvec ec__mod3_lo, ec__mod3_hi;

static ec_bvec vec_of(const uint8_t b[16])
{
#if defined(__wasm_simd128__)
    return wasm_v128_load(b);
#else
    return _mm_loadu_si128((const __m128i *)b);
#endif
}
#endif
static int ready;

void ec__packed_init(void)
{
    if (ready) return;
    for (int v = 0; v < 24; v++)
        for (int t = 0; t < 3; t++) ec__ctwist[v][t] = (uint8_t)(v / 3 * 3 + (v % 3 + t) % 3);
    for (int m = 0; m < 18; m++) {
        const ec_cube *mc = ec__move_cube(m);
        ec_bturn *bt = &ec__bturn[m];
        int k = 0;
        for (int i = 0; i < 8; i++)
            if (mc->cp[i] != i || mc->co[i]) {
                bt->cdst[k] = (uint8_t)i;
                bt->csrc[k] = mc->cp[i];
                bt->ctw[k] = mc->co[i];
                k++;
            }
        k = 0;
        for (int i = 0; i < 12; i++)
            if (mc->ep[i] != i || mc->eo[i]) {
                bt->edst[k] = (uint8_t)i;
                bt->esrc[k] = mc->ep[i];
                bt->efl[k] = mc->eo[i];
                k++;
            }
        ec_pkturn *pt = &ec__pkturn[m];
        pt->ckeep = pt->ekeep = ~0ull;
        pt->eflip = 0;
        for (k = 0; k < 4; k++) {
            int esrc = 5 * bt->esrc[k], edst = 5 * bt->edst[k];
            pt->csrc[k] = (uint8_t)(5 * bt->csrc[k]);
            for (int v = 0; v < 32; v++) pt->cval[k][v] = v < 24 ? (uint64_t)ec__ctwist[v][bt->ctw[k]] << (5 * bt->cdst[k]) : 0;
            pt->emask[k] = 31ull << esrc;
            pt->erot[k] = (uint8_t)((edst - esrc) & 63);
            pt->ckeep &= ~(31ull << (5 * bt->cdst[k]));
            pt->ekeep &= ~(31ull << edst);
            pt->eflip |= (uint64_t)bt->efl[k] << edst;
        }
#if EC_BREG_SIMD
        uint8_t cp[16], ct[16] = {0}, ep[16], ef[16] = {0};
        for (int i = 0; i < 16; i++) cp[i] = ep[i] = (uint8_t)i;
        for (k = 0; k < 4; k++) {
            cp[bt->cdst[k]] = bt->csrc[k];
            ct[bt->cdst[k]] = bt->ctw[k];
            ep[bt->edst[k]] = bt->esrc[k];
            ef[bt->edst[k]] = bt->efl[k];
        }
        ec__bturnv[m].cperm = vec_of(cp);
        ec__bturnv[m].ctw = vec_of(ct);
        ec__bturnv[m].eperm = vec_of(ep);
        ec__bturnv[m].efl = vec_of(ef);
#endif
    }
#if EC_BREG_SIMD
    uint8_t lo[16], hi[16];
    for (int i = 0; i < 16; i++) {
        lo[i] = (uint8_t)(i % 3);
        hi[i] = (uint8_t)((i + 16) % 3);
    }
    ec__mod3_lo = vec_of(lo);
    ec__mod3_hi = vec_of(hi);
#endif
    ready = 1;
}

void ec__bcube_from_cube(const ec_cube *c, ec_bcube *s)
{
    for (int i = 0; i < 8; i++) s->c[i] = (uint8_t)(c->cp[i] * 3 + c->co[i]);
    for (int i = 0; i < 12; i++) s->e[i] = (uint8_t)(c->ep[i] * 2 + c->eo[i]);
}

void ec__bcube_to_cube(const ec_bcube *s, ec_cube *c)
{
    for (int i = 0; i < 8; i++) {
        c->cp[i] = (uint8_t)(s->c[i] / 3);
        c->co[i] = (uint8_t)(s->c[i] % 3);
    }
    for (int i = 0; i < 12; i++) {
        c->ep[i] = (uint8_t)(s->e[i] / 2);
        c->eo[i] = (uint8_t)(s->e[i] % 2);
    }
}

ec_pk ec__pk_pack(const ec_bcube *s)
{
    ec_pk p = {0, 0};
    for (int i = 0; i < 8; i++) p.c |= (uint64_t)s->c[i] << (5 * i);
    for (int i = 0; i < 12; i++) p.e |= (uint64_t)s->e[i] << (5 * i);
    return p;
}

void ec__pk_unpack(ec_pk p, ec_bcube *s)
{
    for (int i = 0; i < 8; i++) s->c[i] = (uint8_t)(p.c >> (5 * i) & 31);
    for (int i = 0; i < 12; i++) s->e[i] = (uint8_t)(p.e >> (5 * i) & 31);
}

ec_pk ec__pk_from_cube(const ec_cube *c)
{
    ec_bcube s;
    ec__bcube_from_cube(c, &s);
    return ec__pk_pack(&s);
}
