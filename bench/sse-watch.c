/*
 * sse-watch: holds many server-sent-event streams open on one epoll thread and measures how long
 * each write takes to reach every stream (bench/run's db-watch scenarios; wrk cannot hold SSE).
 *
 *   sse-watch --port P --mode latchkey|pocketbase --watch PATH --write PATH [--method PUT|PATCH]
 *             [--connections N] [--rate W] [--duration S] [--subscribe TOPIC] [--header H]...
 *             [--write-port P2] [--ready-file R --go-file G]
 *
 * Latchkey (the Realtime Database protocol): N streams GET --watch with Accept: text/event-stream;
 * a writer thread sends --method --write with the body `<t>` (microseconds on CLOCK_MONOTONIC) W
 * times a second; every `put` whose data is a number carries its write's time. PocketBase: each
 * stream waits for PB_CONNECT, its clientId is subscribed to --subscribe with POST /api/realtime,
 * and the writer sends `{"ts":<t>}`; every record event carries "ts". The latency of a delivery is
 * the receiving time minus t. Writes made before every stream was open are not counted.
 * --write-port sends the writes to another server than the streams' (another node of a cluster,
 * so the latency includes the way between the nodes); by default the streams' --port.
 * --ready-file R --go-file G: once every stream is open, create R and wait (reading the streams)
 * until G exists before writing, so several sse-watch processes start writing together, after
 * all of their streams are open, and no one's opening counts in another's latency.
 * Prints one JSON object: connections, writes, deliveries expected and received, p50/p90/p99/max
 * latency (ms), and the streams that failed or closed. Everything binds 127.0.0.1; bounded in time.
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
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_HEADERS 8
#define TAIL 96

struct stream {
    int fd;
    int state; /* 0 connecting, 1 open, 2 closed */
    int subscribed;
    int ready; /* its answer began (Latchkey: the first put; PocketBase: PB_CONNECT) */
    int answered; /* the first bytes of its answer (the status line) were read */
    char client_id[64];
    int tail_len;
    char tail[TAIL];
};

static const char *mode = "latchkey", *watch_path, *write_path, *method = "PUT", *topic, *ready_file, *go_file;
static const char *headers[MAX_HEADERS];
static int header_count, port, write_port, connections = 1000, duration = 10;
static double rate = 10;
static struct stream *streams;
static uint32_t *samples; /* latencies in microseconds */
static size_t sample_count, sample_capacity;
static int64_t counting_from = INT64_MAX; /* writes stamped before this are not counted */
static volatile int writes_done, writer_failed, stop_writer;

static int64_t now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static int connect_to(int nonblocking, int to_port) {
    int fd = socket(AF_INET, SOCK_STREAM | (nonblocking ? SOCK_NONBLOCK : 0), 0);
    if (fd < 0) return -1;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons(to_port)};
    inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0 && errno != EINPROGRESS) {
        close(fd);
        return -1;
    }
    return fd;
}

static int write_all(int fd, const char *data, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, data, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        data += n;
        length -= (size_t)n;
    }
    return 0;
}

/* One request on a blocking keep-alive connection; returns the status, or -1. */
static int request(int fd, const char *verb, const char *path, const char *body) {
    char buffer[8192];
    int length = snprintf(buffer, sizeof buffer,
                          "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n",
                          verb, path, strlen(body));
    for (int i = 0; i < header_count; i++) length += snprintf(buffer + length, sizeof buffer - length, "%s\r\n", headers[i]);
    length += snprintf(buffer + length, sizeof buffer - length, "\r\n%s", body);
    if (write_all(fd, buffer, (size_t)length) < 0) return -1;
    /* Read the head, then Content-Length bytes (the servers answer small JSON with a length). */
    size_t have = 0;
    char *end = NULL;
    while (!(end = memmem(buffer, have, "\r\n\r\n", 4))) {
        ssize_t n = read(fd, buffer + have, sizeof buffer - 1 - have);
        if (n <= 0) return -1;
        have += (size_t)n;
    }
    buffer[have] = 0;
    int status = atoi(buffer + 9);
    char *cl = strcasestr(buffer, "content-length:");
    size_t body_length = cl && cl < end ? (size_t)atol(cl + 15) : 0;
    size_t got = have - (size_t)(end + 4 - buffer);
    while (got < body_length) {
        ssize_t n = read(fd, buffer, sizeof buffer);
        if (n <= 0) return -1;
        got += (size_t)n;
    }
    return status;
}

