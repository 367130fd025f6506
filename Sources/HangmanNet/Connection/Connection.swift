import Dispatch
import HangmanSync
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// One client socket: reads into its `InputPipeline` (telnet filter → line framer → rate limiter
/// and backlog, a pure value in `InputPipeline.swift`) and does what comes out; buffered
/// non-blocking output, idle tracking and an orderly close.
///
/// The lifecycle, close sequence and public API are here; reading and what the input becomes in
/// `Connection+Input.swift`, the output path in `Connection+Output.swift` (what it shares across
/// queues in `OutputState`), idle tracking in
/// `Connection+Idle.swift`, what the input means in `InputPipeline`.
///
/// Threading: each connection has its own serial `queue`, targeting its readiness set's event
/// loop (`ReadinessSet`, one per processor; with `connectionsOnSetQueues` off, or without epoll,
/// one shared concurrent queue), so 10,000 connections do not make 10,000 threads. Reading,
/// framing, handler calls, writing and closing happen there. `send`, `setEchoHidden`, `setIdleTimeout` and `close` may be
/// called from any queue: they only touch state behind a lock or in an `Atomic`, and at most
/// schedule one flush per turn of the caller, so many small sends coalesce into one `send(2)`.
public final class Connection: @unchecked Sendable {
    // @unchecked: every `var` below is confined to `queue` (checked with dispatchPrecondition in
    // debug builds); state shared with other queues lives behind a lock (`Locked`) or in an Atomic.

    /// Output buffer capacity a connection keeps once everything is written (bytes): none. Keeping
    /// 4 KB (two buffers, swapped) cost 1.9 KB of RSS per idle connection in hold 10,000; a flush
    /// that finds no buffer allocates one (one malloc per flush, not per line).
    static let idleBufferBytes = 0

    /// The queue all connection queues target: concurrent, so the pool's width bounds the threads.
    static let sharedTarget = DispatchQueue(
        label: "hangman.net.connections", qos: .userInitiated, attributes: .concurrent)

    /// Unique for the life of the server, starting at 1.
    public let id: UInt64
    /// `1.2.3.4:5678` or `[::1]:5678`.
    public let peer: String
    /// The remote address alone (IPv4-mapped IPv6 given as IPv4); `addressGroup` is what limits count.
    public let peerAddress: String
    /// The group the per-address limits count this connection in (`AddressGroup.key(for:limits:)`
    /// of `peerAddress`: the address for IPv4, the /64 for IPv6 by default).
    public let addressGroup: String
    /// The connection's serial queue: every handler call comes on it.
    public let queue: DispatchQueue

    let fd: Int32
    let limits: TransportLimits
    /// The server-wide budget the output held for this client is reserved from (nil: none).
    let budget: OutputBudget?
    let logger: Logger
    private let onClosed: @Sendable (Connection) -> Void
    /// Tells the server the login finished (moves the connection out of the pre-login pool).
    private let onLoginCompleted: @Sendable (Connection) -> Void
    /// Tells the server the idle timeout changed (it reschedules the connection's idle check).
    let onIdleTimeoutChanged: @Sendable (Connection) -> Void

    // MARK: State shared with other queues

    /// Output waiting to be written, and the close request (`OutputState`, a value with private
    /// fields: changed only through its steps, under this lock).
    let output: Locked<OutputState>
    /// The input path, telnet state included: fed on `queue`; other queues read the terminal and
    /// ask for echo hiding and prompt ends. Lock order: `input` may be held while taking
    /// `output`, never the reverse. Internal for `Connection+Telnet.swift`.
    let input: Locked<InputPipeline>
    /// The server's status variables for MSSP (see `TransportServer.setMSSP`).
    let msspProvider: MSSP.Provider
    let telnetSeen = Atomic<Bool>(false)
    let closing = Atomic<Bool>(false)
    /// Monotonic nanoseconds of the last input line (or of the open).
    let lastInput: Atomic<UInt64>
    /// Idle timeout in nanoseconds, 0 = none.
    let idleTimeoutNanos: Atomic<UInt64>

