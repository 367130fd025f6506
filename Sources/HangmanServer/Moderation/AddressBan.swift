import HangmanNet

/// A refused address or network: `203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32`. Pure: parsed once,
/// matched against a connection's address with the same masking the per-address limits use
/// (`AddressGroup`).
public struct AddressBan: Equatable, Sendable {
    /// The network as `AddressGroup` writes it (`203.0.113.0/24`, or the address for a full prefix).
    public let network: String
    public let bits: Int
    public let isIPv4: Bool
    public var by: String
    public var since: Int64
    /// Wall seconds when it ends; nil: never.
    public var until: Int64?

    /// `address` or `address/bits`; nil when it is not a numeric IPv4 or IPv6 literal with a prefix
    /// length that fits it.
    public init?(_ text: String, by: String, since: Int64, until: Int64?) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let host = parts.first.map(String.init), !host.isEmpty else { return nil }
        let isIPv4 = !host.contains(":")
        let full = isIPv4 ? 32 : 128
        var bits = full
        if parts.count == 2 {
            guard let given = Int(parts[1]), (0...full).contains(given) else { return nil }
            bits = given
        }
        // Text that is not an address is its own group: refuse it rather than match it literally.
        guard Self.isAddress(host) else { return nil }
        self.network = AddressGroup.key(for: host, ipv6PrefixBits: bits, ipv4PrefixBits: bits)
        self.bits = bits
        self.isIPv4 = isIPv4
        self.by = by
        self.since = since
        self.until = until
    }

    /// Whether `address` (a connection's numeric address) lies in this network.
    public func matches(_ address: String) -> Bool {
        guard address.contains(":") != isIPv4 || address.hasPrefix("::ffff:") else { return false }
        return AddressGroup.key(for: address, ipv6PrefixBits: bits, ipv4PrefixBits: bits) == network
    }

    public func isActive(at now: Int64) -> Bool { until.map { now < $0 } ?? true }

    private static func isAddress(_ host: String) -> Bool {
        // `AddressGroup.key` gives text that is not an address back unchanged; an address at a
        // shorter prefix always comes back as a network, and at full length as itself.
        let probe = AddressGroup.key(for: host, ipv6PrefixBits: 0, ipv4PrefixBits: 0)
        return probe != host
    }
}
