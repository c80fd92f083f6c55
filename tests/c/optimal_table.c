/* optimal_table.c - `optimal_table FILE`: the ctest fixture the optimal search's suites share
 * (CMakeLists.txt: FIXTURES_SETUP optimal_table; test_optimal, test_optimal_deep and
 * test_optimal_levels require it and get FILE as their argument). It builds the level-0 table
 * (73.5 MB, about 25 s of CPU) once a run through pass/work/pass_end, each backward pass in two
 * ranges done second range first, checks the build (12..14 passes, complete, level 0, a
 * checksum), and writes the stored form (ec_optimal_table_export) to FILE (through FILE.part,
 * renamed when whole). The suites import it (the import checks the header, build id and
 * checksum); test_optimal compares this build's checksum with the solver's build in
 * build_step slices, so the two slicings still meet. Exit 0 when FILE is written.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "optimal_check.h"
#include "search/optimal.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: optimal_table FILE (the level-0 table's stored form is written there)\n");
        return 2;
    }
    remove(argv[1]); /* no file from an earlier run stays when this one fails */
    int passes = build_passes(0, BUILD_REVERSE);
    CHECK(passes >= 12 && passes <= 14, "%d passes", passes);
    uint64_t sum = 0;
    CHECK_RC(ec_optimal_table_checksum(&sum), EC_OK);
    int64_t st = 0;
    CHECK_RC(ec_optimal_table_bytes(0, NULL, &st), EC_OK);
    uint8_t *buf = st > 0 ? malloc((size_t)st) : NULL;
    CHECK(buf != NULL, "out of memory for %lld bytes", (long long)st);
    if (check_failed || !buf) DONE();
    CHECK_RC(ec_optimal_table_export(buf, st), EC_OK);
    char part[4096];
    snprintf(part, sizeof part, "%s.part", argv[1]);
    FILE *f = fopen(part, "wb");
    CHECK(f != NULL, "%s cannot be written", part);
    if (f) {
        CHECK(fwrite(buf, 1, (size_t)st, f) == (size_t)st, "%s: short write", part);
        CHECK(fclose(f) == 0, "%s: close failed", part);
        if (!check_failed) CHECK(rename(part, argv[1]) == 0, "%s cannot be renamed to %s", part, argv[1]);
    }
    free(buf);
    ec_optimal_table_free();
    if (!check_failed) printf("level 0 table, %d passes, checksum %016llx, %lld bytes written to %s\n", passes, (unsigned long long)sum, (long long)st, argv[1]);
    DONE();
}