static void *writer(void *unused) {
    (void)unused;
    int fd = connect_to(0, write_port);
    if (fd < 0) {
        writer_failed = 1;
        return NULL;
    }
    int64_t interval = (int64_t)(1000000 / rate), next = now_us(), end = next + (int64_t)duration * 1000000;
    while (!stop_writer && next < end) {
        int64_t wait = next - now_us();
        if (wait > 0) usleep((useconds_t)wait);
        char body[64];
        int64_t stamp = now_us();
        if (strcmp(mode, "pocketbase") == 0) snprintf(body, sizeof body, "{\"ts\":%lld}", (long long)stamp);
        else snprintf(body, sizeof body, "%lld", (long long)stamp);
        int status = request(fd, method, write_path, body);
        if (status < 200 || status >= 300) {
            fprintf(stderr, "write answered %d\n", status);
            writer_failed = 1;
            break;
        }
        __atomic_add_fetch(&writes_done, 1, __ATOMIC_SEQ_CST);
        next += interval;
    }
    close(fd);
    return NULL;
}

static void record(int64_t stamp, int64_t received) {
    if (stamp < counting_from) return;
    if (sample_count == sample_capacity) {
        sample_capacity = sample_capacity ? sample_capacity * 2 : 1 << 20;
        samples = realloc(samples, sample_capacity * sizeof *samples);
        if (!samples) abort();
    }
    int64_t latency = received - stamp;
    samples[sample_count++] = latency < 0 ? 0 : (uint32_t)latency;
}

/* Scans what a stream received (with the tail of its previous read) for stamps and ids. */
static void scan(struct stream *s, const char *data, size_t length, int64_t received) {
    char joined[TAIL + 65536];
    memcpy(joined, s->tail, (size_t)s->tail_len);
    memcpy(joined + s->tail_len, data, length);
    size_t total = (size_t)s->tail_len + length;
    joined[total] = 0;
    const char *marker = strcmp(mode, "pocketbase") == 0 ? "\"ts\":" : "\"path\":\"/\",\"data\":";
    size_t marker_length = strlen(marker);
    size_t consumed = 0;
    for (char *at = joined; (at = strstr(at, marker)); ) {
        char *digits = at + marker_length, *stop;
        long long stamp = strtoll(digits, &stop, 10);
        if (*stop == 0) break; /* the number may go on in the next read */
        if (stop == digits) { /* not a stamp (a first put of null or an object): the next one */
            at = digits;
            consumed = (size_t)(digits - joined);
            continue;
        }
        record(stamp, received);
        consumed = (size_t)(stop - joined);
        at = stop;
    }
    if (!s->subscribed && strcmp(mode, "pocketbase") == 0) {
        char *id = strstr(joined, "\"clientId\":\"");
        if (id) {
            id += 12;
            char *close_quote = strchr(id, '"');
            if (close_quote && close_quote - id < (long)sizeof s->client_id) {
                memcpy(s->client_id, id, (size_t)(close_quote - id));
                s->client_id[close_quote - id] = 0;
                s->subscribed = 1;
                consumed = (size_t)(close_quote - joined);
            }
        }
    }
    size_t keep = total - consumed < TAIL ? total - consumed : TAIL;
    memcpy(s->tail, joined + total - keep, keep);
    s->tail_len = (int)keep;
}

