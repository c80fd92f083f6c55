/*
 * packed.h - the cube as bytes and as two machine words, for the inner loops of the solvers
 * and the near-goal table (the cubie model, evocube.h's ec_cube, stays the reference).
 *
 * Byte cube (ec_bcube, 20 bytes): c[slot] = cubie * 3 + twist for the 8 corner slots (0..23),
 * e[slot] = cubie * 2 + flip for the 12 edge slots (0..23); slots and cubies numbered as in
 * evocube.h (Kociemba). A face turn rewrites 4 + 4 bytes through ec__bturn (slot moves, the
 * twist added through ec__ctwist, the flip xored).
 * Packed cube (ec_pk, 16 bytes, two registers): corner slot i's byte value in bits 5i..5i+4
 * of c (40 bits), edge slot j's in bits 5j..5j+4 of e (60 bits). A face turn is 8 field
 * moves (corners: shift, mask, a lookup that twists and places, or; edges: mask, rotate,
 * or) and one xor for the flips, with no memory traffic for the state. No valid cube has
 * c == 0 (the corner permutation is not all zeros), so {0, 0} can mark an empty hash slot.
 * Tables: 18 turns x 2 (about 20 KB) and the 24 x 3 twist table, derived from the
 * cubie model's ec__move_cube by ec__packed_init (idempotent, microseconds; not thread-safe
 * on the first call, like cube.c). Invariant: ec__bcube_from_cube and ec__pk_pack are
 * bijections on valid cubes, and turning commutes with them (tests/c/test_packed.c).
 */
#ifndef EC_PACKED_H
#define EC_PACKED_H

#include <stdint.h>
#include <string.h>

#include "evocube.h"

typedef struct ec_bcube {
    uint8_t c[8], e[12];
} ec_bcube;

typedef struct ec_pk {
    uint64_t c, e;
} ec_pk;

/* a face turn on byte cubes: corner slot cdst takes slot csrc's value twisted by ctw; edge
 * slot edst takes slot esrc's value with its flip xored by efl */
typedef struct ec_bturn {
    uint8_t cdst[4], csrc[4], ctw[4];
    uint8_t edst[4], esrc[4], efl[4];
} ec_bturn;

/* a face turn on packed cubes: keep masks, the flips as one xor; per moved corner slot the
 * source bit offset (5 * slot) and its value table (the source's value twisted and already
 * at the destination's bits: cval[k][v] = ec__ctwist[v][twist] << 5 * destination, 0 for
 * v >= 24); per moved edge slot the source field's mask and the left rotation that carries
 * it to its destination */
typedef struct ec_pkturn {
    uint64_t ckeep, ekeep, eflip;
    uint64_t emask[4];
    uint8_t csrc[4], erot[4];
    uint64_t cval[4][32]; /* the twisted value already at its destination bits (0 for v >= 24) */
} ec_pkturn;

extern ec_bturn ec__bturn[18];
extern ec_pkturn ec__pkturn[18];
extern uint8_t ec__ctwist[24][3]; /* corner value v twisted by t more */

/* Build the turn tables once (idempotent). */
void ec__packed_init(void);

void ec__bcube_from_cube(const ec_cube *c, ec_bcube *s);
void ec__bcube_to_cube(const ec_bcube *s, ec_cube *c);
ec_pk ec__pk_pack(const ec_bcube *s);
void ec__pk_unpack(ec_pk p, ec_bcube *s);
/* The packed form of a cubie cube. */
ec_pk ec__pk_from_cube(const ec_cube *c);

/* Apply face turn m (0..17, evocube's move codes) to a byte cube in place. */
static inline void ec__bcube_move(ec_bcube *s, int m)
{
    const ec_bturn *t = &ec__bturn[m];
    uint8_t c0 = s->c[t->csrc[0]], c1 = s->c[t->csrc[1]], c2 = s->c[t->csrc[2]], c3 = s->c[t->csrc[3]];
    uint8_t e0 = s->e[t->esrc[0]], e1 = s->e[t->esrc[1]], e2 = s->e[t->esrc[2]], e3 = s->e[t->esrc[3]];
    s->c[t->cdst[0]] = ec__ctwist[c0][t->ctw[0]];
    s->c[t->cdst[1]] = ec__ctwist[c1][t->ctw[1]];
    s->c[t->cdst[2]] = ec__ctwist[c2][t->ctw[2]];
    s->c[t->cdst[3]] = ec__ctwist[c3][t->ctw[3]];
    s->e[t->edst[0]] = (uint8_t)(e0 ^ t->efl[0]);
    s->e[t->edst[1]] = (uint8_t)(e1 ^ t->efl[1]);
    s->e[t->edst[2]] = (uint8_t)(e2 ^ t->efl[2]);
    s->e[t->edst[3]] = (uint8_t)(e3 ^ t->efl[3]);
}

/* The byte cube in registers (ec_breg), for loops that turn one state many times (HuGO!'s
 * prefixes): corners in bytes 0..7 of c, edges in bytes 0..11 of e, the other bytes 0. A face
 * turn is one byte shuffle per vector: with wasm SIMD (-msimd128) i8x16.swizzle, with SSSE3
 * pshufb (x86-64 builds get -mssse3), elsewhere ec__bcube_move on the bytes. Corners: the
 * shuffled value v plus the twist t of its lane, less 3 where the twist wrapped, i.e. where
 * (v + t) mod 3 < t (the residue looked up in a 16-byte table twice: below 16 and from 16);
 * edges: shuffled, flips xored. Same values as ec__bcube_move (tests/c/test_packed.c).
 * ec__breg_load / ec__breg_store convert from and to ec_bcube; ec__breg_store writes 24 bytes
 * from dst (the 20 of the cube and 4 more, which the caller's record must have room for). */
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define EC_BREG_SIMD 1
typedef v128_t ec_bvec;
#elif defined(__SSSE3__)
#include <tmmintrin.h>
#define EC_BREG_SIMD 1
typedef __m128i ec_bvec;
#else
#define EC_BREG_SIMD 0
#endif

