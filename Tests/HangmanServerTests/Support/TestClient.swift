import Foundation
import HangmanSync
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// A blocking TCP client for tests: connects to 127.0.0.1, writes raw bytes, reads lines with a timeout.
final class TestClient {
    enum ClientError: Error, CustomStringConvertible {
        case connect(Int32), timeout(String), closed(String), malformed(String), schema(String, [String])
        var description: String {
            switch self {
            case .connect(let e): "connect failed: errno \(e)"
            case .timeout(let what): "timed out waiting for \(what)"
            case .closed(let what): "connection closed while waiting for \(what)"
            case .malformed(let line): "the server sent a line that is not a JSON object in JSON mode: \(line.debugDescription)"
            case .schema(let line, let problems): "invalid against docs/protocol.schema.json: \(problems) in \(line)"
            }
        }
    }

    /// Whether the server's output is JSON: `requested` once this client sent `json`, `on` from the
    /// first JSON object after that (earlier lines are the text banner and prompt), `off` again
    /// after `text`. While `on`, a line that is not a JSON object fails the read at once.
    enum JSONMode { case off, requested, on }
    private(set) var jsonMode = JSONMode.off

    let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var isClosed = false
    /// Check every JSON line against docs/protocol.schema.json (off only for tests of this client
    /// against scripted peers that send made-up events).
    var checksSchema = true
    /// Every line read so far (for debugging failures).
    private(set) var transcript: [String] = []

    /// `receiveBuffer` (bytes) shrinks the socket's receive buffer before connecting: a slow reader.
    /// `source` (an address of 127.0.0.0/8) is the address to connect from.
    init(port: Int, receiveBuffer: Int32? = nil, source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if bound != 0 {
                let error = errno
                Glibc.close(fd)
                throw ClientError.connect(error)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0 {
            let error = errno
            Glibc.close(fd)
            throw ClientError.connect(error)
        }
    }

    deinit { if !isClosed { Glibc.close(fd) } }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(fd)
    }

    /// Half-closes: the server sees end of input, the client can still read.
    func shutdownWrite() { _ = Glibc.shutdown(fd, Int32(SHUT_WR)) }

    /// Closes with a reset (SO_LINGER 0) instead of a FIN: a client that vanishes mid-stream.
    func reset() {
        guard !isClosed else { return }
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close()
    }

    func send(_ text: String) {
        for line in text.split(whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) {
            var word = line.trimmingCharacters(in: .whitespaces).lowercased()
            if word.hasPrefix("/") { word.removeFirst() }
            if word == "json", jsonMode == .off { jsonMode = .requested }
            if word == "text" { jsonMode = .off }
        }
        sendBytes(Array(text.utf8))
    }
    func line(_ text: String) { send(text + "\r\n") }

