#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The key per-address limits count by: an IPv4 address (or its prefix, `ipv4PrefixBits`) or an
/// IPv6 prefix (`ipv6PrefixBits`, /64 by default: one subscriber usually holds a whole /64, so
/// counting exact IPv6 addresses would let one machine look like 2^64 clients).
///
/// Pure and public so that every per-address limit — the transport's connection caps and the
/// server layer's login throttle — groups addresses the same way.
public enum AddressGroup {
    /// The group of `address`, a numeric IPv4 or IPv6 literal (brackets allowed). IPv4-mapped IPv6
    /// (`::ffff:1.2.3.4`) is IPv4. A full-length prefix gives the address itself (`1.2.3.4`,
    /// `2001:db8::1`); a shorter one the masked network and its length (`1.2.3.0/24`,
    /// `2001:db8:1:2::/64`). Text that is not an address is its own group.
    public static func key(for address: String, ipv6PrefixBits: Int = 64, ipv4PrefixBits: Int = 32) -> String {
        var text = address
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return ipv4Key(withUnsafeBytes(of: v4) { Array($0) }, bits: ipv4PrefixBits)
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return address }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return ipv4Key(Array(bytes[12..<16]), bits: ipv4PrefixBits)
        }
        let bits = min(128, max(0, ipv6PrefixBits))
        var masked = mask(bytes, bits: bits)
        var out = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let converted = masked.withUnsafeMutableBytes { raw in
            inet_ntop(AF_INET6, raw.baseAddress, &out, socklen_t(out.count)) != nil
        }
        guard converted else { return address }
        let textForm = String(decoding: out.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return bits == 128 ? textForm : "\(textForm)/\(bits)"
    }

    /// `key(for:)` with the prefixes of `limits`.
    public static func key(for address: String, limits: TransportLimits) -> String {
        key(for: address, ipv6PrefixBits: limits.ipv6PrefixBits, ipv4PrefixBits: limits.ipv4PrefixBits)
    }

    private static func ipv4Key(_ bytes: [UInt8], bits requested: Int) -> String {
        let bits = min(32, max(0, requested))
        let masked = mask(bytes, bits: bits)
        let textForm = masked.map(String.init).joined(separator: ".")
        return bits == 32 ? textForm : "\(textForm)/\(bits)"
    }

    /// `bytes` with every bit after the first `bits` cleared.
    private static func mask(_ bytes: [UInt8], bits: Int) -> [UInt8] {
        var result = bytes
        for index in result.indices {
            let keep = min(8, max(0, bits - index * 8))
            result[index] &= keep == 0 ? 0 : UInt8(truncatingIfNeeded: 0xFF << (8 - keep))
        }
        return result
    }
}
