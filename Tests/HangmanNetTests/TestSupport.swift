import Dispatch
import HangmanSync

@testable import HangmanNet

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What the test handlers saw, shared across queues.
final class Recorder: Sendable {
    private let state = Locked<(closed: [UInt64: CloseReason], peers: [UInt64: String], opened: Int)>(([:], [:], 0))

    func opened(_ connection: Connection) {
        state.withLock {
            $0.opened += 1
            $0.peers[connection.id] = connection.peerAddress
        }
    }
    func closed(_ connection: Connection, _ reason: CloseReason) { state.withLock { $0.closed[connection.id] = reason } }
    var closedReasons: [CloseReason] { state.withLock { Array($0.closed.values) } }
    var openedCount: Int { state.withLock { $0.opened } }
    var peerAddresses: [String] { state.withLock { Array($0.peers.values) } }
}

/// Greets, echoes lines as `echo:<line>`, and obeys a few commands.
final class EchoHandler: ConnectionHandler {
    let recorder: Recorder
    static let floodChunk = [UInt8](repeating: 0x46, count: 65536)

    init(recorder: Recorder) { self.recorder = recorder }

    func connectionDidOpen(_ connection: Connection) {
        recorder.opened(connection)
        connection.send("hello\r\n")
    }

    func connection(_ connection: Connection, received event: InputEvent) {
        switch event {
        case .line("quit"):
            connection.send("bye\r\n")
            connection.close(reason: .requested)
        case .line("hide"):
            connection.setEchoHidden(true)
            connection.send("hidden\r\n")
        case .line("show"):
            connection.setEchoHidden(false)
            connection.send("shown\r\n")
        case .line("flood"):
            flood(connection)
        case .line("bigquit"):
            // More than the kernel's buffers hold for a client that reads nothing, then a close.
            connection.send([UInt8](repeating: 0x42, count: 16 << 20))
            connection.close(reason: .requested)
        case .line("login"):
            connection.loginCompleted()
            connection.send("in\r\n")
        case .line("inset"):
            connection.send("inset:\(connection.inReadinessSet)\r\n")
        case .line("thread"):
            connection.send("thread:\(currentThreadName())\r\n")
        case .line(let text) where text.hasPrefix("stall "):
            // Two lines (the second paced when pacing is on), then this connection's queue is
            // busy for that many milliseconds (a handler stuck in a slow call).
            connection.send("first\r\n")
            connection.send("second\r\n")
            usleep(UInt32(Int(text.dropFirst(6)) ?? 0) * 1000)
        case .line(let text) where text.hasPrefix("pause "):
            // Takes no lines for that many milliseconds (a handler busy with a slow command).
            connection.setInputPaused(true)
            connection.send("paused\r\n")
            let millis = Int(text.dropFirst(6)) ?? 0
            connection.queue.asyncAfter(deadline: .now() + .milliseconds(millis)) { connection.setInputPaused(false) }
        case .line(let text):
            connection.send("echo:\(text)\r\n")
        case .lineTooLong:
            connection.send("toolong\r\n")
        case .rateLimited:
            connection.send("limited\r\n")
        }
    }

    func connectionDidClose(_ connection: Connection, reason: CloseReason) {
        recorder.closed(connection, reason)
    }

    private func flood(_ connection: Connection) {
        guard connection.isOpen else { return }
        connection.send(Self.floodChunk)
        connection.queue.asyncAfter(deadline: .now() + .milliseconds(2)) { self.flood(connection) }
    }
}

/// Starts a server on 127.0.0.1 (or `host`), port 0, with the echo handler.
func makeServer(_ limits: TransportLimits = TransportLimits(), host: String = "127.0.0.1") throws -> (TransportServer, Recorder) {
    let recorder = Recorder()
    let server = try TransportServer(host: host, port: 0, limits: limits, logger: Logger(level: .error)) { _ in
        EchoHandler(recorder: recorder)
    }
    try server.start()
    return (server, recorder)
}

