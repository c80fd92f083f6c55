/*
 * optimal_store.c - the optimal search's table in its stored form (layout: optimal.h): the
 * build id, the header, export, whole import and the streamed import (begin, chunks, end).
 *
 * Layout: an 80-byte header (magic "EVOCUBE-OPTIMAL\0", format version, level, the corner
 * table's, the fs and esep tables' byte counts, the build id, the checksum, the hc table's
 * byte count; little-endian 64-bit fields), then the corner table and the big tables the
 * level holds (fs, esep, hc) as held in memory.
 * Invariants: a table is marked complete only after every header field, the size and the
 * checksum passed; a refusal is EC_E_TABLE with a message. It reads and fills optimal.c's
 * tables (optimal_tables.h) and calls only optimal.c.
 * Costs: export and import are copies plus one checksum pass over the bytes (246 MB at
 * level 1); the streamed import needs no second buffer.
 */
#include "search/optimal_tables.h"

#include <string.h>

/* the build id: the coordinates' definitions as numbers (a change of any changes the id);
 * a level with the h48 table chains its coordinates' too (the other levels' ids do not
 * depend on them) */
static uint64_t build_id(int level)
{
    uint64_t v[] = {OPT_FORMAT, N_FS_SYM, N_TWIST, N_PERM_SYM, N_SLICE, N_FLIP, SLICE_SOLVED, ec__opt_fsRep[1], ec__opt_fsRep[N_FS_SYM - 1],
                    ec__opt_twC[1234 * N_SYM + 13], ec__cpermRep[N_PERM_SYM - 1], ec__opt_axisMove[1][0], ec__opt_axisMove[2][3],
                    (uint64_t)ec__opt_nEsepSym, ec__opt_esepRep[ec__opt_nEsepSym - 1], ec__opt_ccC[33 * N_SYM + 9], ec__opt_esepMove[12345 * N_MOVES + 7],
                    (uint64_t)ec__opt_nHcSym, ec__opt_hcSym[777777], ec__opt_hpOf[31415], ec__opt_esepC48[23456 * N_SYM48 + 41], ec__opt_sym48Move[37][11]};
    uint64_t id = ec__opt_checksum((const uint8_t *)v, (int64_t)sizeof v, 0x62756c6431ull);
    if (ec__opt_level_h48[level] < 0) return id;
    uint64_t w[] = {N_TSEP, (uint64_t)ec__opt_nCocsepSym, ec__opt_cocsepSym[123456], ec__opt_cocsepMove[3000 * N_MOVES + 5], ec__opt_tsepMove[69 * N_MOVES + 4],
                    ec__opt_eoparC[(31415 * 4 + 3) * N_SYM48 + 29], ec__opt_eoparFlip[27182 * N_MOVES + 2], ec__opt_cocsepDist[99999]};
    id = ec__opt_checksum((const uint8_t *)w, (int64_t)sizeof w, id);
    if (!ec__opt_level_h48x[level]) return id;
    uint64_t x[] = {N_EO, ec__opt_eoMove[1234 * N_MOVES + 14], ec__opt_eoG[41 * N_EO + 1717], ec__opt_h48C[31415 * N_SYM48 + 37] >> 18};
    return ec__opt_checksum((const uint8_t *)x, (int64_t)sizeof x, id);
}

static const char magic[16] = "EVOCUBE-OPTIMAL";

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

