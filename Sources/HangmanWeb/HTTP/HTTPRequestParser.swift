/// An incremental HTTP/1.1 request-head parser (RFC 9112) as a pure value: bytes in, requests or
/// one failure out; no sockets, no clock (the caller passes monotonic nanoseconds). Requests may be
/// pipelined: each complete head is handed out in order. The server takes no bodies, so a request
/// that announces one (`Content-Length` > 0 or `Transfer-Encoding`) is answered and then the
/// connection ends (`keepAlive` false): its body is never read as a next request (no smuggling).
/// After a failure, or a request that does not keep the connection alive, the parser is finished
/// and ignores whatever follows.
public struct HTTPRequestParser: Sendable {
    public enum Output: Sendable, Equatable {
        case request(HTTPRequest)
        case failure(HTTPRequestError)
    }

    public let limits: HTTPLimits
    /// Bytes of the head being collected (at most `limits.maxHeaderBytes` plus one read's worth,
    /// cut down as soon as it is seen).
    private var buffer: [UInt8] = []
    /// Where the current line of `buffer` began.
    private var lineStart = 0
    /// When the first byte of the request being collected arrived (nil: none pending).
    public private(set) var startedAt: UInt64?
    /// A failure was handed out, or a request that ends the connection: nothing more is parsed.
    public private(set) var isFinished = false

    public init(limits: HTTPLimits) {
        self.limits = limits
    }

    /// Bytes held for the request being collected.
    public var bufferedBytes: Int { buffer.count }

    /// Whether the request being collected has taken longer than `limits.requestNanos` at `now`.
    public func isOverdue(now: UInt64) -> Bool {
        guard let startedAt, !isFinished else { return false }
        return now &- startedAt > limits.requestNanos
    }

    /// Takes the overdue verdict: a `.timedOut` failure (and finishes) when overdue at `now`.
    public mutating func checkDeadline(now: UInt64) -> Output? {
        guard isOverdue(now: now) else { return nil }
        return finish(.timedOut)
    }

    /// Feeds bytes as they arrive; returns the requests (and at most one failure, last) they complete.
    public mutating func receive(_ bytes: some Sequence<UInt8>, now: UInt64) -> [Output] {
        guard !isFinished else { return [] }
        var outputs: [Output] = []
        for byte in bytes {
            // Empty lines before a request line are ignored (RFC 9112 section 2.2).
            if buffer.isEmpty, byte == 13 || byte == 10 { continue }
            if buffer.isEmpty { startedAt = now }
            buffer.append(byte)
            if buffer.count > limits.maxHeaderBytes {
                outputs.append(finish(.headersTooLarge))
                return outputs
            }
            guard byte == 10 else { continue }
            let line = buffer[lineStart..<(buffer.count - 1)]
            let blank = line.isEmpty || (line.count == 1 && line.first == 13)
            lineStart = buffer.count
            guard blank else { continue }
            let head = buffer
            buffer.removeAll(keepingCapacity: false)
            lineStart = 0
            startedAt = nil
            switch Self.parseHead(head) {
            case .success(let request):
                outputs.append(.request(request))
                if !request.keepAlive {
                    isFinished = true
                    return outputs
                }
            case .failure(let error):
                outputs.append(finish(error))
                return outputs
            }
        }
        return outputs
    }

    private mutating func finish(_ error: HTTPRequestError) -> Output {
        isFinished = true
        buffer = []
        startedAt = nil
        return .failure(error)
    }

    // MARK: the head

    /// Parses a complete head: its lines, each ended by LF (CR LF, or a bare LF), the blank one last.
    static func parseHead(_ head: [UInt8]) -> Result<HTTPRequest, HTTPRequestError> {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for index in head.indices where head[index] == 10 {
            var end = index
            if end > start, head[end - 1] == 13 { end -= 1 }
            lines.append(head[start..<end])
            start = index + 1
        }
        guard let requestLine = lines.first else { return .failure(.malformed("no request line")) }
        // A CR is allowed only right before LF; anywhere else it is a bare CR (section 2.2).
        if lines.contains(where: { $0.contains(13) }) { return .failure(.malformed("bare CR")) }
        let parts = requestLine.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(.malformed("request line is not method, target, version")) }
        let method = parts[0]
        guard !method.isEmpty, method.allSatisfy(isToken) else { return .failure(.malformed("bad method")) }
        let minor: Int
        switch Array(parts[2]) {
        case Array("HTTP/1.1".utf8): minor = 1
        case Array("HTTP/1.0".utf8): minor = 0
        case let version where version.starts(with: Array("HTTP/".utf8)) && version.count >= 6 && (50...57).contains(version[5]):
            return .failure(.versionNotSupported)
        default: return .failure(.malformed("bad version"))
        }
        var headers: [HTTPRequest.Header] = []
        for line in lines.dropFirst().dropLast() {
            guard let first = line.first, first != 32, first != 9 else { return .failure(.malformed("folded header line")) }
            guard let colon = line.firstIndex(of: 58) else { return .failure(.malformed("header line without colon")) }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(isToken) else { return .failure(.malformed("bad header name")) }
            var value = line[(colon + 1)...]
            while let byte = value.first, byte == 32 || byte == 9 { value = value.dropFirst() }
            while let byte = value.last, byte == 32 || byte == 9 { value = value.dropLast() }
            guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else {
                return .failure(.malformed("control character in a header value"))
            }
            headers.append(
                .init(name: String(decoding: name, as: UTF8.self).lowercased(), value: String(decoding: value, as: UTF8.self)))
        }
        let hosts = headers.filter { $0.name == "host" }
        if minor == 1, hosts.count != 1 { return .failure(.malformed("HTTP/1.1 needs exactly one Host")) }
        if hosts.count > 1 { return .failure(.malformed("more than one Host")) }
        let lengths = Set(headers.filter { $0.name == "content-length" }.map(\.value))
        guard lengths.count <= 1 else { return .failure(.malformed("conflicting Content-Length")) }
        if let length = lengths.first, length.isEmpty || !length.utf8.allSatisfy({ (48...57).contains($0) }) {
            return .failure(.malformed("bad Content-Length"))
        }
        let hasBody =
            headers.contains { $0.name == "transfer-encoding" }
            || lengths.first.map { !$0.utf8.allSatisfy { $0 == 48 } } == true
        let tokens = headers.filter { $0.name == "connection" }
            .flatMap { $0.value.lowercased().split(separator: ",").map { $0.trimmingCharacters(" \t") } }
        let keepAlive = !hasBody && (minor == 1 ? !tokens.contains("close") : tokens.contains("keep-alive"))
        guard case .success(let (segments, query)) = HTTPTarget.parse(parts[1]) else {
            if case .failure(let error) = HTTPTarget.parse(parts[1]) { return .failure(error) }
            return .failure(.malformed("bad target"))
        }
        return .success(
            HTTPRequest(
                method: String(decoding: method, as: UTF8.self), segments: segments, query: query, minorVersion: minor,
                headers: headers, keepAlive: keepAlive))
    }

    /// RFC 9110 token characters.
    static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

extension Substring {
    func trimmingCharacters(_ set: String) -> String {
        var slice = self[...]
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