#if EC_BREG_SIMD
typedef struct ec_breg {
    ec_bvec c, e;
} ec_breg;
typedef struct ec_bturnv {
    ec_bvec cperm, ctw, eperm, efl;
} ec_bturnv;
extern ec_bturnv ec__bturnv[18];
extern ec_bvec ec__mod3_lo, ec__mod3_hi;

static inline ec_breg ec__breg_load(const ec_bcube *s)
{
    uint8_t c[16] = {0}, e[16] = {0};
    memcpy(c, s->c, 8);
    memcpy(e, s->e, 12);
    ec_breg r;
#if defined(__wasm_simd128__)
    r.c = wasm_v128_load(c);
    r.e = wasm_v128_load(e);
#else
    r.c = _mm_loadu_si128((const __m128i *)c);
    r.e = _mm_loadu_si128((const __m128i *)e);
#endif
    return r;
}

static inline void ec__breg_store(ec_breg r, ec_bcube *dst)
{
    uint8_t *d = (uint8_t *)dst;
#if defined(__wasm_simd128__)
    wasm_v128_store(d + 8, r.e); /* bytes 8..23, then the corners over 0..7 */
    wasm_v128_store64_lane(d, r.c, 0);
#else
    _mm_storeu_si128((__m128i *)(d + 8), r.e);
    _mm_storel_epi64((__m128i *)d, r.c);
#endif
}

static inline __attribute__((always_inline)) ec_breg ec__breg_turned(ec_breg s, int m)
{
    const ec_bturnv *t = &ec__bturnv[m];
    ec_breg r;
#if defined(__wasm_simd128__)
    v128_t x = wasm_i8x16_add(wasm_i8x16_swizzle(s.c, t->cperm), t->ctw);
    v128_t res = wasm_v128_or(wasm_i8x16_swizzle(ec__mod3_lo, x),
                              wasm_i8x16_swizzle(ec__mod3_hi, wasm_i8x16_sub(x, wasm_i8x16_splat(16))));
    /* res, ctw are 0..2: the signed compare is the same, and one x86 instruction (pcmpgtb)
     * where the unsigned one takes three */
    r.c = wasm_i8x16_sub(x, wasm_v128_and(wasm_i8x16_lt(res, t->ctw), wasm_i8x16_splat(3)));
    r.e = wasm_v128_xor(wasm_i8x16_swizzle(s.e, t->eperm), t->efl);
#else
    __m128i x = _mm_add_epi8(_mm_shuffle_epi8(s.c, t->cperm), t->ctw);
    /* pshufb reads the low 4 bits unless bit 7 is set: x + 0x70 (saturating) sets it for x >= 16 */
    __m128i res = _mm_or_si128(_mm_shuffle_epi8(ec__mod3_lo, _mm_adds_epu8(x, _mm_set1_epi8(0x70))),
                               _mm_shuffle_epi8(ec__mod3_hi, _mm_sub_epi8(x, _mm_set1_epi8(16))));
    /* res < t (both 0..2) exactly where t - res (saturating) is not 0 */
    __m128i unwrapped = _mm_cmpeq_epi8(_mm_subs_epu8(t->ctw, res), _mm_setzero_si128());
    r.c = _mm_sub_epi8(x, _mm_andnot_si128(unwrapped, _mm_set1_epi8(3)));
    r.e = _mm_xor_si128(_mm_shuffle_epi8(s.e, t->eperm), t->efl);
#endif
    return r;
}
#else
typedef struct ec_breg {
    ec_bcube b;
} ec_breg;
static inline ec_breg ec__breg_load(const ec_bcube *s)
{
    ec_breg r = {*s};
    return r;
}
static inline void ec__breg_store(ec_breg r, ec_bcube *dst) { *dst = r.b; }
static inline ec_breg ec__breg_turned(ec_breg s, int m)
{
    ec__bcube_move(&s.b, m);
    return s;
}
#endif

static inline uint64_t ec__rotl64(uint64_t x, unsigned r) { return x << (r & 63) | x >> (-r & 63); }

/* The packed cube after face turn m (written out for the four slots: the HuGO! inner loop) */
static inline __attribute__((always_inline)) ec_pk ec__pk_turned(ec_pk s, int m)
{
    const ec_pkturn *t = &ec__pkturn[m];
    uint64_t c = (s.c & t->ckeep) | t->cval[0][s.c >> t->csrc[0] & 31] | t->cval[1][s.c >> t->csrc[1] & 31] |
                 t->cval[2][s.c >> t->csrc[2] & 31] | t->cval[3][s.c >> t->csrc[3] & 31];
    uint64_t e = (s.e & t->ekeep) | ec__rotl64(s.e & t->emask[0], t->erot[0]) | ec__rotl64(s.e & t->emask[1], t->erot[1]) |
                 ec__rotl64(s.e & t->emask[2], t->erot[2]) | ec__rotl64(s.e & t->emask[3], t->erot[3]);
    ec_pk r = {c, e ^ t->eflip};
    return r;
}

#endif
