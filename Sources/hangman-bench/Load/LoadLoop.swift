// The load generator's engine: one thread, one epoll set, non-blocking loopback sockets.
//
// Why its own socket code instead of HangmanNet: the transport is a server (accept, Dispatch
// sources, one queue per connection); a load generator wants the opposite shape — thousands of
// client sockets driven from a single thread with as little CPU as possible, because it shares the
// machine with the server it measures. Level-triggered epoll, one shared 64 KiB read buffer, lines
// handed to the mode's driver as byte slices (no String per line unless the driver wants one).
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Monotonic time in nanoseconds (the same clock the send timestamps in chat lines use).
func monotonicNanos() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// What a mode does with its clients. Every call comes from `LoadLoop.run` on the one thread.
protocol LoadDriver: AnyObject {
    /// The TCP connection is up (or, with `ok == false`, failed).
    func connected(_ client: LoadClient, ok: Bool)
    /// One input line without its line end (CR stripped too).
    func line(_ client: LoadClient, _ bytes: UnsafeRawBufferPointer, now: UInt64)
    /// The server closed the connection (EOF or error).
    func closed(_ client: LoadClient)
    /// Called about every `tickNanos`; return false to stop the loop.
    func tick(now: UInt64) -> Bool
}

/// One client socket with its partial input line and its unsent output.
final class LoadClient {
    let index: Int
    fileprivate(set) var fd: Int32 = -1
    fileprivate(set) var isConnected = false
    fileprivate(set) var isClosed = false
    fileprivate var partial: [UInt8] = []
    fileprivate var outbox: [UInt8] = []
    fileprivate var outOffset = 0
    fileprivate var watchingWrite = false
    fileprivate unowned let loop: LoadLoop

    /// Free for the driver: the client's name, its phase, a counter, a timestamp.
    var name = ""
    var phase = 0
    var count = 0
    var stamp: UInt64 = 0
    var room = 0

    fileprivate init(index: Int, loop: LoadLoop) {
        self.index = index
        self.loop = loop
    }

    /// Bytes not yet accepted by the kernel.
    var unsentBytes: Int { outbox.count - outOffset }

    /// Sends `bytes` now as far as the socket takes them; the rest waits for EPOLLOUT.
    func send(_ bytes: UnsafeRawBufferPointer) {
        guard isConnected, !isClosed, !bytes.isEmpty else { return }
        if unsentBytes > 0 {
            outbox.append(contentsOf: bytes)
            return
        }
        var offset = 0
        while offset < bytes.count {
            let sent = Glibc.send(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if sent > 0 {
                offset += sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else {
                loop.fail(self)
                return
            }
        }
        if offset < bytes.count {
            outbox.removeAll(keepingCapacity: true)
            outOffset = 0
            outbox.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            loop.watch(self, write: true)
        }
    }

    func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { send($0) }
    }

    func send(_ text: String) {
        var text = text
        text.withUTF8 { send(UnsafeRawBufferPointer($0)) }
    }

    /// Closes the socket (no callback to the driver).
    func close() {
        loop.closeClient(self)
    }
}

/// The epoll loop. Bounded: `run` returns at its deadline whatever the driver says.
final class LoadLoop {
    private let epfd: Int32
    private(set) var clients: [LoadClient] = []
    private let readBuffer: UnsafeMutableRawBufferPointer
    private var address = sockaddr_storage()
    private var addressLength: socklen_t = 0
    private var family: Int32 = AF_INET
    private let events: UnsafeMutableRawBufferPointer
    weak var driver: (any LoadDriver)?
    /// Connections that were refused or failed to connect.
    private(set) var connectFailures = 0
    private(set) var openCount = 0

