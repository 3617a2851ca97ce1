/*
 * sse-floor: the least work a server can do to stream each write to many SSE clients on this
 * machine, as a floor to read the servers' db-watch figures against (bench/run's db-watch-10k).
 *
 *   sse-floor --port P [--threads T]
 *
 * A request with `Accept: text/event-stream` becomes a stream: a chunked 200 and a first
 * `put` of null, then every write as the Realtime Database protocol's `put` event
 * (`{"path":"/","data":<body>}`, framed as one chunk). Any other request is a write: its body
 * (a number) is answered back and sent to every stream. The streams are spread over T threads
 * (default 2, one per core here), each with its own epoll; a write is one write(2) per stream
 * on each thread and nothing else: no parsing past the head, no store, no rules, no allocation.
 * Stream requests are read as they are accepted; each connection of writes gets a thread.
 * Binds 127.0.0.1 only; runs until killed.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_THREADS 16
#define MAX_STREAMS 65536

struct worker {
    pthread_t thread;
    pthread_mutex_t lock; /* fds and count */
    int epoll, wake;
    int fds[MAX_STREAMS];
    int count;
};

static struct worker workers[MAX_THREADS];
static int thread_count = 2;
static pthread_mutex_t message_lock = PTHREAD_MUTEX_INITIALIZER;
static char message[256];
static size_t message_length;

static const char stream_head[] =
    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n\r\n";

/* One event as one chunk: "<hex length>\r\nevent: put\ndata: {...}\n\n\r\n". */
static size_t frame(char *out, size_t size, const char *data) {
    char event[200];
    int length = snprintf(event, sizeof event, "event: put\ndata: {\"path\":\"/\",\"data\":%s}\n\n", data);
    return (size_t)snprintf(out, size, "%x\r\n%s\r\n", length, event);
}

static void *run_worker(void *argument) {
    struct worker *w = argument;
    struct epoll_event events[64];
    char local[256];
    for (;;) {
        int n = epoll_wait(w->epoll, events, 64, -1);
        for (int i = 0; i < n; i++) {
            if (events[i].data.fd != w->wake) continue;
            uint64_t count;
            if (read(w->wake, &count, sizeof count) < 0) continue;
            pthread_mutex_lock(&message_lock);
            size_t length = message_length;
            memcpy(local, message, length);
            pthread_mutex_unlock(&message_lock);
            pthread_mutex_lock(&w->lock);
            for (int s = 0; s < w->count; s++) {
                if (w->fds[s] >= 0 && write(w->fds[s], local, length) < 0 && errno != EAGAIN) {
                    close(w->fds[s]);
                    w->fds[s] = -1;
                }
            }
            pthread_mutex_unlock(&w->lock);
        }
    }
    return NULL;
}

/* Reads one request (head and Content-Length body) from a blocking socket into buffer. */
static ssize_t read_request(int fd, char *buffer, size_t size, char **body) {
    size_t have = 0;
    char *end = NULL;
    while (!(end = memmem(buffer, have, "\r\n\r\n", 4))) {
        if (have == size - 1) return -1;
        ssize_t n = read(fd, buffer + have, size - 1 - have);
        if (n <= 0) return -1;
        have += (size_t)n;
    }
    buffer[have] = 0;
    char *cl = strcasestr(buffer, "content-length:");
    size_t body_length = cl && cl < end ? (size_t)atol(cl + 15) : 0;
    *body = end + 4;
    while ((size_t)(*body - buffer) + body_length > have) {
        if (have == size - 1) return -1;
        ssize_t n = read(fd, buffer + have, size - 1 - have);
        if (n <= 0) return -1;
        have += (size_t)n;
    }
    (*body)[body_length] = 0;
    return (ssize_t)body_length;
}

/* Sends the head and the first event, and gives the stream to a worker. */
static int adopt_stream(int fd) {
    static int next_worker;
    char first[256];
    size_t length = frame(first, sizeof first, "null");
    if (write(fd, stream_head, sizeof stream_head - 1) < 0 || write(fd, first, length) < 0) return -1;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    struct worker *w = &workers[next_worker++ % thread_count];
    pthread_mutex_lock(&w->lock);
    if (w->count < MAX_STREAMS) w->fds[w->count++] = fd;
    pthread_mutex_unlock(&w->lock);
    return 0;
}

/* Sends a write's body to every stream and answers it. */
static int broadcast(int fd, const char *body, ssize_t body_length) {
    pthread_mutex_lock(&message_lock);
    message_length = frame(message, sizeof message, body);
    pthread_mutex_unlock(&message_lock);
    uint64_t one = 1;
    for (int i = 0; i < thread_count; i++) {
        if (write(workers[i].wake, &one, sizeof one) < 0) perror("eventfd");
    }
    char answer[128];
    int length = snprintf(answer, sizeof answer, "HTTP/1.1 200 OK\r\nContent-Length: %zd\r\n\r\n%s", body_length, body);
    return write(fd, answer, (size_t)length) < 0 ? -1 : 0;
}

/* A keep-alive connection of writes, on a thread of its own (its first request already read). */
struct writes {
    int fd;
    ssize_t body_length;
    char body[256];
};

static void *serve_writes(void *argument) {
    struct writes *first = argument;
    int fd = first->fd;
    char buffer[16384], *body;
    int failed = broadcast(fd, first->body, first->body_length);
    free(first);
    while (!failed) {
        ssize_t body_length = read_request(fd, buffer, sizeof buffer, &body);
        failed = body_length < 0 || broadcast(fd, body, body_length) < 0;
    }
    close(fd);
    return NULL;
}

int main(int argc, char **argv) {
    int port = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--port")) port = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--threads")) thread_count = atoi(argv[i + 1]);
    }
    if (!port || thread_count < 1 || thread_count > MAX_THREADS) {
        fprintf(stderr, "usage: sse-floor --port P [--threads T]\n");
        return 2;
    }
    for (int i = 0; i < thread_count; i++) {
        pthread_mutex_init(&workers[i].lock, NULL);
        workers[i].epoll = epoll_create1(0);
        workers[i].wake = eventfd(0, EFD_NONBLOCK);
        struct epoll_event ev = {.events = EPOLLIN, .data.fd = workers[i].wake};
        epoll_ctl(workers[i].epoll, EPOLL_CTL_ADD, workers[i].wake, &ev);
        pthread_create(&workers[i].thread, NULL, run_worker, &workers[i]);
    }
    int listener = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons(port)};
    inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
    if (bind(listener, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(listener, 4096) < 0) {
        perror("listen");
        return 1;
    }
    printf("listening on 127.0.0.1:%d\n", port);
    fflush(stdout);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    char buffer[16384], *body;
    for (;;) {
        int fd = accept(listener, NULL, NULL);
        if (fd < 0) continue;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        /* Clients send their request as they connect; a stream's head is read here. */
        ssize_t body_length = read_request(fd, buffer, sizeof buffer, &body);
        if (body_length < 0 || body_length > 200) {
            close(fd);
        } else if (strcasestr(buffer, "accept: text/event-stream")) {
            if (adopt_stream(fd) < 0) close(fd);
        } else {
            struct writes *writes = malloc(sizeof *writes);
            writes->fd = fd;
            writes->body_length = body_length;
            memcpy(writes->body, body, (size_t)body_length + 1);
            pthread_t thread;
            if (pthread_create(&thread, &attributes, serve_writes, writes) != 0) {
                free(writes);
                close(fd);
            }
        }
    }
}
