// epoll for HangmanNet's ReadinessSet (Linux). Swift's Glibc module does not include
// <sys/epoll.h>, and `struct epoll_event` is packed on x86_64, which Swift cannot lay out: these
// wrappers take and give plain values instead of the struct.
#ifndef HANGMAN_CEPOLL_SHIM_H
#define HANGMAN_CEPOLL_SHIM_H
#ifdef __linux__
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/prctl.h>

/// Input, peer shutdown, edge-triggered: reported once per arrival, read until drained.
static inline uint32_t hangman_epoll_read_events(void) { return EPOLLIN | EPOLLRDHUP | EPOLLET; }

static inline int hangman_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

static inline int hangman_epoll_add(int epfd, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event;
    event.events = events;
    event.data.u64 = token;
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
}

static inline int hangman_epoll_remove(int epfd, int fd) {
    struct epoll_event event = {0};
    return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, &event);
}

/// Up to `capacity` (at most 256) ready tokens into `tokens`, waiting up to `timeout_ms` for the
/// first (0: not at all, -1: until one is ready), and whether each descriptor's peer hung up or it
/// failed (`ended`, 1 or 0): their count, or -1.
static inline int hangman_epoll_ready(int epfd, uint64_t *tokens, uint8_t *ended, int capacity, int timeout_ms) {
    struct epoll_event events[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epfd, events, capacity, timeout_ms);
    for (int index = 0; index < count; index++) {
        tokens[index] = events[index].data.u64;
        ended[index] = (events[index].events & (EPOLLRDHUP | EPOLLHUP | EPOLLERR)) != 0;
    }
    return count;
}

/// Names the calling thread (as `ps -L`, `perf` and `top -H` show it; at most 15 bytes kept).
static inline void hangman_name_thread(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }
#endif
#endif
