// The one file of the project that calls the C library's socket, file and signal API (epoll is
// beside it, in Posix+Epoll.swift).
//
// Why a wrapper: every call site would otherwise repeat the same three rules, and getting one of
// them wrong is a bug that only shows under load. The rules (after swift-nio's `System.swift`):
// - `EINTR` is retried (except for `close`, where Linux has already released the descriptor);
// - `EAGAIN`/`EWOULDBLOCK` is an ordinary answer on a non-blocking socket, returned as a value;
// - every other failure is thrown as `NetError.system(call:errno:)`, errno read straight after the call.
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The outcome of a non-blocking read or write.
enum IOResult: Equatable, Sendable {
    /// This many bytes were read or written (always > 0).
    case processed(Int)
    /// The socket has nothing to read / no room to write right now.
    case wouldBlock
    /// The peer closed its side (read returned 0).
    case eof
}

/// One address of a network interface, from `getifaddrs`.
struct InterfaceAddress: Sendable {
    /// Interface name, e.g. `eth0`.
    var name: String
    /// The address (port 0).
    var address: SocketAddress
    /// True for the loopback interface.
    var isLoopback: Bool
    /// True when the interface is up.
    var isUp: Bool
}

/// Thin, errno-preserving wrappers over the C calls the transport needs.
enum Posix {
    // MARK: - Plumbing