    // MARK: State confined to `queue` (the internal ones for `Connection+Output.swift` and
    // `Connection+Input.swift`)

    enum Phase { case created, open, closing, finishing, closed }
    var phase = Phase.created
    var handler: (any ConnectionHandler)?
    /// The read source is suspended because the input backlog is full: TCP pushes back on the
    /// client. Resumed once the backlog is empty.
    var readPaused = false
    /// A `pump` is scheduled for lines waiting in the backlog.
    var drainScheduled = false
    /// Telnet answers of the chunk being processed (released once sent: rare after negotiation).
    var telnetResponses: [UInt8] = []
    /// Output taken from `output.pending` and being written (double buffering).
    var inflight: [UInt8] = []
    var inflightOffset = 0
    var readSource: (any DispatchSourceRead)?
    /// The readiness set this connection belongs to (by its id; nil without epoll or with
    /// `readThroughSet` off): its queue runs on the set's, and its socket joins the set on open.
    let shard: ReadinessSet?
    /// The readiness set the socket is in (rather than read through `readSource`).
    var readinessSet: ReadinessSet?
    var inReadinessSet: Bool { readinessSet != nil }
    /// The client ended its input (read gave end of file): nothing more is read.
    var inputEnded = false
    /// The handler was told (`connectionInputEnded`), after the last line went to it.
    var inputEndDelivered = false
    /// A read is queued by the readiness set (so a burst of events queues one).
    let readQueued = Atomic<Bool>(false)
    /// The readiness set saw the peer hang up (or the socket fail): read to the end.
    let peerEnded = Atomic<Bool>(false)
    var writeSource: (any DispatchSourceWrite)?
    var writeArmed = false
    private var flushTimer: (any DispatchSourceTimer)?
    var liveSources = 0

    /// Size of a read buffer. Buffers are lent from `ReadBuffers` for one read event, not owned by
    /// a connection: 10,000 idle connections would otherwise hold 40 MB of buffers they rarely use.
    static let readBufferSize = 4096

    init(
        id: UInt64, fd: Int32, peer: SocketAddress, limits: TransportLimits, logger: Logger,
        budget: OutputBudget? = nil, mssp: @escaping MSSP.Provider = { [] },
        onClosed: @escaping @Sendable (Connection) -> Void,
        onLoginCompleted: @escaping @Sendable (Connection) -> Void = { _ in },
        onIdleTimeoutChanged: @escaping @Sendable (Connection) -> Void = { _ in }
    ) {
        self.onIdleTimeoutChanged = onIdleTimeoutChanged
        self.msspProvider = mssp
        self.id = id
        self.fd = fd
        self.peer = peer.description
        self.peerAddress = peer.host
        self.addressGroup = AddressGroup.key(for: peer.host, limits: limits)
        self.onLoginCompleted = onLoginCompleted
        self.limits = limits
        self.budget = budget
        self.logger = logger
        self.onClosed = onClosed
        // On its readiness set's queue (an event loop): the set's thread reads it there and then
        // (`readNow`), without waking another (ReadinessSet).
        shard = limits.readThroughSet ? ReadinessSet.shard(for: id, threaded: limits.readinessThreads) : nil
        let loop = limits.connectionsOnSetQueues ? shard?.queue : nil
        queue = DispatchQueue(label: "hangman.net.connection", target: loop ?? Connection.sharedTarget)
        let now = DispatchTime.now().uptimeNanoseconds
        input = Locked(InputPipeline(limits: limits, now: now))
        lastInput = Atomic(now)
        idleTimeoutNanos = Atomic(Connection.nanos(seconds: limits.idleLoginSeconds))
        output = Locked(OutputState(flushTimeout: limits.closeFlushSeconds))
    }

