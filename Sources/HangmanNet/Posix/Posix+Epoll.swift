// epoll, beside Posix.swift's socket calls (the same rules: EINTR retried, errno thrown), for
// `ReadinessSet`. Linux only; elsewhere `epollAvailable` is false and connections keep one
// Dispatch read source each.
#if os(Linux)
    import CEpoll
#endif
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

extension Posix {
    /// Processors online (at least 1): how many readiness sets to run.
    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    #if os(Linux)
        static let epollAvailable = true

        /// A new epoll set (close-on-exec).
        static func epollCreate() throws(NetError) -> Int32 {
            try call("epoll_create1") { hangman_epoll_create() }
        }

        /// Watches `fd` for input, edge-triggered: one report per arrival, `token` given back.
        static func epollAddForReading(_ epfd: Int32, _ fd: Int32, token: UInt64) throws(NetError) {
            _ = try call("epoll_ctl") { hangman_epoll_add(epfd, fd, hangman_epoll_read_events(), token) }
        }

        /// Stops watching `fd` (before it is closed).
        static func epollRemove(_ epfd: Int32, _ fd: Int32) throws(NetError) {
            _ = try call("epoll_ctl") { hangman_epoll_remove(epfd, fd) }
        }

        /// The tokens of up to `tokens.count` (at most 256) ready descriptors, and for each whether
        /// its peer hung up or it failed (`ended`: 1, else 0; as long as `tokens`). Without waiting,
        /// or with `wait`, blocking the calling thread until one is ready.
        static func epollReady(
            _ epfd: Int32, into tokens: UnsafeMutableBufferPointer<UInt64>, ended: UnsafeMutableBufferPointer<UInt8>,
            wait: Bool = false
        ) throws(NetError) -> Int {
            let capacity = Int32(min(tokens.count, ended.count, 256))
            let timeout: Int32 = wait ? -1 : 0
            return Int(
                try call("epoll_wait") { hangman_epoll_ready(epfd, tokens.baseAddress, ended.baseAddress, capacity, timeout) })
        }
    #else
        static let epollAvailable = false
    #endif

    /// Runs `body` on a new thread of its own (detached, named `name` where the system allows, at
    /// most 15 bytes kept), for a loop that lives as long as the process: false if the system
    /// refused the thread.
    static func startThread(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(
            ThreadBody {
                #if os(Linux)
                    hangman_name_thread(name)
                #endif
                body()
            }
        ).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return false
        }
        _ = pthread_detach(thread)
        return true
    }
}

/// A thread's body, handed through `pthread_create`'s context pointer.
private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