    /// `host` must be a loopback literal: 127.0.0.1 (any 127/8) or ::1.
    init(host: String, port: Int) throws(BenchError) {
        guard Epoll.available else { throw .failed("epoll is not available") }
        epfd = Epoll.create()
        guard epfd >= 0 else { throw .failed("epoll_create1 failed (errno \(errno))") }
        readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
        events = UnsafeMutableRawBufferPointer.allocate(byteCount: 512 * Epoll.eventSize, alignment: 16)
        guard (1...65535).contains(port) else { throw .usage("--port must be 1...65535") }
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            guard (UInt32(bigEndian: v4.sin_addr.s_addr) >> 24) == 127 else {
                throw .usage("--host must be a loopback address (127.0.0.1 or ::1)")
            }
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
            withUnsafeBytes(of: v4) { raw in
                withUnsafeMutableBytes(of: &address) { $0.copyMemory(from: raw) }
            }
            addressLength = socklen_t(MemoryLayout<sockaddr_in>.size)
            family = AF_INET
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            var loopback = in6_addr()
            _ = inet_pton(AF_INET6, "::1", &loopback)
            let same = withUnsafeBytes(of: v6.sin6_addr) { a in withUnsafeBytes(of: loopback) { b in a.elementsEqual(b) } }
            guard same else { throw .usage("--host must be a loopback address (127.0.0.1 or ::1)") }
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
            withUnsafeBytes(of: v6) { raw in
                withUnsafeMutableBytes(of: &address) { $0.copyMemory(from: raw) }
            }
            addressLength = socklen_t(MemoryLayout<sockaddr_in6>.size)
            family = AF_INET6
        } else {
            throw .usage("--host must be a loopback address literal (127.0.0.1 or ::1)")
        }
    }

    deinit {
        for client in clients where client.fd >= 0 { Glibc.close(client.fd) }
        Glibc.close(epfd)
        readBuffer.deallocate()
        events.deallocate()
    }

