// Caps how many tests Swift Testing runs at once, before the test process's entry point reads it.
//
// Why: Swift Testing starts every test at once unless told otherwise, and about half of this
// suite's tests start servers, child processes or PostgreSQL databases and hash passwords. On a
// 2-core machine hundreds of them at once starve each other until deadlines and timeouts fire
// (a connection dropped as a slow client, a 10 s HTTP deadline), which says nothing about the
// code. Four tests per core keeps both cores busy without that. A value already in the
// environment (SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH, the testing library's own
// setting) wins, so `SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=64 swift test` still works.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "TestParallelism.h"

__attribute__((constructor)) static void latchkey_cap_test_parallelism(void) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    char width[32];
    snprintf(width, sizeof width, "%ld", (cores > 0 ? cores : 1) * LATCHKEY_TESTS_PER_CORE);
    setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", width, 0);
}