/// Polls `condition` until true or `timeout` seconds pass.
func waitUntil(_ timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
    while DispatchTime.now().uptimeNanoseconds < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}

/// Entries in /proc/self/fd.
func openDescriptorCount() -> Int {
    guard let dir = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(dir) }
    var count = 0
    while readdir(dir) != nil { count += 1 }
    return count
}

/// Descriptors of this process that are TCP sockets whose LOCAL port is `port`: the server's
/// listening socket and the connections it accepted (clients' sockets have it as remote port).
/// Unlike `openDescriptorCount`, other tests running at the same time do not disturb it.
func serverSocketCount(port: Int) -> Int {
    var inodes = Set<String>()
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        let fd = open(table, O_RDONLY)
        guard fd >= 0 else { continue }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        close(fd)
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 9, let colon = fields[1].lastIndex(of: ":"),
                Int(fields[1][fields[1].index(after: colon)...], radix: 16) == port
            else { continue }
            inodes.insert(String(fields[9]))
        }
    }
    guard let dir = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(dir) }
    var count = 0
    var buffer = [CChar](repeating: 0, count: 256)
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
        let length = readlink("/proc/self/fd/\(name)", &buffer, buffer.count - 1)
        guard length > 0 else { continue }
        let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("socket:["), inodes.contains(String(target.dropFirst(8).dropLast())) { count += 1 }
    }
    return count
}

/// A blocking test client on a plain socket.
final class TestClient {
    let fd: Int32
    private(set) var received: [UInt8] = []
    private(set) var sawEOF = false

    /// Connects to `port` on `host`, optionally from `source` and with a small receive buffer.
    init(port: Int, host: String = "127.0.0.1", source: String? = nil, receiveBuffer: Int32? = nil) throws {
        guard let address = SocketAddress(numericHost: host, port: port) else { throw NetError.invalidAddress(host) }
        fd = Glibc.socket(address.family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw NetError.system(call: "socket", errno: errno) }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source, let local = SocketAddress(numericHost: source, port: 0) {
            try Posix.bind(fd, to: local)
        }
        do {
            try Posix.connect(fd, to: address)
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    deinit { Glibc.close(fd) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Sends what the socket takes without blocking; false when it would block (the peer stopped
    /// reading and the buffers are full).
    func trySend(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Reads whatever arrives within `timeout` seconds (stops at EOF).
    @discardableResult
    func pump(_ timeout: Double) -> Int {
        var fds = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&fds, 1, Int32(timeout * 1000)) > 0 else { return 0 }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 {
            sawEOF = true
            return 0
        }
        received += buffer[0..<n]
        return n
    }

    /// Reads until the received text contains `needle` (true) or `timeout` passes / EOF (false).
    func waitFor(_ needle: String, timeout: Double = 5) -> Bool {
        let target = Array(needle.utf8)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while !contains(target) {
            if sawEOF { return false }
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return false }
            pump(Double(deadline - now) / 1e9)
        }
        return true
    }

    /// Reads until EOF (true) or `timeout`.
    func waitForEOF(timeout: Double = 5) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while !sawEOF {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return false }
            pump(Double(deadline - now) / 1e9)
        }
        return true
    }

    private func contains(_ target: [UInt8]) -> Bool {
        guard target.count <= received.count else { return false }
        for start in 0...(received.count - target.count) where received[start] == target[0] {
            if Array(received[start..<(start + target.count)]) == target { return true }
        }
        return false
    }

    /// The received bytes as lines (CRLF split), for exact comparisons.
    var lines: [String] {
        String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    func clear() { received = [] }
}

extension String {
    fileprivate func components(separatedBy separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}

/// The calling thread's name, as the kernel has it ("" where it cannot be read).
func currentThreadName() -> String {
    guard let file = fopen("/proc/thread-self/comm", "r") else { return "" }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 64)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "" }
    let bytes = buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}