    /// Starts a non-blocking connect; the driver hears `connected` when it completes.
    @discardableResult
    func connect() -> LoadClient {
        let client = LoadClient(index: clients.count, loop: self)
        clients.append(client)
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            client.isClosed = true
            connectFailures += 1
            driver?.connected(client, ok: false)
            return client
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        client.fd = fd
        openCount += 1
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, addressLength) }
        }
        if result == 0 {
            client.isConnected = true
            register(client, events: Epoll.input)
            driver?.connected(client, ok: true)
        } else if errno == EINPROGRESS {
            register(client, events: Epoll.output)
            client.watchingWrite = true
        } else {
            fail(client, connecting: true)
        }
        return client
    }

    private func register(_ client: LoadClient, events: UInt32) {
        _ = Epoll.control(epfd, Epoll.add, client.fd, events: events, data: UInt64(client.index))
    }

    fileprivate func watch(_ client: LoadClient, write: Bool) {
        guard client.watchingWrite != write, client.fd >= 0 else { return }
        client.watchingWrite = write
        _ = Epoll.control(
            epfd, Epoll.modify, client.fd, events: Epoll.input | (write ? Epoll.output : 0), data: UInt64(client.index))
    }

    fileprivate func closeClient(_ client: LoadClient) {
        guard client.fd >= 0 else { return }
        _ = Epoll.control(epfd, Epoll.delete, client.fd, events: 0, data: 0)
        Glibc.close(client.fd)
        client.fd = -1
        client.isClosed = true
        client.outbox = []
        client.partial = []
        openCount -= 1
    }

    fileprivate func fail(_ client: LoadClient, connecting: Bool = false) {
        let wasConnected = client.isConnected
        closeClient(client)
        if connecting || !wasConnected {
            connectFailures += 1
            driver?.connected(client, ok: false)
        } else {
            driver?.closed(client)
        }
    }

    /// Runs until the driver's `tick` returns false or `deadline` (monotonic ns) passes.
    func run(until deadline: UInt64, tickNanos: UInt64 = 1_000_000) {
        var nextTick = monotonicNanos()
        while true {
            let now = monotonicNanos()
            if now >= deadline { return }
            if now >= nextTick {
                guard driver?.tick(now: now) ?? false else { return }
                nextTick = now + tickNanos
            }
            let waitNanos = min(nextTick, deadline) - min(now, min(nextTick, deadline))
            let timeout = Int32(min(1000, (waitNanos + 999_999) / 1_000_000))
            let ready = Epoll.wait(epfd, events, timeoutMillis: timeout)
            guard ready > 0 else { continue }
            let stamp = monotonicNanos()
            for slot in 0..<Int(ready) {
                let event = Epoll.event(events, slot)
                let index = Int(event.data)
                guard index < clients.count else { continue }
                let client = clients[index]
                guard client.fd >= 0 else { continue }
                if !client.isConnected {
                    finishConnect(client, flags: event.events)
                    continue
                }
                if event.events & (Epoll.input | Epoll.hangup | Epoll.error) != 0 {
                    readable(client, now: stamp)
                }
                if client.fd >= 0, event.events & Epoll.output != 0 {
                    writable(client)
                }
            }
        }
    }

    private func finishConnect(_ client: LoadClient, flags: UInt32) {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(client.fd, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0, flags & Epoll.error == 0 else {
            fail(client, connecting: true)
            return
        }
        client.isConnected = true
        client.watchingWrite = true
        watch(client, write: false)
        driver?.connected(client, ok: true)
    }

    private func writable(_ client: LoadClient) {
        while client.outOffset < client.outbox.count {
            let offset = client.outOffset
            let sent = client.outbox.withUnsafeBytes { raw in
                Glibc.send(client.fd, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                client.outOffset += sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return
            } else {
                fail(client)
                return
            }
        }
        client.outbox.removeAll(keepingCapacity: client.outbox.capacity <= 65536)
        client.outOffset = 0
        watch(client, write: false)
    }

    /// Reads at most a few buffers per wake-up so that one busy socket cannot starve the others.
    private func readable(_ client: LoadClient, now: UInt64) {
        for _ in 0..<4 {
            let count = recv(client.fd, readBuffer.baseAddress, readBuffer.count, 0)
            if count > 0 {
                split(client, UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]), now: now)
                guard client.fd >= 0 else { return }
                if count < readBuffer.count { return }
            } else if count == 0 {
                fail(client)
                return
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                fail(client)
                return
            }
        }
    }

    /// Hands every complete line to the driver; keeps the unfinished tail in `partial`.
    private func split(_ client: LoadClient, _ chunk: UnsafeRawBufferPointer, now: UInt64) {
        guard let driver, let base = chunk.baseAddress else { return }
        if !client.partial.isEmpty {
            guard let newline = memchr(base, 10, chunk.count) else {
                client.partial.append(contentsOf: chunk)
                if client.partial.count > 1 << 20 { fail(client) }  // a line over 1 MiB: not a line server
                return
            }
            let head = UnsafeRawPointer(newline) - base
            client.partial.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<head]))
            var line = client.partial
            client.partial.removeAll(keepingCapacity: true)
            line.withUnsafeBytes { deliver(driver, client, $0, now: now) }
            guard client.fd >= 0 else { return }
            split(client, UnsafeRawBufferPointer(rebasing: chunk[(head + 1)...]), now: now)
            line = []
            return
        }
        var start = 0
        while start < chunk.count {
            guard let newline = memchr(base + start, 10, chunk.count - start) else { break }
            let end = UnsafeRawPointer(newline) - base
            deliver(driver, client, UnsafeRawBufferPointer(rebasing: chunk[start..<end]), now: now)
            guard client.fd >= 0 else { return }
            start = end + 1
        }
        if start < chunk.count {
            client.partial.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start...]))
        }
    }

    private func deliver(_ driver: any LoadDriver, _ client: LoadClient, _ line: UnsafeRawBufferPointer, now: UInt64) {
        var line = line
        if let last = line.last, last == 13 { line = UnsafeRawBufferPointer(rebasing: line[0..<(line.count - 1)]) }
        driver.line(client, line, now: now)
    }
}