int ec_optimal_table_export(uint8_t *buf, int64_t size)
{
    if (!buf) return EC_E_NULL;
    if (!ec__opt_T.complete) return EC_E_STATE;
    int64_t stored = 0;
    ec_optimal_table_bytes(ec__opt_T.level, NULL, &stored);
    if (size < stored) return EC_E_BUFFER;
    memset(buf, 0, HEADER_BYTES);
    memcpy(buf, magic, 16);
    put64(buf + 16, OPT_FORMAT);
    put64(buf + 24, (uint64_t)ec__opt_T.level);
    put64(buf + 32, (uint64_t)ec__opt_T.corner_bytes);
    put64(buf + 40, (uint64_t)ec__opt_T.bytes[0]);
    put64(buf + 48, (uint64_t)ec__opt_T.bytes[1]);
    put64(buf + 72, (uint64_t)ec__opt_T.bytes[2]);
    put64(buf + 56, build_id(ec__opt_T.level));
    put64(buf + 64, ec__opt_T.sum);
    uint8_t *p = buf + HEADER_BYTES;
    memcpy(p, ec__opt_T.corner, (size_t)ec__opt_T.corner_bytes);
    p += ec__opt_T.corner_bytes;
    for (int t = 0; t < OPT_TABLES; t++) {
        if (!ec__opt_T.big[t]) continue;
        memcpy(p, ec__opt_T.big[t], (size_t)ec__opt_T.bytes[t]);
        p += ec__opt_T.bytes[t];
    }
    return EC_OK;
}

static int table_fail(char *msg, int msgsize, const char *why)
{
    if (msg && msgsize > 0) {
        strncpy(msg, why, (size_t)msgsize - 1);
        msg[msgsize - 1] = 0;
    }
    return EC_E_TABLE;
}

/* the header's checks (every field but the checksum, and the total size): the level, or a
 * negative status with msg */
static int check_header(const uint8_t *buf, int64_t size, char *msg, int msgsize)
{
    if (size < HEADER_BYTES) return table_fail(msg, msgsize, "the stored table is truncated: shorter than its header");
    if (memcmp(buf, magic, 16)) return table_fail(msg, msgsize, "not an optimal-search table (bad magic)");
    if (get64(buf + 16) != OPT_FORMAT) return table_fail(msg, msgsize, "the stored table has another format version");
    uint64_t level = get64(buf + 24);
    if (level >= EC_OPTIMAL_LEVELS) return table_fail(msg, msgsize, "the stored table names a level this build does not have");
    int rc = ec__opt_init();
    if (rc) return rc;
    int64_t stored = 0, cb = (N_CORNER_ENTRIES + 1) / 2;
    ec_optimal_table_bytes((int)level, NULL, &stored);
    if ((int64_t)get64(buf + 32) != cb || (int64_t)get64(buf + 40) != ec__opt_table_bytes_of((int)level, 0) ||
        (int64_t)get64(buf + 48) != ec__opt_table_bytes_of((int)level, 1) || (int64_t)get64(buf + 72) != ec__opt_table_bytes_of((int)level, 2))
        return table_fail(msg, msgsize, "the stored table's sizes are not this build's");
    if (get64(buf + 56) != build_id((int)level)) return table_fail(msg, msgsize, "the stored table was written by another build");
    if (size < stored) return table_fail(msg, msgsize, "the stored table is truncated");
    if (size > stored) return table_fail(msg, msgsize, "the stored table has bytes after its end");
    return (int)level;
}

/* the h48 table's own header (its base, h and corner kind, each the level's; 0 when the level
 * has none): 1 when valid */
static int h48_head_ok(int level, const uint8_t *h48)
{
    return ec__opt_level_h48[level] < 0 ||
           (h48[0] == ec__opt_level_h48b[level] && h48[1] == ec__opt_level_h48[level] && h48[2] == ec__opt_level_h48k[level] && h48[3] == ec__opt_level_h48x[level] && !h48[4]);
}

