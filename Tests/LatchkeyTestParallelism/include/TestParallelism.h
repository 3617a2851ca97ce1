#ifndef LATCHKEY_TEST_PARALLELISM_H
#define LATCHKEY_TEST_PARALLELISM_H

/// How many tests run at once per core (TestParallelism.c).
#define LATCHKEY_TESTS_PER_CORE 4

#endif
