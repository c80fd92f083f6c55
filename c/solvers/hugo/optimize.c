/*
 * optimize.c - HuGO!'s optimization operator (paper 3.2.3): one left-to-right pass over
 * consecutive gene pairs, where two turns of one face become one turn or vanish (F F -> F2,
 * F F' -> nothing), and the final operator that repeats the pass until nothing changes
 * (paper 3.3). The pass runs on every individual every generation (generation.c) and says where it
 * combined genes, so the evaluation can reuse a parent's prefix records across the shift.
 *
 * Layout: merged[a][b] (18 x 18 bytes, built on first use) gives the one gene two genes make,
 * or that they cancel or turn different faces. Up to 64 genes the pass finds the same-face
 * pairs as a bit mask (a vector compare up to 32 genes in SIMD builds, 8 genes a word
 * otherwise) and moves the genes between pairs by fixed-size copies; longer genomes take the
 * plain walk. Costs: a few dozen instructions for 30 genes without a pair, plus one 64-byte
 * copy per pair.
 */
#include <string.h>

#include "solvers/hugo/ga_inline.h"
#include "solvers/hugo/hg.h"

static int gene_face(int g) { return g % 6; }
static int gene_quarters(int g) { return g / 6 + 1; } /* 1 cw, 2 half, 3 ccw */

/* merged[a][b]: the genes a then b as one: a gene, CANCEL when they undo each other, APART
 * when they turn different faces (built on first use; the same on every platform) */
enum { CANCEL = 0xfe, APART = 0xff };
static uint8_t merged[18][18];
static int merged_ready;

static void merged_init(void)
{
    for (int a = 0; a < 18; a++)
        for (int b = 0; b < 18; b++) {
            int q = (gene_quarters(a) + gene_quarters(b)) % 4;
            merged[a][b] = (uint8_t)(gene_face(a) != gene_face(b) ? APART : q ? (q - 1) * 6 + gene_face(a) : CANCEL);
        }
    merged_ready = 1;
}

/* The pass; padded: g may be read up to 32 bytes past n (the population's genome buffers) */
static inline __attribute__((always_inline)) int optimize_pass(uint8_t *g, int n, uint64_t at[2], const int padded)
{
    if (!merged_ready) merged_init();
    at[0] = at[1] = 0;
    if (n > 64) { /* the plain walk */
        int o = 0, i = 0;
        while (i < n) {
            int m = i + 1 < n ? merged[g[i]][g[i + 1]] : APART;
            if (m == APART) {
                g[o++] = g[i++];
            } else {
                if (m != CANCEL) g[o++] = (uint8_t)m;
                i += 2;
            }
        }
        return o;
    }
    /* The same walk from a bit mask: bit i of same = genes i and i+1 turn one face. The walk
     * pairs the lowest such i, skips i+1, and goes on from i+2: so the pairs are found by
     * taking the lowest bit and clearing it and the next one. The genes between two pairs
     * move down as one fixed-size copy (64 bytes, beyond the segment too: the next segment
     * or the final length overwrites or drops the excess), so no copy loop of variable
     * length (compilers turn those into memcpy calls or rep movs, slow for a few bytes). */
    uint8_t in[128], out[128];
    uint64_t same = 0;
#if EC_BREG_SIMD && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (padded && n <= 32) { /* 32 genes as two vectors: faces, compared with the next gene's */
#if defined(__wasm_simd128__)
        v128_t v0 = wasm_v128_load(g), v1 = wasm_v128_load(g + 16), six = wasm_i8x16_splat(6);
        wasm_v128_store(in, v0);
        wasm_v128_store(in + 16, v1);
        v0 = wasm_i8x16_sub(v0, wasm_v128_and(wasm_i8x16_gt(v0, wasm_i8x16_splat(5)), six));
        v0 = wasm_i8x16_sub(v0, wasm_v128_and(wasm_i8x16_gt(v0, wasm_i8x16_splat(5)), six));
        v1 = wasm_i8x16_sub(v1, wasm_v128_and(wasm_i8x16_gt(v1, wasm_i8x16_splat(5)), six));
        v1 = wasm_i8x16_sub(v1, wasm_v128_and(wasm_i8x16_gt(v1, wasm_i8x16_splat(5)), six));
        v128_t n0 = wasm_i8x16_shuffle(v0, v1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
        v128_t n1 = wasm_i8x16_shuffle(v1, v1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 15);
        same = (uint64_t)wasm_i8x16_bitmask(wasm_i8x16_eq(v0, n0)) | (uint64_t)wasm_i8x16_bitmask(wasm_i8x16_eq(v1, n1)) << 16;
#else
        __m128i v0 = _mm_loadu_si128((const __m128i *)g), v1 = _mm_loadu_si128((const __m128i *)(g + 16));
        __m128i six = _mm_set1_epi8(6), five = _mm_set1_epi8(5);
        _mm_storeu_si128((__m128i *)in, v0);
        _mm_storeu_si128((__m128i *)(in + 16), v1);
        v0 = _mm_sub_epi8(v0, _mm_and_si128(_mm_cmpgt_epi8(v0, five), six));
        v0 = _mm_sub_epi8(v0, _mm_and_si128(_mm_cmpgt_epi8(v0, five), six));
        v1 = _mm_sub_epi8(v1, _mm_and_si128(_mm_cmpgt_epi8(v1, five), six));
        v1 = _mm_sub_epi8(v1, _mm_and_si128(_mm_cmpgt_epi8(v1, five), six));
        __m128i n0 = _mm_alignr_epi8(v1, v0, 1), n1 = _mm_srli_si128(v1, 1);
        same = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v0, n0)) |
               (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v1, n1)) << 16;
