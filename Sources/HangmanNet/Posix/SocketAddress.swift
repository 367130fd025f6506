#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// An IPv4 or IPv6 socket address (a `sockaddr_storage` and its length), with text forms.
struct SocketAddress: @unchecked Sendable, CustomStringConvertible {
    // @unchecked: a plain C struct held by value; no pointers inside.
    private var storage = sockaddr_storage()
    private var length = socklen_t(MemoryLayout<sockaddr_storage>.size)

    /// An empty address for `accept`/`getsockname` to fill.
    init() {}

    /// Copies a `sockaddr` of `length` bytes; nil for families other than IPv4/IPv6.
    init?(_ raw: UnsafePointer<sockaddr>, length: socklen_t) {
        let family = Int32(raw.pointee.sa_family)
        guard family == AF_INET || family == AF_INET6,
            Int(length) <= MemoryLayout<sockaddr_storage>.size
        else { return nil }
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: Int(length)))
        }
        self.length = length
    }

    /// Parses a numeric IPv4 or IPv6 literal (brackets allowed around IPv6); nil otherwise.
    init?(numericHost host: String, port: Int) {
        guard (0...65535).contains(port) else { return nil }
        var text = host
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, text, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: v4) { target.copyMemory(from: $0) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            return
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, text, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: v6) { target.copyMemory(from: $0) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            return
        }
        return nil
    }

    /// `AF_INET` or `AF_INET6`.
    var family: Int32 { Int32(storage.ss_family) }

    /// The port in host byte order.
    var port: Int {
        withUnsafeBytes(of: storage) { raw in
            if family == AF_INET {
                return Int(UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port))
            } else {
                return Int(UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port))
            }
        }
    }

    /// The 16 raw bytes of an IPv6 address (nil for IPv4).
    var ipv6Bytes: [UInt8]? {
        guard family == AF_INET6 else { return nil }
        return withUnsafeBytes(of: storage) { raw in
            let v6 = raw.load(as: sockaddr_in6.self)
            return withUnsafeBytes(of: v6.sin6_addr) { Array($0) }
        }
    }

    /// True for an IPv6 link-local address (fe80::/10).
    var isLinkLocalIPv6: Bool {
        guard let bytes = ipv6Bytes else { return false }
        return bytes[0] == 0xFE && (bytes[1] & 0xC0) == 0x80
    }

    /// The address as text, IPv4-mapped IPv6 (`::ffff:1.2.3.4`) given as plain IPv4.
    var host: String {
        withUnsafeBytes(of: storage) { raw -> String in
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            if family == AF_INET {
                var address = raw.load(as: sockaddr_in.self).sin_addr
                guard inet_ntop(AF_INET, &address, &text, socklen_t(text.count)) != nil else { return "?" }
            } else {
                let v6 = raw.load(as: sockaddr_in6.self)
                let bytes = withUnsafeBytes(of: v6.sin6_addr) { Array($0) }
                if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                    return "\(bytes[12]).\(bytes[13]).\(bytes[14]).\(bytes[15])"
                }
                var address = v6.sin6_addr
                guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return "?" }
            }
            return String(decoding: text.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// `1.2.3.4:5678` or `[::1]:5678`.
    var description: String {
        let host = self.host
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Calls `body` with the address as a `sockaddr` pointer and its length.
    func withSockAddr<R, E: Error>(
        _ body: (UnsafePointer<sockaddr>, socklen_t) throws(E) -> R
    ) throws(E) -> R {
        var copy = storage
        let length = self.length
        return try withUnsafePointer(to: &copy) { (pointer) throws(E) -> R in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (raw) throws(E) -> R in
                try body(raw, length)
            }
        }
    }

    /// Calls `body` with a writable `sockaddr` pointer and length (for accept/getsockname/getpeername).
    mutating func withMutableSockAddr<R, E: Error>(
        _ body: (UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) throws(E) -> R
    ) throws(E) -> R {
        length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        var copy = storage
        var newLength = length
        let result = try withUnsafeMutablePointer(to: &copy) { (pointer) throws(E) -> R in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (raw) throws(E) -> R in
                try body(raw, &newLength)
            }
        }
        storage = copy
        length = newLength
        return result
    }
}