    func onQueue() {
        #if DEBUG
            dispatchPrecondition(condition: .onQueue(queue))
        #endif
    }

    // MARK: Public API

    /// True once the client sent a telnet command, or the connection was made telnet by the
    /// negotiate-first listener or `assumeTelnetOnCRLF` (thread-safe).
    public var isTelnet: Bool { telnetSeen.load(ordering: .relaxed) }

    /// False once a close was requested (thread-safe).
    public var isOpen: Bool { !closing.load(ordering: .relaxed) }

    /// Output queued for the client and not yet taken by the kernel (thread-safe): for callers
    /// that want to stop producing for a client that is behind.
    public var pendingOutputBytes: Int { output.withLock { $0.waitingBytes } }

    /// Queues `bytes` for the client. Thread-safe, never blocks on the socket; order is kept per
    /// calling queue. Dropped after `close`. Past `maxOutputBytes` pending, the connection closes
    /// with `.outputOverflow`; what waits is also counted in the server's `OutputBudget`
    /// (`maxTotalOutputBytes`), which may close it with `.outputBudget` (never refuses a send).
    public func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { enqueue($0) }
    }

    /// Queues the UTF-8 of `text` (no line ending is added).
    public func send(_ text: String) {
        var text = text
        text.withUTF8 { enqueue(UnsafeRawBufferPointer($0)) }
    }

    /// Telnet clients only (a no-op for `nc`): `true` sends IAC WILL ECHO, so the client stops
    /// echoing (password prompts); `false` sends IAC WONT ECHO. Repeated calls send nothing.
    public func setEchoHidden(_ hidden: Bool) {
        input.withLock { pipeline in
            let bytes = pipeline.telnet.setEchoHidden(hidden)
            if !bytes.isEmpty { bytes.withUnsafeBytes { enqueue($0) } }
        }
    }

    /// The session calls this once the player is logged in: the login deadline no longer applies,
    /// and the connection counts as a player, no longer against `maxLoginConnections` (players are
    /// never displaced). Thread-safe and idempotent.
    public func loginCompleted() {
        onLoginCompleted(self)
    }

    /// The handler is busy and wants no more lines for now (`true`), or takes them again
    /// (`false`). Meanwhile lines wait in the rate backlog, and when that is full the socket is not
    /// read. Call on `queue` (handlers are called there).
    public func setInputPaused(_ paused: Bool) {
        onQueue()
        let resumed = input.withLock { $0.setPaused(paused) && !paused && $0.hasBacklog }
        // Later, not now: the handler may be in the middle of taking a line.
        if resumed { scheduleDrain(afterNanos: 0) }
    }

    /// Lines waiting in the rate backlog (for tests).
    var heldLineCount: Int { input.withLock { $0.heldLines } }
    /// The read source is suspended because the backlog is full (for tests).
    var isReadingPaused: Bool { readPaused }

    /// Flushes what was sent (for at most `TransportLimits.closeFlushSeconds`), then closes.
    /// Thread-safe and idempotent: the first reason wins.
    public func close(reason: CloseReason) {
        close(reason: reason, flushTimeout: limits.closeFlushSeconds)
    }

    /// Lets the handler say its last words (`connectionWillClose`), then closes like `close(reason:)`.
    /// For closes the server decides on: idle timeouts, shutdown.
    public func closeWithNotice(reason: CloseReason, flushTimeout: Double? = nil) {
        queue.async {
            guard self.phase == .open, !self.closing.load(ordering: .relaxed) else { return }
            self.handler?.connectionWillClose(self, reason: reason)
            self.close(reason: reason, flushTimeout: flushTimeout ?? self.limits.closeFlushSeconds)
        }
    }

    /// `close(reason:)` with an explicit bound on the flush.
    public func close(reason: CloseReason, flushTimeout: Double) {
        let first = output.withLock { $0.requestClose(reason, flushTimeout: flushTimeout, budget: budget) }
        guard first else { return }
        closing.store(true, ordering: .relaxed)
        queue.async { self.beginClose() }
    }

    // MARK: Lifecycle

    /// Schedules the open: `connectionDidOpen`, then reading. Called once by the server.
    func start(handler: any ConnectionHandler) {
        queue.async {
            self.handler = handler
            self.open()
        }
    }

    private func open() {
        onQueue()
        guard phase == .created else { return }
        phase = .open
        if limits.telnetNegotiateFirst { startTelnet() }
        handler?.connectionDidOpen(self)
        if let set = shard, set.add(self) {
            readinessSet = set
            readReady(peerEnded: false)  // what arrived before the socket was in the set
        } else {
            openReadSource()
        }
        // A close requested before the open ran found phase == .created and did nothing: act now.
        if closing.load(ordering: .relaxed) { beginClose() }
    }

    func beginClose() {
        onQueue()
        guard phase == .open else { return }
        phase = .closing
        if readPaused, let source = readSource {
            source.resume()  // a suspended source must be resumed to be cancelled
            readPaused = false
        }
        readSource?.cancel()
        if let set = readinessSet {
            set.remove(self)
            readinessSet = nil
        }
        input.withLock { $0.discardWaiting() }
        let (reason, timeout) = output.withLock { $0.closeRequest }
        guard reason.flushesOutput else {
            dropOutput()
            finish()
            return
        }
        flush()
        guard phase == .closing else { return }  // flushed everything and finished
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + max(0, timeout))
        timer.setEventHandler {
            self.dropOutput()
            self.finish()
        }
        flushTimer = timer
        timer.resume()
    }

    private func dropOutput() {
        output.withLock { $0.dropAll(budget: budget) }
        inflight = []
        inflightOffset = 0
    }

    /// Output is done (or abandoned): cancel the sources; the last cancel handler closes the fd.
    func finish() {
        onQueue()
        guard phase == .closing else { return }
        phase = .finishing
        flushTimer?.cancel()
        flushTimer = nil
        if let source = writeSource {
            if !writeArmed {
                source.resume()  // a suspended source must be resumed to be cancelled
                writeArmed = true
            }
            source.cancel()
        }
        if liveSources == 0 { closed() }
    }

    func sourceCancelled() {
        onQueue()
        liveSources -= 1
        if liveSources == 0 && phase == .finishing { closed() }
    }

    /// Every source is cancelled: the descriptor can go, exactly once.
    private func closed() {
        onQueue()
        guard phase == .finishing else { return }
        phase = .closed
        // Read what the client still sent, so that close(2) ends with FIN rather than RST (an RST
        // can destroy the last output still in flight, such as a goodbye line).
        ReadBuffers.shared.with { readBuffer in
            var reads = 0
            while reads < 16, case .processed = (try? Posix.read(fd, into: readBuffer)) ?? .eof { reads += 1 }
        }
        do {
            try Posix.close(fd)
        } catch {
            logger.error("connection \(id) \(peer): \(error)")
        }
        let reason = output.withLock { $0.closed(budget: budget) }
        logger.info("closed \(peer) #\(id): \(reason)")
        let handler = self.handler
        self.handler = nil
        handler?.connectionDidClose(self, reason: reason)
        onClosed(self)
    }

    /// Closes from the connection's own queue after an event (EOF, error, abuse).
    func fail(_ reason: CloseReason) {
        onQueue()
        close(reason: reason)
        switch phase {
        case .open:
            beginClose()  // at once: the read loop must stop delivering
        case .closing:
            // Already closing (e.g. flushing for a `quit`) and the socket failed: stop now.
            dropOutput()
            finish()
        default:
            break
        }
    }

    func fail(_ error: NetError) {
        if let code = error.errno, code == ECONNRESET || code == EPIPE || code == ETIMEDOUT {
            fail(.peerClosed)
        } else {
            fail(.error(error.description))
        }
    }
}