int ec_optimal_table_import(const uint8_t *buf, int64_t size, char *msg, int msgsize)
{
    if (!buf) return EC_E_NULL;
    int level = check_header(buf, size, msg, msgsize), rc;
    if (level < 0) return level;
    int64_t cb = (N_CORNER_ENTRIES + 1) / 2;
    const uint8_t *big[OPT_TABLES];
    int64_t bytes[OPT_TABLES];
    ec__opt_parts_at(level, buf + HEADER_BYTES, big, bytes);
    uint64_t h = ec__opt_parts_sum(level, buf + HEADER_BYTES, big, bytes);
    if (h != get64(buf + 64)) return table_fail(msg, msgsize, "the stored table's checksum does not match: it is corrupted");
    if (!h48_head_ok(level, big[3])) return table_fail(msg, msgsize, "the stored table's h48 base or bits are not this level's");
    if ((rc = ec__opt_alloc_level(level))) return rc;
    memcpy(ec__opt_T.corner, buf + HEADER_BYTES, (size_t)cb);
    for (int t = 0; t < OPT_TABLES; t++)
        if (bytes[t]) memcpy(ec__opt_T.big[t], big[t], (size_t)bytes[t]);
    ec__opt_T.sum = h;
    ec__opt_T.tb = ec__opt_T.has[3] ? 3 : ec__opt_T.has[2] ? 2 : ec__opt_T.has[1] ? 1 : 0;
    ec__opt_T.set = ec__opt_T.entries[ec__opt_T.tb];
    ec__opt_T.complete = 1;
    return EC_OK;
}

/* the streaming import's state: bytes after the header received so far, of `want` */
static struct {
    int active;
    int64_t got, want;
    uint64_t sum;
} I;

int ec_optimal_table_import_begin(const uint8_t *header, int64_t size, char *msg, int msgsize)
{
    if (!header) return EC_E_NULL;
    I.active = 0;
    int level = check_header(header, size, msg, msgsize), rc;
    if (level < 0) return level;
    if ((rc = ec__opt_alloc_level(level))) return rc; /* the table held before is freed first */
    I.active = 1;
    I.got = 0;
    I.want = size - HEADER_BYTES;
    I.sum = get64(header + 64);
    return EC_OK;
}

int ec_optimal_table_import_chunk(const uint8_t *data, int64_t n, char *msg, int msgsize)
{
    if (!data && n) return EC_E_NULL;
    if (!I.active) return EC_E_STATE;
    if (n < 0) return EC_E_RANGE;
    if (I.got + n > I.want) {
        I.active = 0;
        ec_optimal_table_free();
        return table_fail(msg, msgsize, "the stored table has bytes after its end");
    }
    /* the bytes after the header: corner table, then the big tables, in order */
    int64_t off = I.got;
    while (n > 0) {
        uint8_t *dst = ec__opt_T.corner + off;
        int64_t room = ec__opt_T.corner_bytes - off, start = ec__opt_T.corner_bytes;
        for (int t = 0; room <= 0 && t < OPT_TABLES; t++) {
            if (!ec__opt_T.big[t]) continue;
            dst = ec__opt_T.big[t] + (off - start);
            room = start + ec__opt_T.bytes[t] - off;
            start += ec__opt_T.bytes[t];
        }
        int64_t k = n < room ? n : room;
        memcpy(dst, data, (size_t)k);
        data += k, n -= k, off += k;
    }
    I.got = off;
    return EC_OK;
}

int ec_optimal_table_import_end(char *msg, int msgsize)
{
    if (!I.active) return EC_E_STATE;
    I.active = 0;
    if (I.got < I.want) {
        ec_optimal_table_free();
        return table_fail(msg, msgsize, "the stored table is truncated");
    }
    uint64_t h = ec__opt_parts_sum(ec__opt_T.level, ec__opt_T.corner, (const uint8_t *const *)ec__opt_T.big, ec__opt_T.bytes);
    if (h != I.sum) {
        ec_optimal_table_free();
        return table_fail(msg, msgsize, "the stored table's checksum does not match: it is corrupted");
    }
    if (!h48_head_ok(ec__opt_T.level, ec__opt_T.big[3])) {
        ec_optimal_table_free();
        return table_fail(msg, msgsize, "the stored table's h48 base or bits are not this level's");
    }
    ec__opt_T.sum = h;
    ec__opt_T.tb = ec__opt_T.has[3] ? 3 : ec__opt_T.has[2] ? 2 : ec__opt_T.has[1] ? 1 : 0;
    ec__opt_T.set = ec__opt_T.entries[ec__opt_T.tb];
    ec__opt_T.complete = 1;
    return EC_OK;
}
