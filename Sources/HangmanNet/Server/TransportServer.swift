import Dispatch
import HangmanSync

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The TCP server: a listening socket (dual-stack by default), the connection limits, an idle
/// sweep, and an orderly shutdown. The live connections and their counts are a
/// `ConnectionRegistry`, which a server's listeners share; the admission rules are the pure
/// `ConnectionLedger`.
///
/// Threading: accepting and the idle sweep run on one serial listener queue; the registry is
/// behind its own lock (touched on accept, on close, and by the public accessors).
public final class TransportServer: @unchecked Sendable {
    // @unchecked: `let`s are immutable (`registry` locks its own state); `bound` is behind a lock; the `var`s
    // below (listener descriptor, sources, pause flag) are confined to `listenQueue`.

    /// The host asked for ("" or "::" means every address, IPv6 and IPv4).
    public let host: String
    /// The port asked for (0 = any free port; see `boundPort`).
    public let port: Int
    /// The limits every connection gets.
    public let limits: TransportLimits
    let logger: Logger
    private let makeHandler: @Sendable (Connection) -> any ConnectionHandler
    /// Addresses to try in order: `::` then `0.0.0.0` for the wildcard, else the one address.
    private let candidates: [SocketAddress]
    private let dualStack: Bool

    private struct Bound {
        var host = ""
        var port = 0
        var started = false
    }

    /// The connections and the counts the caps are enforced on (shared with the server's other
    /// listeners when given at `init`).
    public let registry: ConnectionRegistry
    private let bound = Locked(Bound())
    /// MSSP status variables, set by the server layer (`setMSSP`), read when a client asks.
    private let mssp = Locked<MSSP.Provider>({ [] })

    private let listenQueue = DispatchQueue(label: "hangman.net.listener", qos: .userInitiated)
    private static let listenQueueKey = DispatchSpecificKey<Bool>()
    private var listenFD: Int32 = -1
    private var acceptSource: (any DispatchSourceRead)?
    private var acceptPaused = false
    private var stopped = false
    /// Signalled by the accept source's cancel handler once the listening socket is closed.
    private var listenerClosed: DispatchSemaphore?
    private var sweepTimer: (any DispatchSourceTimer)?
    private var refusalLog = LogThrottle()

    /// Seconds between idle sweeps (one shared timer rather than one per connection).
    static let sweepInterval = 0.5
    /// Pause of the accept loop after EMFILE/ENFILE, so a full descriptor table does not spin.
    static let acceptPause = 0.1

    /// Validates `host` and `port`; nothing is bound until `start`.
    /// - Parameters:
    ///   - host: "" or "::" for every address (dual-stack, falling back to IPv4 `0.0.0.0`), an IPv4
    ///     or IPv6 literal (brackets allowed), `localhost` (127.0.0.1), or a name to resolve.
    ///   - registry: the connections this listener counts with, shared by all the listeners of one
    ///     server so that the caps hold in all (its `limits` give the caps); nil: one of its own,
    ///     with `limits`' caps.
    ///   - makeHandler: makes the handler of each accepted connection (on the listener queue).
    public init(
        host: String, port: Int, limits: TransportLimits, logger: Logger, registry: ConnectionRegistry? = nil,
        makeHandler: @escaping @Sendable (Connection) -> any ConnectionHandler
    ) throws(NetError) {
        guard (0...65535).contains(port) else { throw NetError.invalidAddress("port \(port)") }
        self.host = host
        self.port = port
        self.limits = limits
        self.logger = logger
        self.makeHandler = makeHandler
        self.registry = registry ?? ConnectionRegistry(limits: limits)
        let trimmed = host.trimmingSpaces
        if trimmed.isEmpty || trimmed == "::" || trimmed == "[::]" {
            guard let v6 = SocketAddress(numericHost: "::", port: port),
                let v4 = SocketAddress(numericHost: "0.0.0.0", port: port)
            else { throw NetError.invalidAddress(host) }
            candidates = [v6, v4]
            dualStack = true
        } else if trimmed.lowercased() == "localhost" {
            guard let v4 = SocketAddress(numericHost: "127.0.0.1", port: port) else {
                throw NetError.invalidAddress(host)
            }
            candidates = [v4]
            dualStack = false
        } else if let literal = SocketAddress(numericHost: trimmed, port: port) {
            candidates = [literal]
            dualStack = false
        } else if let resolved = Posix.resolve(host: trimmed, port: port) {
            candidates = [resolved]
            dualStack = false
        } else {
            throw NetError.invalidAddress(host)
        }
        listenQueue.setSpecific(key: Self.listenQueueKey, value: true)
    }

