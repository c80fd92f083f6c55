/*
 * memory.c - ec_memory_in_use: bytes currently allocated by the core's malloc, for soak
 * tests that check memory does not grow over thousands of solves (natively through glibc's
 * mallinfo2, counting the mmapped large blocks too, in wasm through Emscripten's dlmalloc mallinfo).
 */
#include <malloc.h>

#include "core/util.h"

int ec_memory_in_use(void)
{
#if defined(__EMSCRIPTEN__)
    struct mallinfo mi = mallinfo();
    return (int)mi.uordblks;
#elif defined(__GLIBC__)
    struct mallinfo2 mi = mallinfo2();
    size_t n = mi.uordblks + mi.hblkhd; /* large blocks are mmapped: hblkhd, not uordblks */
    return n > 0x7fffffff ? 0x7fffffff : (int)n;
#else
    return EC_E_RANGE; /* no allocator statistics on this platform */
#endif
}