#endif
        same &= n >= 2 ? ~0ull >> (65 - n) : 0; /* pairs start at 0..n-2 */
        if (!same) return n;
        goto found;
    }
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* 8 genes a word (byte k = gene k): faces g % 6 (genes are below 18: subtract 6 twice
     * where at least 6), then the zero bytes of faces ^ (faces of the next genes) */
    const uint64_t b01 = 0x0101010101010101ull, b7f = 0x7f7f7f7f7f7f7f7full, b80 = 0x8080808080808080ull;
    uint64_t next = 0;
    for (int k = (n - 1) & ~7; k >= 0; k -= 8) {
        uint64_t x = 0;
        if (k + 8 <= n || padded) {
            memcpy(&x, g + k, 8);
            x &= k + 8 <= n ? ~0ull : ~0ull >> 8 * (k + 8 - n); /* the genes from n on read as 0 */
        } else {
            for (int j = n - 1; j >= k; j--) x = x << 8 | g[j];
        }
        memcpy(in + k, &x, 8);
        x -= (((x + 122 * b01) & b80) >> 7) * 6; /* x + 122 has its top bit set where x >= 6 */
        x -= (((x + 122 * b01) & b80) >> 7) * 6;
        uint64_t v = x ^ (x >> 8 | next << 56);
        uint64_t zero = ~(((v & b7f) + b7f) | v) & b80;
        same = same << 8 | (zero >> 7) * 0x0102040810204080ull >> 56;
        next = x;
    }
    same &= n >= 2 ? ~0ull >> (65 - n) : 0; /* pairs start at 0..n-2 */
#else
    for (int i = 0; i < n + 64; i++) in[i] = i < n ? g[i] : 0;
    for (int i = 0; i + 1 < n; i++) same |= (uint64_t)(merged[g[i]][g[i + 1]] != APART) << i;
#endif
    if (!same) return n;
#if EC_BREG_SIMD && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
found:;
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* the fixed-size copies below read up to 63 bytes past n (bytes that end up past the
     * result's length, dropped): set ones, not indeterminate bytes (those up to the next
     * whole word are 0 or the next genome's genes) */
    const uint64_t zw = 0;
    for (int j = 0, w0 = (n + 7) & ~7; j < 8; j++) memcpy(in + w0 + 8 * j, &zw, 8);
#endif
    int o = 0, from = 0;
    uint64_t pairs = 0, gone = 0;
    while (same) {
        int i = ctz64(same);
        same &= ~(3ull << i);
        memcpy(out + o, in + from, 64);
        o += i - from;
        int m = merged[in[i]][in[i + 1]];
        out[o] = (uint8_t)m;
        o += m != CANCEL;
        pairs |= 1ull << i;
        gone |= (uint64_t)(m == CANCEL) << i;
        from = i + 2;
    }
    at[0] = pairs;
    at[1] = gone;
    memcpy(out + o, in + from, 64);
    o += n - from;
    copy_small(g, out, (size_t)o);
    return o;
}

int hg_optimize_pass(uint8_t *g, int n)
{
    uint64_t at[2];
    return optimize_pass(g, n, at, 0);
}

int hg__optimize_pass_at(uint8_t *g, int n, uint64_t at[2]) { return optimize_pass(g, n, at, 1); }

int hg_optimize_full(uint8_t *g, int n)
{
    for (;;) {
        int m = hg_optimize_pass(g, n);
        if (m == n) return n;
        n = m;
    }
}
