#include "LatchkeySystemRandom.h"

#include <errno.h>

#if defined(__APPLE__)
#include <stdlib.h>

int latchkey_random_bytes(void *buffer, size_t count) {
    arc4random_buf(buffer, count);
    return 0;
}
#else
#include <sys/random.h>

// getrandom(2) is in glibc from 2.25 and musl from 1.1.20; arc4random_buf only from glibc 2.36,
// and Swift's Glibc module does not export <sys/random.h>, hence this file.
int latchkey_random_bytes(void *buffer, size_t count) {
    size_t filled = 0;
    while (filled < count) {
        ssize_t read = getrandom((char *)buffer + filled, count - filled, 0);
        if (read > 0) {
            filled += (size_t)read;
        } else if (read < 0 && errno != EINTR) {
            return errno;
        }
    }
    return 0;
}
#endif