    /// Runs `body` until it does not fail with `EINTR`; `-1` with another errno throws.
    @inline(never)
    static func call<T: FixedWidthInteger>(_ name: String, _ body: () -> T) throws(NetError) -> T {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = Glibc.errno
            if code == EINTR { continue }
            throw NetError.system(call: name, errno: code)
        }
    }

    /// Like `call`, but `EAGAIN`/`EWOULDBLOCK` gives nil.
    @inline(never)
    static func nonBlockingCall<T: FixedWidthInteger>(_ name: String, _ body: () -> T) throws(NetError) -> T? {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = Glibc.errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return nil }
            throw NetError.system(call: name, errno: code)
        }
    }

    /// `strerror` text for an errno value.
    static func errorString(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let text: String? = buffer.withUnsafeMutableBufferPointer { buf -> String? in
            guard let base = buf.baseAddress else { return nil }
            guard strerror_r(code, base, buf.count) == 0 else { return nil }  // the XSI variant
            return String(cString: base)
        }
        return text ?? "errno \(code)"
    }

    // MARK: - Sockets

    /// A non-blocking, close-on-exec TCP socket of `family` (`AF_INET` / `AF_INET6`).
    static func socket(family: Int32) throws(NetError) -> Int32 {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        return try call("socket") { Glibc.socket(family, type, 0) }
    }

    /// `setsockopt` with an `Int32` value.
    static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) throws(NetError) {
        var value = value
        _ = try call("setsockopt") {
            Glibc.setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// `getsockopt` of an `Int32` value.
    static func getOption(_ fd: Int32, level: Int32, name: Int32) throws(NetError) -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = try call("getsockopt") { Glibc.getsockopt(fd, level, name, &value, &length) }
        return value
    }

    /// Sets the kernel's send buffer (`SO_SNDBUF`); 0 leaves the kernel's autotuned default.
    static func setSendBuffer(_ fd: Int32, bytes: Int) throws(NetError) {
        guard bytes > 0 else { return }
        try setOption(fd, level: SOL_SOCKET, name: SO_SNDBUF, value: Int32(clamping: bytes))
    }

    /// Turns Nagle's algorithm off: our output is already coalesced per turn.
    static func setNoDelay(_ fd: Int32) throws(NetError) {
        try setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
    }

    /// TCP keepalive: the kernel probes a connection after `idle` seconds of silence, every
    /// `interval` seconds, and drops it after `probes` unanswered probes (so a peer that vanished
    /// without a FIN or RST, e.g. a dead NAT entry, is noticed). `idle` ≤ 0 turns keepalive off.
    static func setKeepAlive(_ fd: Int32, idle: Int, interval: Int, probes: Int) throws(NetError) {
        guard idle > 0 else {
            try setOption(fd, level: SOL_SOCKET, name: SO_KEEPALIVE, value: 0)
            return
        }
        try setOption(fd, level: SOL_SOCKET, name: SO_KEEPALIVE, value: 1)
        try setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_KEEPIDLE, value: Int32(clamping: idle))
        try setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_KEEPINTVL, value: Int32(clamping: max(1, interval)))
        try setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_KEEPCNT, value: Int32(clamping: max(1, probes)))
    }

    /// `bind`.
    static func bind(_ fd: Int32, to address: SocketAddress) throws(NetError) {
        _ = try address.withSockAddr { (pointer, length) throws(NetError) in
            try call("bind") { Glibc.bind(fd, pointer, length) }
        }
    }

    /// `listen`.
    static func listen(_ fd: Int32, backlog: Int32) throws(NetError) {
        _ = try call("listen") { Glibc.listen(fd, backlog) }
    }

    /// `connect` on a blocking socket (test and benchmark clients).
    static func connect(_ fd: Int32, to address: SocketAddress) throws(NetError) {
        _ = try address.withSockAddr { (pointer, length) throws(NetError) in
            try call("connect") { Glibc.connect(fd, pointer, length) }
        }
    }

    /// `accept4` with `SOCK_NONBLOCK | SOCK_CLOEXEC`; nil when no connection is waiting.
    static func accept(_ fd: Int32) throws(NetError) -> (fd: Int32, address: SocketAddress)? {
        var address = SocketAddress()
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        if let accept4 = accept4Function {
            let client = try address.withMutableSockAddr { (pointer, length) throws(NetError) in
                try nonBlockingCall("accept4") { accept4(fd, pointer, length, flags) }
            }
            guard let client else { return nil }
            return (client, address)
        }
        // No accept4 in this libc: accept, then set the two flags by hand.
        let client = try address.withMutableSockAddr { (pointer, length) throws(NetError) in
            try nonBlockingCall("accept") { Glibc.accept(fd, pointer, length) }
        }
        guard let client else { return nil }
        do {
            try setNonBlocking(client)
            _ = try call("fcntl") { Glibc.fcntl(client, F_SETFD, FD_CLOEXEC) }
        } catch {
            try? close(client)
            throw error
        }
        return (client, address)
    }

    private typealias Accept4 =
        @convention(c) (
            Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32
        ) -> Int32

    /// glibc's `accept4`, looked up at run time: the Glibc module hides it behind `_GNU_SOURCE`.
    private static let accept4Function: Accept4? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "accept4") else { return nil }
        return unsafeBitCast(symbol, to: Accept4.self)
    }()

    /// `read` into `buffer`.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(NetError) -> IOResult {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .processed(0) }
        guard let count = try nonBlockingCall("read", { Glibc.read(fd, base, buffer.count) }) else {
            return .wouldBlock
        }
        return count == 0 ? .eof : .processed(count)
    }

    /// `send` with `MSG_NOSIGNAL` (a peer that hung up must not raise SIGPIPE) and `MSG_DONTWAIT`.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(NetError) -> IOResult {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .processed(0) }
        let flags = Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)
        guard let count = try nonBlockingCall("send", { Glibc.send(fd, base, bytes.count, flags) }) else {
            return .wouldBlock
        }
        return .processed(count)
    }

    /// `shutdown`; `ENOTCONN` (the peer already went) is not an error here.
    static func shutdown(_ fd: Int32, how: Int32) throws(NetError) {
        do {
            _ = try call("shutdown") { Glibc.shutdown(fd, how) }
        } catch {
            if error.errno == ENOTCONN { return }
            throw error
        }
    }

    /// `SHUT_WR` for `shutdown`.
    static var shutWrite: Int32 { Int32(SHUT_WR) }

    /// `close`, exactly once per descriptor. Not retried on `EINTR`: Linux has released the
    /// descriptor already, and a retry could close a descriptor another thread just got.
    static func close(_ fd: Int32) throws(NetError) {
        if Glibc.close(fd) == -1 {
            let code = Glibc.errno
            if code == EINTR { return }
            throw NetError.system(call: "close", errno: code)
        }
    }

    /// Sets `O_NONBLOCK` with `fcntl`.
    static func setNonBlocking(_ fd: Int32) throws(NetError) {
        let flags = try call("fcntl") { Glibc.fcntl(fd, F_GETFL) }
        _ = try call("fcntl") { Glibc.fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    /// `getsockname`.
    static func localAddress(_ fd: Int32) throws(NetError) -> SocketAddress {
        var address = SocketAddress()
        _ = try address.withMutableSockAddr { (pointer, length) throws(NetError) in
            try call("getsockname") { Glibc.getsockname(fd, pointer, length) }
        }
        return address
    }

    /// `getpeername`.
    static func peerAddress(_ fd: Int32) throws(NetError) -> SocketAddress {
        var address = SocketAddress()
        _ = try address.withMutableSockAddr { (pointer, length) throws(NetError) in
            try call("getpeername") { Glibc.getpeername(fd, pointer, length) }
        }
        return address
    }

    /// Resolves a host name (not a literal) for a passive socket with `getaddrinfo`; IPv4 first.
    static func resolve(host: String, port: Int) -> SocketAddress? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(first) }
        var found: [SocketAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let raw = entry.pointee.ai_addr, let address = SocketAddress(raw, length: entry.pointee.ai_addrlen) {
                found.append(address)
            }
            cursor = entry.pointee.ai_next
        }
        return found.first(where: { $0.family == AF_INET }) ?? found.first
    }

    /// Addresses of the machine's interfaces (`getifaddrs`), IPv4 and IPv6 only.
    static func interfaceAddresses() throws(NetError) -> [InterfaceAddress] {
        var list: UnsafeMutablePointer<ifaddrs>?
        _ = try call("getifaddrs") { getifaddrs(&list) }
        guard let first = list else { return [] }
        defer { freeifaddrs(first) }
        var result: [InterfaceAddress] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            cursor = entry.pointee.ifa_next
            guard let raw = entry.pointee.ifa_addr else { continue }
            let family = Int32(raw.pointee.sa_family)
            let length: Int
            if family == AF_INET {
                length = MemoryLayout<sockaddr_in>.size
            } else if family == AF_INET6 {
                length = MemoryLayout<sockaddr_in6>.size
            } else {
                continue
            }
            guard let address = SocketAddress(raw, length: socklen_t(length)) else { continue }
            let flags = entry.pointee.ifa_flags
            result.append(
                InterfaceAddress(
                    name: String(cString: entry.pointee.ifa_name),
                    address: address,
                    isLoopback: flags & UInt32(IFF_LOOPBACK) != 0,
                    isUp: flags & UInt32(IFF_UP) != 0))
        }
        return result
    }

    // MARK: - Signals

    /// Sets a signal's disposition to "ignore" (SIGPIPE; or SIGINT/SIGTERM before a dispatch source takes them).
    static func ignoreSignal(_ signal: Int32) {
        _ = Glibc.signal(signal, SIG_IGN)
    }

    /// Unblocks `signal` in the calling thread's mask: a process started by a parent that blocked it
    /// (test runners, some supervisors) would otherwise never see it.
    static func unblockSignal(_ signal: Int32) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    // MARK: - Standard streams

    /// Writes all of `bytes` to a blocking descriptor (stderr for the log). Best effort: gives up on error.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = Glibc.write(fd, base, left)
            if written < 0 {
                if Glibc.errno == EINTR { continue }
                return
            }
            left -= written
            base += written
        }
    }

    /// Makes stdout line buffered, so that a line reaches a pipe at once.
    static func lineBufferStdout() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }

    /// Writes `text` to stdout through the C stream (and flushes it).
    static func writeStdout(_ text: String) {
        fputs(text, stdout)
        fflush(stdout)
    }

    // MARK: - Time

    /// The current UTC time as `2026-11-21T09:37:00Z` (`clock_gettime` + `gmtime_r`).
    static func utcTimestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