static int compare(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static double percentile(double p) {
    if (!sample_count) return -1;
    size_t index = (size_t)(p * (double)(sample_count - 1));
    return samples[index] / 1000.0;
}

int main(int argc, char **argv) {
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *flag = argv[i], *value = argv[i + 1];
        if (!strcmp(flag, "--port")) port = atoi(value);
        else if (!strcmp(flag, "--write-port")) write_port = atoi(value);
        else if (!strcmp(flag, "--ready-file")) ready_file = value;
        else if (!strcmp(flag, "--go-file")) go_file = value;
        else if (!strcmp(flag, "--mode")) mode = value;
        else if (!strcmp(flag, "--watch")) watch_path = value;
        else if (!strcmp(flag, "--write")) write_path = value;
        else if (!strcmp(flag, "--method")) method = value;
        else if (!strcmp(flag, "--subscribe")) topic = value;
        else if (!strcmp(flag, "--connections")) connections = atoi(value);
        else if (!strcmp(flag, "--rate")) rate = atof(value);
        else if (!strcmp(flag, "--duration")) duration = atoi(value);
        else if (!strcmp(flag, "--header") && header_count < MAX_HEADERS) headers[header_count++] = value;
        else {
            fprintf(stderr, "unknown flag %s\n", flag);
            return 2;
        }
    }
    if (!write_port) write_port = port;
    if (!port || !watch_path || !write_path || (strcmp(mode, "pocketbase") == 0 && !topic)) {
        fprintf(stderr, "usage: see the comment at the top of sse-watch.c\n");
        return 2;
    }
    streams = calloc((size_t)connections, sizeof *streams);
    int epoll = epoll_create1(0);
    char get[4096];
    int get_length = snprintf(get, sizeof get,
                              "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\n",
                              watch_path);
    for (int i = 0; i < header_count; i++) get_length += snprintf(get + get_length, sizeof get - get_length, "%s\r\n", headers[i]);
    get_length += snprintf(get + get_length, sizeof get - get_length, "\r\n");

    /* Open every stream, a few hundred connects in flight at a time. */
    int64_t open_started = now_us(), deadline = open_started + 120 * 1000000LL;
    int opened = 0, pending = 0, next = 0, failed = 0, closed = 0;
    struct epoll_event events[1024];
    static char buffer[65536];
    while ((opened + failed < connections) && now_us() < deadline) {
        while (next < connections && pending < 256) {
            struct stream *s = &streams[next];
            s->fd = connect_to(1, port);
            if (s->fd < 0) {
                failed++;
                next++;
                continue;
            }
            struct epoll_event ev = {.events = EPOLLOUT | EPOLLIN, .data.u32 = (uint32_t)next};
            epoll_ctl(epoll, EPOLL_CTL_ADD, s->fd, &ev);
            pending++;
            next++;
        }
        int n = epoll_wait(epoll, events, 1024, 100);
        for (int i = 0; i < n; i++) {
            struct stream *s = &streams[events[i].data.u32];
            if (s->state == 0 && (events[i].events & EPOLLOUT)) {
                int error = 0;
                socklen_t size = sizeof error;
                getsockopt(s->fd, SOL_SOCKET, SO_ERROR, &error, &size);
                if (error || write_all(s->fd, get, (size_t)get_length) < 0) {
                    s->state = 2;
                    failed++;
                    pending--;
                    close(s->fd);
                    continue;
                }
                s->state = 1;
                struct epoll_event ev = {.events = EPOLLIN, .data.u32 = events[i].data.u32};
                epoll_ctl(epoll, EPOLL_CTL_MOD, s->fd, &ev);
                continue;
            }
            if (s->state == 1 && (events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))) {
                ssize_t got = read(s->fd, buffer, sizeof buffer);
                /* A stream is open once its answer's head says 2xx; a refusal (429, 503) is a failure. */
                int refused = !s->ready && !s->answered && (got < 12 || buffer[9] != '2');
                if (got > 0) s->answered = 1;
                if (got <= 0 || refused) {
                    s->state = 2;
                    failed++;
                    if (!s->ready) pending--;
                    else opened--;
                    close(s->fd);
                    continue;
                }
                scan(s, buffer, (size_t)got, now_us());
                if (!s->ready && (strcmp(mode, "pocketbase") != 0 || s->subscribed)) {
                    s->ready = 1;
                    opened++;
                    pending--;
                }
            }
        }
    }
    double open_seconds = (now_us() - open_started) / 1e6;

    /* PocketBase: subscribe each stream's client id over one keep-alive connection. */
    int subscribe_failed = 0;
    if (strcmp(mode, "pocketbase") == 0) {
        int fd = connect_to(0, port);
        for (int i = 0; i < connections; i++) {
            if (streams[i].state != 1 || !streams[i].subscribed) continue;
            char body[256];
            snprintf(body, sizeof body, "{\"clientId\":\"%s\",\"subscriptions\":[\"%s\"]}", streams[i].client_id, topic);
            int status = request(fd, "POST", "/api/realtime", body);
            if (status < 200 || status >= 300) subscribe_failed++;
            /* Drain what the streams received meanwhile, so no socket buffer fills. */
            if (i % 256 == 0) {
                int n = epoll_wait(epoll, events, 1024, 0);
                for (int j = 0; j < n; j++) {
                    struct stream *s = &streams[events[j].data.u32];
                    ssize_t got = read(s->fd, buffer, sizeof buffer);
                    if (got > 0) scan(s, buffer, (size_t)got, now_us());
                }
            }
        }
        close(fd);
    }

    if (ready_file && go_file) {
        FILE *ready = fopen(ready_file, "w");
        if (ready) fclose(ready);
        int64_t give_up = now_us() + 300 * 1000000LL;
        while (access(go_file, F_OK) != 0 && now_us() < give_up) {
            int n = epoll_wait(epoll, events, 1024, 50);
            for (int i = 0; i < n; i++) {
                struct stream *s = &streams[events[i].data.u32];
                if (s->state != 1) continue;
                ssize_t got = read(s->fd, buffer, sizeof buffer);
                if (got > 0) scan(s, buffer, (size_t)got, now_us());
            }
        }
    }

    counting_from = now_us();
    pthread_t thread;
    pthread_create(&thread, NULL, writer, NULL);
    int64_t end = counting_from + (int64_t)duration * 1000000 + 5000000; /* 5 s for the last deliveries */
    while (now_us() < end) {
        int n = epoll_wait(epoll, events, 1024, 100);
        for (int i = 0; i < n; i++) {
            struct stream *s = &streams[events[i].data.u32];
            if (s->state != 1) continue;
            ssize_t got = read(s->fd, buffer, sizeof buffer);
            if (got <= 0) {
                s->state = 2;
                closed++;
                close(s->fd);
                continue;
            }
            scan(s, buffer, (size_t)got, now_us());
        }
    }
    stop_writer = 1;
    pthread_join(thread, NULL);
    qsort(samples, sample_count, sizeof *samples, compare);
    long long expected = (long long)writes_done * opened;
    printf("{\"mode\":\"%s\",\"connections\":%d,\"opened\":%d,\"failed\":%d,\"closed\":%d,\"subscribe_failed\":%d,"
           "\"open_seconds\":%.2f,\"writes\":%d,\"writer_failed\":%d,\"expected\":%lld,\"received\":%zu,"
           "\"p50_ms\":%.2f,\"p90_ms\":%.2f,\"p99_ms\":%.2f,\"max_ms\":%.2f}\n",
           mode, connections, opened, failed, closed, subscribe_failed, open_seconds, writes_done, writer_failed, expected,
           sample_count, percentile(0.5), percentile(0.9), percentile(0.99), percentile(1.0));
    for (int i = 0; i < connections; i++)
        if (streams[i].state == 1) close(streams[i].fd);
    return 0;
}