    func sendBytes(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Reads more bytes; false on timeout, throws on EOF.
    private func fill(timeout: Double) throws -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pfd, 1, Int32(max(1, timeout * 1000)))
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else {
            throw ClientError.closed("data")
        }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    /// The next line (without its line end), or throws on timeout/close.
    func readLine(timeout: Double = 5) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                var lineBytes = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if lineBytes.last == 13 { lineBytes.removeLast() }
                let text = String(decoding: lineBytes, as: UTF8.self)
                transcript.append(text)
                if checksSchema { try Self.checkSchema(text) }
                return text
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                throw ClientError.timeout("a line; have \(String(decoding: buffer, as: UTF8.self).debugDescription)")
            }
            _ = try fill(timeout: left)
        }
    }

    /// Everything that arrives within `window` seconds (no line splitting).
    func drain(window: Double = 0.2) -> String {
        String(decoding: rawBytes(window: window), as: UTF8.self)
    }

    /// Everything that arrives until it contains `marker` (or `timeout` passes, or the connection
    /// closes), and then for `settle` seconds more: for checks on a whole screen that must not
    /// depend on how fast a (sanitizer-slowed) server draws it.
    func rawBytes(until marker: String, timeout: Double = 10, settle: Double = 0.1) -> [UInt8] {
        let needle = Array(marker.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        var searched = 0
        while deadline.timeIntervalSinceNow > 0 {
            if needle.count <= buffer.count,
                (max(0, searched - needle.count)...(buffer.count - needle.count)).contains(where: {
                    buffer[$0..<$0 + needle.count].elementsEqual(needle)
                })
            {
                break
            }
            searched = buffer.count
            guard (try? fill(timeout: deadline.timeIntervalSinceNow)) == true else { break }
        }
        return rawBytes(window: settle)
    }

    /// `rawBytes(until:)` as text.
    func drain(until marker: String, timeout: Double = 10, settle: Double = 0.1) -> String {
        String(decoding: rawBytes(until: marker, timeout: timeout, settle: settle), as: UTF8.self)
    }

    /// Raw bytes available within `window` seconds.
    func rawBytes(window: Double = 0.3) -> [UInt8] {
        let deadline = Date().addingTimeInterval(window)
        while deadline.timeIntervalSinceNow > 0 {
            if (try? fill(timeout: deadline.timeIntervalSinceNow)) != true { break }
        }
        defer { buffer.removeAll() }
        return buffer
    }

    /// True when the server closed the connection within `timeout`.
    func waitForClose(timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            do {
                _ = try fill(timeout: deadline.timeIntervalSinceNow)
                buffer.removeAll()
            } catch {
                return true
            }
        }
        return false
    }

    // MARK: JSON

    /// The schema of each event `type` alone (the same `$defs`, entered at `#/$defs/<type>`): the
    /// whole schema is a `oneOf` that tries every event, many times slower for the same verdict.
    static let schemaByType: [String: JSONSchemaValidator]? = {
        guard let data = try? Data(contentsOf: schemaURL),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let defs = root["$defs"] as? [String: Any]
        else { return nil }
        var validators: [String: JSONSchemaValidator] = [:]
        for name in defs.keys {
            let entry: [String: Any] = ["$ref": "#/$defs/\(name)", "$defs": defs]
            guard let entryData = try? JSONSerialization.data(withJSONObject: entry),
                let validator = try? JSONSchemaValidator(schemaData: entryData)
            else { return nil }
            validators[name] = validator
        }
        return validators
    }()

    /// The `type` of a JSON event line (nil when there is none).
    static func eventType(of line: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        return object["type"] as? String
    }

    /// Lines that passed the schema already.
    private static let validLines = Locked<Set<String>>([])

    /// docs/protocol.schema.json, loaded once for every client.
    static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/protocol.schema.json")

    static let schema: JSONSchemaValidator? = {
        guard let data = try? Data(contentsOf: schemaURL) else { return nil }
        return try? JSONSchemaValidator(schemaData: data)
    }()

    /// Every JSON object line the server sends must validate against docs/protocol.schema.json: the
    /// first that does not fails the test (recorded as an issue even where the caller ignores errors).
    static func checkSchema(_ line: String) throws {
        guard line.hasPrefix("{") else { return }
        guard let schema else {
            Issue.record("docs/protocol.schema.json is missing or not a schema the checker supports")
            throw ClientError.schema(line, ["no schema"])
        }
        // Room members receive the same broadcast lines: each distinct line is checked once (the
        // checker is slow enough to make 100-client tests time out otherwise).
        if validLines.withLock({ $0.contains(line) }) { return }
        let problems = (eventType(of: line).flatMap { schemaByType?[$0] } ?? schema).problems(line: line)
        guard !problems.isEmpty else {
            validLines.withLock { lines in
                if lines.count >= 20_000 { lines.removeAll(keepingCapacity: true) }
                lines.insert(line)
            }
            return
        }
        Issue.record("a JSON line breaks docs/protocol.schema.json: \(problems.joined(separator: "; ")) in \(line)")
        throw ClientError.schema(line, problems)
    }

    /// Reads lines until one is a JSON object matching `predicate`; other JSON objects are skipped.
    /// Before JSON mode is on, text lines are skipped too; once it is on, a line that is not a JSON
    /// object throws `ClientError.malformed` at once rather than waiting for the timeout.
    func readJSON(timeout: Double = 5, where predicate: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw ClientError.timeout("a matching JSON event; transcript tail: \(transcript.suffix(8))") }
            let text = try readLine(timeout: left)
            guard let data = text.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else {
                if jsonMode == .on { throw ClientError.malformed(text) }
                continue
            }
            if jsonMode == .requested { jsonMode = .on }
            if predicate(object) { return object }
        }
    }

    /// The next JSON event of `type`.
    func expect(_ type: String, timeout: Double = 5, where predicate: ([String: Any]) -> Bool = { _ in true }) throws -> [String:
        Any]
    {
        try readJSON(timeout: timeout) { ($0["type"] as? String) == type && predicate($0) }
    }

    /// The next `error` event's code.
    func expectError(timeout: Double = 5) throws -> String {
        let event = try expect("error", timeout: timeout)
        return event["code"] as? String ?? ""
    }

    /// Connects, switches to JSON, logs in as `name` and (optionally) waits for the first `state`.
    static func player(_ name: String, port: Int, waitForState: Bool = true) throws -> TestClient {
        let client = try TestClient(port: port)
        client.line("json")
        client.line("name \(name)")
        _ = try client.expect("logged_in")
        if waitForState { _ = try client.expect("state") }
        return client
    }
}
