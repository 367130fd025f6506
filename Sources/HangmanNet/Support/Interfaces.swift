#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The machine's network addresses, for the "connect to …" hint printed at start.
public enum Interfaces {
    /// Non-loopback IPv4 and IPv6 addresses of interfaces that are up, IPv4 first. IPv6
    /// link-local addresses (fe80::/10) are skipped: they need a scope and are useless in a hint.
    public static func lanAddresses() -> [String] {
        guard let all = try? Posix.interfaceAddresses() else { return [] }
        var v4: [String] = []
        var v6: [String] = []
        for entry in all where entry.isUp && !entry.isLoopback {
            if entry.address.isLinkLocalIPv6 { continue }
            let host = entry.address.host
            if entry.address.family == AF_INET {
                if !host.hasPrefix("127."), !v4.contains(host) { v4.append(host) }
            } else if host != "::1", !v6.contains(host) {
                v6.append(host)
            }
        }
        return v4 + v6
    }
}