    deinit {
        sweepTimer?.cancel()
        if let source = acceptSource {
            if acceptPaused { source.resume() }
            source.cancel()
        }
    }

    // MARK: Public API

    /// Binds, listens and starts accepting (and the idle sweep). Call once.
    public func start() throws(NetError) {
        let already = bound.withLock { state -> Bool in
            defer { state.started = true }
            return state.started
        }
        guard !already else { return }
        var fd: Int32 = -1
        var address = candidates[0]
        var lastError = NetError.invalidAddress(host)
        for (index, candidate) in candidates.enumerated() {
            do {
                fd = try openListener(candidate, dualStack: dualStack && candidate.family == AF_INET6)
                address = candidate
                break
            } catch {
                lastError = error
                let fallback = dualStack && index + 1 < candidates.count
                let noIPv6 = [EAFNOSUPPORT, EADDRNOTAVAIL, EPROTONOSUPPORT, EINVAL].contains(error.errno ?? 0)
                if fallback && noIPv6 {
                    logger.info("IPv6 unavailable (\(error)); listening on IPv4 only")
                    continue
                }
                bound.withLock { $0.started = false }
                throw error
            }
        }
        guard fd >= 0 else {
            bound.withLock { $0.started = false }
            throw lastError
        }
        let local = (try? Posix.localAddress(fd)) ?? address
        bound.withLock {
            $0.host = address.host
            $0.port = local.port
        }
        let listenerFD = fd
        listenQueue.sync {
            listenFD = listenerFD
            let source = DispatchSource.makeReadSource(fileDescriptor: listenerFD, queue: listenQueue)
            source.setEventHandler { [weak self] in self?.acceptReady() }
            let closed = DispatchSemaphore(value: 0)
            source.setCancelHandler {
                try? Posix.close(listenerFD)
                closed.signal()
            }
            listenerClosed = closed
            acceptSource = source
            source.resume()
            // Listeners sharing a registry share its sweep too: the first to start runs it.
            guard registry.claimSweep() else { return }
            let timer = DispatchSource.makeTimerSource(queue: listenQueue)
            let interval = DispatchTimeInterval.milliseconds(Int(Self.sweepInterval * 1000))
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(100))
            timer.setEventHandler { [weak self] in self?.sweepIdle() }
            sweepTimer = timer
            timer.resume()
        }
        logger.info("listening on \(boundAddress)")
    }

    /// Sets what MSSP clients (MUD listings' crawlers) are told: called on a connection's queue
    /// each time one asks, so it should be quick and thread-safe. Nothing is sent until this is set.
    public func setMSSP(_ provider: @escaping MSSP.Provider) {
        mssp.withLock { $0 = provider }
    }

    /// The port actually bound (the chosen one when started with port 0); 0 before `start`.
    public var boundPort: Int { bound.withLock { $0.port } }

    /// The address actually bound: `::`, `0.0.0.0` (the IPv4 fallback) or the literal; "" before `start`.
    public var boundHost: String { bound.withLock { $0.host } }

    /// `host:port` as bound, IPv6 in brackets: `[::]:4000`, `127.0.0.1:4000`; "" before `start`.
    public var boundAddress: String {
        bound.withLock { state in
            guard !state.host.isEmpty else { return "" }
            return state.host.contains(":") ? "[\(state.host)]:\(state.port)" : "\(state.host):\(state.port)"
        }
    }

    /// Connections open now (accepted and not yet fully closed), on every listener sharing the registry.
    public var connectionCount: Int { registry.connectionCount }

    /// Connections open now that have not logged in yet (`Connection.loginCompleted`).
    public var loginPendingCount: Int { registry.loginPendingCount }

    /// Stops accepting and closes the listening socket; existing connections stay. Idempotent.
    /// Called from any queue but the listener's, it returns once the socket is closed (so a
    /// connection attempt right after it is refused), or after at most a second.
    public func stopAccepting() {
        let body = { [self] () -> DispatchSemaphore? in
            guard !stopped else { return nil }
            stopped = true
            guard let source = acceptSource else { return nil }
            if acceptPaused {
                source.resume()
                acceptPaused = false
            }
            source.cancel()  // the cancel handler closes the listening socket
            acceptSource = nil
            return listenerClosed
        }
        if DispatchQueue.getSpecific(key: Self.listenQueueKey) == true {
            _ = body()
        } else if let closed = listenQueue.sync(execute: body) {
            // The cancel handler runs on the listener queue, which this thread no longer holds.
            _ = closed.wait(timeout: .now() + 1)
        }
    }

    /// Closes every connection with `reason` (those of the listeners sharing the registry too),
    /// each flushing its output for at most `timeout` seconds; calls `completion` (once, on an
    /// arbitrary queue) when all are closed, or shortly after `timeout` if some are not. Call
    /// `stopAccepting` first (on every listener sharing the registry) so that no new one arrives.
    public func closeAll(reason: CloseReason, timeout: Double, completion: @escaping @Sendable () -> Void) {
        let once = CompletionOnce(completion)
        let live = registry.snapshot(waiter: once)
        if live.isEmpty {
            once.fire()
            return
        }
        logger.info("closing \(live.count) connection(s): \(reason)")
        for connection in live { connection.closeWithNotice(reason: reason, flushTimeout: timeout) }
        // Our own queue, not .global(): that pool is shared with Swift concurrency and may be busy.
        listenQueue.asyncAfter(deadline: .now() + max(0, timeout) + 0.25) { once.fire() }
    }

    /// Calls `body` with every live connection (a snapshot; the registry is not locked meanwhile).
    public func forEachConnection(_ body: (Connection) -> Void) {
        for connection in registry.snapshot() { body(connection) }
    }

    // MARK: Listening and accepting

    private func openListener(_ address: SocketAddress, dualStack: Bool) throws(NetError) -> Int32 {
        let fd = try Posix.socket(family: address.family)
        do {
            try Posix.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
            if address.family == AF_INET6 {
                try Posix.setOption(fd, level: Int32(IPPROTO_IPV6), name: IPV6_V6ONLY, value: dualStack ? 0 : 1)
            }
            try Posix.bind(fd, to: address)
            try Posix.listen(fd, backlog: Int32(clamping: max(1, limits.backlog)))
            return fd
        } catch {
            try? Posix.close(fd)
            throw error
        }
    }

    private func acceptReady() {
        guard !stopped, !acceptPaused else { return }
        while true {
            let accepted: (fd: Int32, address: SocketAddress)?
            do {
                accepted = try Posix.accept(listenFD)
            } catch {
                let code = error.errno ?? 0
                if code == ECONNABORTED || code == EPROTO || code == EPERM { continue }  // that client is gone
                if code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM {
                    logger.warning("accept: \(error); pausing accepts for \(Int(Self.acceptPause * 1000)) ms")
                } else {
                    logger.error("accept: \(error)")
                }
                pauseAccepting()
                return
            }
            guard let accepted else { return }
            admit(fd: accepted.fd, address: accepted.address)
        }
    }

    private func pauseAccepting() {
        guard let source = acceptSource, !acceptPaused else { return }
        source.suspend()
        acceptPaused = true
        listenQueue.asyncAfter(deadline: .now() + Self.acceptPause) { [weak self] in
            guard let self, self.acceptPaused, !self.stopped, let source = self.acceptSource else { return }
            self.acceptPaused = false
            source.resume()
        }
    }

    /// Applies the limits to a new socket, then opens a connection for it or refuses it.
    private func admit(fd: Int32, address: SocketAddress) {
        do {
            try Posix.setNoDelay(fd)
        } catch {
            logger.debug("setsockopt TCP_NODELAY for \(address): \(error)")
        }
        do {
            try Posix.setKeepAlive(
                fd, idle: limits.keepaliveIdleSeconds, interval: limits.keepaliveIntervalSeconds,
                probes: limits.keepaliveProbes)
        } catch {
            logger.debug("setsockopt keepalive for \(address): \(error)")
        }
        do {
            try Posix.setSendBuffer(fd, bytes: limits.socketSendBufferBytes)
        } catch {
            logger.debug("setsockopt SO_SNDBUF for \(address): \(error)")
        }
        let id = registry.makeID()
        let connection = Connection(
            id: id, fd: fd, peer: address, limits: limits, logger: logger, budget: registry.outputBudget,
            mssp: { [weak self] in self?.mssp.withLock { $0 }() ?? [] },
            onClosed: { [weak self] in self?.connectionClosed($0) },
            onLoginCompleted: { [weak self] in self?.connectionLoggedIn($0) },
            onIdleTimeoutChanged: { [weak self] in self?.scheduleIdleCheck($0) })
        let group = connection.addressGroup
        let pool = AddressGroup.key(
            for: connection.peerAddress, ipv6PrefixBits: limits.loginPoolIPv6PrefixBits,
            ipv4PrefixBits: limits.loginPoolIPv4PrefixBits)
        let (verdict, displaced) = registry.admit(connection, pool: pool, now: DispatchTime.now().uptimeNanoseconds)
        switch verdict {
        case .admit, .admitDisplacing:
            if let displaced {
                logger.info("displacing \(displaced.peer) #\(displaced.id) (not logged in) for \(address)")
                displaced.closeWithNotice(reason: .loginDisplaced)
            }
            logger.info("connected \(connection.peer) #\(id)")
            connection.start(handler: makeHandler(connection))
        case .full:
            refuse(fd: fd, address: address, message: "server full", why: "\(registry.limits.maxConnections) connections open")
        case .loginPoolFull:
            refuse(
                fd: fd, address: address, message: "server busy: too many connections logging in, try again soon",
                why: "\(registry.limits.maxLoginConnections) connections logging in")
        case .groupFull:
            refuse(
                fd: fd, address: address, message: "too many connections from your address",
                why: "\(registry.limits.maxPerAddress) connections from \(group)")
        }
    }

    /// Writes a one-line plain-text message (CRLF) to a socket that was never a connection, and closes it.
    private func refuse(fd: Int32, address: SocketAddress, message: String, why: String) {
        var line = message + "\r\n"
        line.withUTF8 { _ = try? Posix.send(fd, UnsafeRawBufferPointer($0)) }
        try? Posix.shutdown(fd, how: Posix.shutWrite)
        try? Posix.close(fd)
        if let suppressed = refusalLog.allow(now: DispatchTime.now().uptimeNanoseconds) {
            let more = suppressed > 0 ? " (\(suppressed) more refused since the last report)" : ""
            logger.warning("refused \(address): \(message) (\(why))\(more)")
        }
    }

    // MARK: Registry

    private func connectionClosed(_ connection: Connection) {
        for waiter in registry.closed(connection) { waiter.fire() }
    }

    private func connectionLoggedIn(_ connection: Connection) {
        registry.loggedIn(connection)
    }

    /// The connection's idle timeout changed: its next idle check moves to its new deadline.
    private func scheduleIdleCheck(_ connection: Connection) {
        registry.scheduleIdleCheck(connection)
    }

    /// Closes connections past the login deadline, then the idle ones. Looks only at the
    /// connections whose idle check is due (`IdleSchedule`), not at every connection. Of the
    /// listeners sharing a registry, one sweeps it (`ConnectionRegistry.claimSweep`).
    private func sweepIdle() {
        let now = DispatchTime.now().uptimeNanoseconds
        let deadline = limits.loginDeadlineSeconds > 0 ? UInt64(limits.loginDeadlineSeconds) * 1_000_000_000 : 0
        let (overdue, idle) = registry.takeOverdueAndIdle(now: now, deadline: deadline)
        for connection in overdue {
            logger.info("login deadline \(connection.peer) #\(connection.id)")
            connection.closeWithNotice(reason: .loginDeadline)
        }
        for connection in idle {
            logger.info("idle timeout \(connection.peer) #\(connection.id)")
            connection.closeWithNotice(reason: .idle)
        }
    }
}
