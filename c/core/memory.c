/*
 * memory.c - ec_memory_in_use: bytes currently allocated by the core's malloc, for soak
 * tests that check memory does not grow over thousands of solves (natively through glibc's
 * mallinfo2, in wasm through Emscripten's dlmalloc mallinfo).
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
    return mi.uordblks > 0x7fffffff ? 0x7fffffff : (int)mi.uordblks;
#else
    return EC_E_RANGE; /* no allocator statistics on this platform */
#endif
}
