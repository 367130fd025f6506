#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The machine's network addresses, and the "connect to …" hint printed at start.
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

    /// The addresses friends can reach the server on, given the address it is bound to (numeric,
    /// as `TransportServer.boundHost` reports it) and the machine's LAN addresses. Only a wildcard
    /// listens on every interface: `::` (IPv6 and IPv4) advertises them all, `0.0.0.0` the IPv4
    /// ones; a loopback address nothing (friends cannot reach it); any other address only itself.
    public static func advertised(boundHost: String, lanAddresses: [String]) -> [String] {
        switch boundHost {
        case "::": return lanAddresses
        case "0.0.0.0": return lanAddresses.filter { !$0.contains(":") }
        default: return isLoopback(boundHost) ? [] : [boundHost]
        }
    }

    /// The host to type on this machine: `localhost` when the server listens on loopback (a
    /// wildcard includes it), else the bound address itself.
    public static func localHost(boundHost: String) -> String {
        switch boundHost {
        case "::", "0.0.0.0", "127.0.0.1": return "localhost"
        default: return boundHost
        }
    }

    /// The lines printed after `listening on …`: how friends and this machine connect. `telnetPort`
    /// is the negotiate-first port telnet users should use (hidden passwords), nil when there is none.
    /// `webPort`: the live web page's port (issue 31), shown as `http://<address>:<port>/` beside each.
    public static func banner(
        boundHost: String, port: Int, telnetPort: Int? = nil, webPort: Int? = nil, lanAddresses: [String]
    ) -> [String] {
        var lines: [String] = []
        let telnet = telnetPort ?? port
        let friends = advertised(boundHost: boundHost, lanAddresses: lanAddresses)
        if !friends.isEmpty {
            lines.append("Friends on your network can connect with:")
            for address in friends {
                let page = webPort.map { "    or watch http://\(urlHost(address)):\($0)/" } ?? ""
                lines.append("  telnet \(address) \(telnet)    or    nc \(address) \(port)\(page)")
            }
        }
        let local = localHost(boundHost: boundHost)
        lines.append("Play here with: telnet \(local) \(telnet)   (stop the server with Ctrl-C)")
        if let webPort { lines.append("Watch here at: http://\(urlHost(local)):\(webPort)/") }
        return lines
    }

    /// An address as a URL's host: IPv6 in brackets.
    static func urlHost(_ address: String) -> String { address.contains(":") ? "[\(address)]" : address }

    private static func isLoopback(_ host: String) -> Bool {
        host.hasPrefix("127.") || host == "::1" || host.lowercased().hasPrefix("::ffff:127.")
    }
}
