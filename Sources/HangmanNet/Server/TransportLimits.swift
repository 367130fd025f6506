/// Every limit the transport enforces, each with its default. All are per server.
public struct TransportLimits: Sendable, Equatable {
    /// Connections open at once; the next one gets "server full" and is closed.
    public var maxConnections: Int = 1000
    /// Connections from one remote address group (see `AddressGroup`: an IPv4 address, an IPv6
    /// /64; IPv4-mapped IPv6 counts as IPv4); ≥ 8 by contract.
    public var maxPerAddress: Int = 16
    /// Connections that have not finished logging in (`Connection.loginCompleted`), counted apart
    /// from players. When full, a newcomer displaces the oldest waiting connection of the address
    /// group with the most waiting, provided the newcomer's own group then still has fewer (see
    /// docs/TRANSPORT.md); otherwise it is refused. Players are never displaced.
    public var maxLoginConnections: Int = 250
    /// Seconds a connection has to finish logging in, counted from the accept; input does not
    /// extend it (≤ 0: no deadline).
    public var loginDeadlineSeconds: Int = 60
    /// Leading bits of an IPv6 address that make its group in the pool of connections logging in,
    /// where shares are evened out between groups (1...128). Wider than `ipv6PrefixBits`: a /48
    /// holds 65,536 /64s, enough to tie with every newcomer if each /64 counted apart there.
    public var loginPoolIPv6PrefixBits: Int = 48
    /// Leading bits of an IPv4 address that make its group in the pool of connections logging in (1...32).
    public var loginPoolIPv4PrefixBits: Int = 24
    /// Leading bits of an IPv6 address that make its group for the per-address limits (1...128).
    public var ipv6PrefixBits: Int = 64
    /// Leading bits of an IPv4 address that make its group for the per-address limits (1...32).
    public var ipv4PrefixBits: Int = 32
    /// TCP keepalive on accepted sockets: seconds of silence before the first probe (≤ 0: off).
    public var keepaliveIdleSeconds: Int = 60
    /// Seconds between keepalive probes.
    public var keepaliveIntervalSeconds: Int = 10
    /// Unanswered keepalive probes after which the kernel drops the connection.
    public var keepaliveProbes: Int = 6
    /// Lines a connection may send per second, on average (≤ 0: unlimited).
    public var commandsPerSecond: Int = 10
    /// Lines a connection may send at once after being quiet (the token bucket's size), ≥ 2 × rate.
    public var commandBurst: Int = 20
    /// Lines over the rate that wait (in order) for the rate to allow them, per connection. When
    /// the backlog is full the connection stops reading its socket until it has drained, so TCP
    /// pushes back; lines already read past it wait for room in it. 0: nothing waits, lines over
    /// the rate are dropped with `rateLimited`.
    public var rateBacklog: Int = 200
    /// With `rateBacklog` 0: dropped lines in a row (no line accepted in between) before the
    /// connection is closed.
    public var rateAbuseDisconnect: Int = 100
    /// Seconds without an input line before login, then the connection closes (≤ 0: never).
    public var idleLoginSeconds: Int = 120
    /// Seconds without an input line after login (set with `Connection.setIdleTimeout`).
    public var idleSeconds: Int = 3600
    /// Longest input line in bytes (terminator excluded); longer ones are discarded and reported.
    public var maxLineBytes: Int = 512
    /// Output waiting for a slow reader past this many bytes closes the connection.
    public var maxOutputBytes: Int = 1_048_576
    /// Output waiting for slow readers, all connections together (`OutputBudget`). Past it the
    /// connections behind the longest are closed (`.outputBudget`) until the total is an eighth
    /// under it; a connection holding no more than `maxTotalOutputBytes / maxConnections` never is.
    public var maxTotalOutputBytes: Int = 64 << 20
    /// The kernel's send buffer of each accepted socket (`SO_SNDBUF`; Linux doubles it for its own
    /// bookkeeping), 0: the kernel's default, autotuned up to `tcp_wmem`'s maximum (4 MB). A
    /// never-reading client holds that much kernel memory before the server holds anything, which
    /// `maxTotalOutputBytes` does not count; a set value bounds it per connection (and turns the
    /// autotuning off for every client).
    public var socketSendBufferBytes: Int = 0
    /// Longest telnet subnegotiation body (option byte included) other than GMCP; a longer one is
    /// discarded up to its `IAC SE`.
    public var maxSubnegotiationBytes: Int = 256
    /// Longest GMCP subnegotiation body (option byte included); a longer one is discarded up to its
    /// `IAC SE`. Mudlet's own `Core.Supports.Set` is 160 bytes, and a MUD's client packages add
    /// their modules to it; 8 KiB holds any real one.
    public var maxGMCPBytes: Int = 8192
    /// `listen` backlog.
    public var backlog: Int = 511
    /// Milliseconds a closing connection may take to flush its output before the socket closes
    /// anyway (a `quit`, a kick, an idle timeout…; the shutdown has its own bound).
    public var closeFlushMilliseconds: Int = 2000
    /// `closeFlushMilliseconds` in seconds.
    public var closeFlushSeconds: Double { Double(max(0, closeFlushMilliseconds)) / 1000 }
    /// Flush pacing in microseconds (0: off): a connection that wrote less than this long ago
    /// gathers its output and writes it at the end of the interval, several lines per send(2).
    /// Adds at most this much latency, and only to a client that is receiving a stream.
    public var flushPacingMicros: Int = 3000
    /// Treat a client whose line ends with CR LF as a telnet client (so `setEchoHidden` works for
    /// telnet clients that never send IAC, e.g. Debian's `telnet host 4000`). Off by default:
    /// `nc -C` and bots also send CR LF, and they must never receive option bytes.
    public var assumeTelnetOnCRLF: Bool = false
    /// Speak telnet at once: offer our options when the connection opens, before any input, so
    /// `setEchoHidden` works for clients that never negotiate first (Debian's `telnet host port`).
    /// For the second, telnet-only listener (`telnet-port`); never on the port `nc` users use.
    public var telnetNegotiateFirst: Bool = false
    /// Sockets are read through the process's `ReadinessSet` (one Dispatch source on an epoll set)
    /// where epoll exists; `false` gives each connection a Dispatch read source of its own (what
    /// other platforms do; tests run both).
    public var readThroughSet: Bool = true
    /// With `readThroughSet`, each connection's queue targets its readiness set's serial queue (an
    /// event loop per processor): a line is read, handled and answered on the set's thread, with
    /// no thread wake-up between the set and the connection. `false` puts connection queues on
    /// the shared concurrent pool instead (tests run both).
    public var connectionsOnSetQueues: Bool = true
    /// With `readThroughSet`, each readiness set is watched by a thread of its own blocking in
    /// `epoll_wait`, which reads ready connections itself (no other thread woken per line read);
    /// `false` uses the sets watched by a Dispatch read source on their descriptor instead (a hand-off
    /// through Dispatch's manager thread per batch; tests run both).
    public var readinessThreads: Bool = true
    /// The handler gets the bytes as they arrive (`ConnectionHandler.connection(_:receivedBytes:)`)
    /// instead of lines: no telnet filter, line framer or command rate. For the web listener, whose
    /// handler parses HTTP itself (with its own limits); the connection limits, output bounds and
    /// idle sweep are the same.
    public var rawInput: Bool = false

    /// The defaults.
    public init() {}
}
