#ifndef LATCHKEY_SYSTEM_RANDOM_H
#define LATCHKEY_SYSTEM_RANDOM_H

#include <stddef.h>

/// Fills `count` bytes at `buffer` from the kernel's CSPRNG: one `getrandom` call on Linux
/// (more only when a signal interrupts it), `arc4random_buf` on Apple platforms. Returns 0, or
/// the `errno` of a failure.
int latchkey_random_bytes(void *buffer, size_t count);

#endif
