import Dispatch
import HangmanSync
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// One client socket: input pipeline (telnet filter → line framer → rate limiter → handler),
/// buffered non-blocking output, idle tracking and an orderly close.
///
/// Over 400 lines on purpose: the input path (read loop, telnet, framing, the rate backlog that
/// pauses reading) and the output path share the queue-confined state of one socket, which
/// private extensions in other files could not reach.
///
/// Threading: each connection has its own serial `queue` (all targeting one shared concurrent
/// queue, so 10,000 connections do not make 10,000 threads). Reading, framing, handler calls,
/// writing and closing happen there. `send`, `setEchoHidden`, `setIdleTimeout` and `close` may be
/// called from any queue: they only touch state behind a lock or in an `Atomic`, and at most
/// schedule one flush per turn of the caller, so many small sends coalesce into one `send(2)`.
public final class Connection: @unchecked Sendable {
    // @unchecked: every `var` below is confined to `queue` (checked with dispatchPrecondition in
    // debug builds); state shared with other queues lives behind a lock (`Locked`) or in an Atomic.

    /// Output buffer capacity a connection keeps once everything is written (bytes).
    static let idleBufferBytes = 4096

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
    let logger: Logger
    private let onClosed: @Sendable (Connection) -> Void
    /// Tells the server the login finished (moves the connection out of the pre-login pool).
    private let onLoginCompleted: @Sendable (Connection) -> Void

    // MARK: State shared with other queues

    /// Output waiting to be written, and the close request.
    private struct OutputState {
        var pending: [UInt8] = []
        /// A flush is queued or the write source is armed: a new send need not schedule one.
        var flushScheduled = false
        /// Bytes taken by the writer but not yet written (counted against maxOutputBytes).
        var inflightBytes = 0
        var closeRequested = false
        var reason: CloseReason?
        var flushTimeout = 2.0
        /// Monotonic nanoseconds of the last write (for flush pacing).
        var lastFlushNanos: UInt64 = 0
    }

    private let output = Locked(OutputState())
    /// Lock order: `telnet` may be held while taking `output`, never the reverse.
    /// Internal for `Connection+Telnet.swift`.
    let telnet: Locked<TelnetFilter>
    /// The server's status variables for MSSP (see `TransportServer.setMSSP`).
    let msspProvider: MSSP.Provider
    private let telnetSeen = Atomic<Bool>(false)
    private let closing = Atomic<Bool>(false)
    /// Monotonic nanoseconds of the last input line (or of the open).
    let lastInput: Atomic<UInt64>
    /// Idle timeout in nanoseconds, 0 = none.
    let idleTimeoutNanos: Atomic<UInt64>

    // MARK: State confined to `queue`

    private enum Phase { case created, open, closing, finishing, closed }
    private var phase = Phase.created
    private var handler: (any ConnectionHandler)?
    private var framer: LineFramer
    private var rate: RateLimiter
    /// Input waiting for the rate, or for the handler to take more (`setInputPaused`), in
    /// arrival order from `heldHead`: at most `limits.rateBacklog` lines (`heldLines`), plus the
    /// notices about lines dropped past it. Full, it stops the reading (`readPaused`).
    private var held: [InputEvent] = []
    private var heldHead = 0
    private var heldLines = 0
    /// The handler asked for no more input for now.
    private var handlerPaused = false
    /// The read source is suspended because the backlog is full: TCP pushes back on the client.
    private var readPaused = false
    private var drainScheduled = false
    private var telnetInData = true
    private var telnetData: [UInt8] = []
    private var telnetResponses: [UInt8] = []
    /// Telnet events of the chunk being processed, each with its offset in `telnetData`.
    private var telnetEvents: [(offset: Int, event: TelnetEvent)] = []
    private var framedEvents: [InputEvent] = []
    private var inflight: [UInt8] = []
    private var inflightOffset = 0
    private var readSource: (any DispatchSourceRead)?
    private var writeSource: (any DispatchSourceWrite)?
    private var writeArmed = false
    private var flushTimer: (any DispatchSourceTimer)?
    private var liveSources = 0

    /// Size of a read buffer. Buffers are lent from `ReadBuffers` for one read event, not owned by
    /// a connection: 10,000 idle connections would otherwise hold 40 MB of buffers they rarely use.
    static let readBufferSize = 4096

    init(
        id: UInt64, fd: Int32, peer: SocketAddress, limits: TransportLimits, logger: Logger,
        mssp: @escaping MSSP.Provider = { [] }, onClosed: @escaping @Sendable (Connection) -> Void,
        onLoginCompleted: @escaping @Sendable (Connection) -> Void = { _ in }
    ) {
        self.msspProvider = mssp
        self.id = id
        self.fd = fd
        self.peer = peer.description
        self.peerAddress = peer.host
        self.addressGroup = AddressGroup.key(for: peer.host, limits: limits)
        self.onLoginCompleted = onLoginCompleted
        self.limits = limits
        self.logger = logger
        self.onClosed = onClosed
        queue = DispatchQueue(label: "hangman.net.connection", target: Connection.sharedTarget)
        telnet = Locked(TelnetFilter(maxSubnegotiationBytes: limits.maxSubnegotiationBytes))
        framer = LineFramer(maxLineBytes: limits.maxLineBytes)
        let now = DispatchTime.now().uptimeNanoseconds
        rate = RateLimiter(
            perSecond: limits.commandsPerSecond, burst: limits.commandBurst,
            abuseLimit: limits.rateAbuseDisconnect, now: now)
        lastInput = Atomic(now)
        idleTimeoutNanos = Atomic(Connection.nanos(seconds: limits.idleLoginSeconds))
        output.withLock { $0.flushTimeout = limits.closeFlushSeconds }
    }

    private static func nanos(seconds: Int) -> UInt64 {
        seconds > 0 ? UInt64(seconds) * 1_000_000_000 : 0
    }

    private func onQueue() {
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
    public var pendingOutputBytes: Int { output.withLock { $0.pending.count + $0.inflightBytes } }

    /// Queues `bytes` for the client. Thread-safe, never blocks on the socket; order is kept per
    /// calling queue. Dropped after `close`. Past `maxOutputBytes` pending, the connection closes
    /// with `.outputOverflow`.
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
        telnet.withLock { filter in
            let bytes = filter.setEchoHidden(hidden)
            if !bytes.isEmpty { bytes.withUnsafeBytes { enqueue($0) } }
        }
    }

    /// The idle timeout in force from now on (e.g. `idleSeconds` after login); ≤ 0 disables it.
    /// The time already idle counts.
    public func setIdleTimeout(seconds: Int) {
        idleTimeoutNanos.store(Connection.nanos(seconds: seconds), ordering: .relaxed)
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
        guard handlerPaused != paused else { return }
        handlerPaused = paused
        if !paused && heldHead < held.count { scheduleDrain(now: DispatchTime.now().uptimeNanoseconds) }
    }

    /// Lines waiting in the rate backlog (for tests).
    var heldLineCount: Int { heldLines }
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
        let first = output.withLock { state -> Bool in
            if state.closeRequested { return false }
            state.closeRequested = true
            state.reason = reason
            state.flushTimeout = flushTimeout
            if !reason.flushesOutput { state.pending = [] }
            return true
        }
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

    /// True when idle past the timeout at `now` (monotonic nanoseconds).
    func isIdle(now: UInt64) -> Bool {
        let timeout = idleTimeoutNanos.load(ordering: .relaxed)
        guard timeout > 0 else { return false }
        let last = lastInput.load(ordering: .relaxed)
        return now > last && now - last >= timeout
    }

    private func open() {
        onQueue()
        guard phase == .created else { return }
        phase = .open
        if limits.telnetNegotiateFirst { startTelnet() }
        handler?.connectionDidOpen(self)
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { self.readable() }
        source.setCancelHandler {
            self.readSource = nil
            self.sourceCancelled()
        }
        readSource = source
        liveSources += 1
        source.resume()
        // A close requested before the open ran found phase == .created and did nothing: act now.
        if closing.load(ordering: .relaxed) { beginClose() }
    }

    private func beginClose() {
        onQueue()
        guard phase == .open else { return }
        phase = .closing
        if readPaused, let source = readSource {
            source.resume()  // a suspended source must be resumed to be cancelled
            readPaused = false
        }
        readSource?.cancel()
        held = []
        heldHead = 0
        heldLines = 0
        let (reason, timeout) = output.withLock { ($0.reason ?? .requested, $0.flushTimeout) }
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
        output.withLock {
            $0.pending = []
            $0.inflightBytes = 0
        }
        inflight = []
        inflightOffset = 0
    }

    /// Output is done (or abandoned): cancel the sources; the last cancel handler closes the fd.
    private func finish() {
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

    private func sourceCancelled() {
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
        let reason = output.withLock { $0.reason ?? .requested }
        logger.info("closed \(peer) #\(id): \(reason)")
        let handler = self.handler
        self.handler = nil
        handler?.connectionDidClose(self, reason: reason)
        onClosed(self)
    }

    /// Closes from the connection's own queue after an event (EOF, error, abuse).
    private func fail(_ reason: CloseReason) {
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

    private func fail(_ error: NetError) {
        if let code = error.errno, code == ECONNRESET || code == EPIPE || code == ETIMEDOUT {
            fail(.peerClosed)
        } else {
            fail(.error(error.description))
        }
    }

    // MARK: Input

    private func readable() {
        onQueue()
        ReadBuffers.shared.with { readLoop($0) }
    }

    private func readLoop(_ readBuffer: UnsafeMutableRawBufferPointer) {
        while phase == .open && !readPaused {
            let result: IOResult
            do {
                result = try Posix.read(fd, into: readBuffer)
            } catch {
                fail(error)
                return
            }
            switch result {
            case .processed(let count):
                process(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
            case .wouldBlock:
                return
            case .eof:
                fail(.peerClosed)
                return
            }
        }
    }

    /// One chunk of input through the telnet filter and the framer.
    private func process(_ chunk: UnsafeRawBufferPointer) {
        if telnetInData && !chunk.contains(TelnetFilter.Byte.iac) {
            frame(chunk)
            return
        }
        telnetData.removeAll(keepingCapacity: true)
        telnetEvents.removeAll(keepingCapacity: true)
        telnet.withLock { filter in
            filter.process(
                chunk, responses: &telnetResponses, data: { telnetData.append(contentsOf: $0) },
                event: { telnetEvents.append((telnetData.count, $0)) })
            if !telnetResponses.isEmpty {
                telnetResponses.withUnsafeBytes { enqueue($0) }
                telnetResponses.removeAll(keepingCapacity: true)
            }
            telnetInData = filter.state == .data
            if filter.isTelnet { telnetSeen.store(true, ordering: .relaxed) }
        }
        guard !telnetEvents.isEmpty else {
            telnetData.withUnsafeBytes { frame($0) }
            return
        }
        // Data and events in input order: an IP discards only the line typed before it.
        let events = telnetEvents
        telnetData.withUnsafeBytes { data in
            var start = 0
            for (offset, event) in events {
                frame(UnsafeRawBufferPointer(rebasing: data[start..<offset]))
                start = offset
                telnetEvent(event)
            }
            frame(UnsafeRawBufferPointer(rebasing: data[start...]))
        }
    }

    /// Acts on one telnet event, on the connection's queue.
    private func telnetEvent(_ event: TelnetEvent) {
        guard phase == .open else { return }
        switch event {
        case .interrupt:
            framer = LineFramer(maxLineBytes: limits.maxLineBytes)  // the partial line is gone
        case .terminalChanged:
            handler?.connection(self, terminalChanged: terminal)
        case .msspRequested:
            let variables = msspProvider()
            if !variables.isEmpty { send(MSSP.encode(variables)) }
        case .gmcp(let package, let json):
            handler?.connection(self, gmcp: package, json: json)
        }
    }

    /// Makes the connection telnet and offers our options (negotiate-first listener, or CR LF).
    private func startTelnet() {
        telnet.withLock { filter in
            let offers = filter.assumeTelnet()
            if !offers.isEmpty { offers.withUnsafeBytes { enqueue($0) } }
        }
        telnetSeen.store(true, ordering: .relaxed)
    }

    private func frame(_ data: UnsafeRawBufferPointer) {
        guard !data.isEmpty else { return }
        framedEvents.removeAll(keepingCapacity: true)
        framer.feed(data) { framedEvents.append($0) }
        // Before delivering: a CR LF seen anywhere in this chunk already counts for its lines.
        if limits.assumeTelnetOnCRLF, !isTelnet, framer.sawCRLF || framer.sawCRNUL {
            startTelnet()
        }
        for event in framedEvents { deliver(event) }
    }

    /// One framed line: to the handler if the rate allows and nothing waits before it; else into
    /// the backlog, in order; past a full backlog, dropped (reported at most once a second).
    private func deliver(_ event: InputEvent) {
        guard phase == .open, !closing.load(ordering: .relaxed) else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        lastInput.store(now, ordering: .relaxed)
        if heldHead == held.count, !handlerPaused, rate.take(now: now) {
            handler?.connection(self, received: event)
            return
        }
        if heldLines < limits.rateBacklog {
            rate.accepted()
            held.append(event)
            heldLines += 1
            if heldLines >= limits.rateBacklog { pauseReading() }
            scheduleDrain(now: now)
            return
        }
        switch rate.drop(now: now) {
        case .accept:
            break
        case .drop(let notify):
            guard notify else { break }
            // The notice keeps its place after the lines read before it (a `json` among them).
            if heldHead == held.count && !handlerPaused {
                handler?.connection(self, received: .rateLimited)
            } else {
                held.append(.rateLimited)
            }
        case .disconnect:
            logger.warning("closing \(peer) #\(id): over the command rate \(limits.rateAbuseDisconnect) times in a row")
            handler?.connectionWillClose(self, reason: .rateAbuse)
            fail(.rateAbuse)
        }
    }

    /// Hands waiting input to the handler as the rate allows, in order; reading resumes once the
    /// backlog is empty.
    private func drain() {
        onQueue()
        drainScheduled = false
        let now = DispatchTime.now().uptimeNanoseconds
        while heldHead < held.count, !handlerPaused, phase == .open, !closing.load(ordering: .relaxed) {
            let event = held[heldHead]
            if case .rateLimited = event {
                // A notice, not a line: it takes no token.
            } else {
                guard rate.take(now: now) else { break }
                heldLines -= 1
            }
            heldHead += 1
            handler?.connection(self, received: event)
        }
        guard phase == .open else { return }
        if heldHead == held.count {
            held.removeAll(keepingCapacity: held.capacity <= 256)
            heldHead = 0
            resumeReading()
        } else {
            if heldHead >= 64 {
                held.removeFirst(heldHead)
                heldHead = 0
            }
            scheduleDrain(now: now)
        }
    }

    private func scheduleDrain(now: UInt64) {
        guard !drainScheduled, !handlerPaused, phase == .open else { return }
        drainScheduled = true
        let wait = rate.nanosUntilToken(now: now)
        if wait == 0 {
            queue.async { self.drain() }
        } else {
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: wait))) { self.drain() }
        }
    }

    private func pauseReading() {
        guard !readPaused, phase == .open, let source = readSource else { return }
        source.suspend()
        readPaused = true
    }

    private func resumeReading() {
        guard readPaused, phase == .open, let source = readSource else { return }
        readPaused = false
        source.resume()
    }

    // MARK: Output

    private func enqueue(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        enum Action { case none, schedule, pace, overflow }
        let limit = limits.maxOutputBytes
        let pacing = limits.flushPacingMicros > 0 ? UInt64(limits.flushPacingMicros) * 1000 : 0
        let action = output.withLock { state -> Action in
            if state.closeRequested { return .none }
            if state.pending.count + state.inflightBytes + bytes.count > limit {
                state.pending = []
                state.closeRequested = true
                state.reason = .outputOverflow
                return .overflow
            }
            let now = DispatchTime.now().uptimeNanoseconds
            let paced = pacing > 0 && now &- state.lastFlushNanos < pacing
            // Nothing queued, in flight or scheduled, and not paced: write at once from the caller's
            // thread, saving a hop to the connection queue (and a thread wake-up) per send. Safe under
            // the lock: the writer only takes output under it, and the descriptor is closed only after
            // `closeRequested` was set under it.
            var bytes = bytes
            if !state.flushScheduled, state.pending.isEmpty, state.inflightBytes == 0, !paced {
                if case .processed(let count)? = try? Posix.send(fd, bytes) {
                    if pacing > 0 { state.lastFlushNanos = now }
                    if count == bytes.count { return .none }
                    bytes = UnsafeRawBufferPointer(rebasing: bytes[count...])
                }
                // Partly written, would block, or failed: the queue's flush takes over (and reports errors).
            }
            state.pending.append(contentsOf: bytes)
            if state.flushScheduled { return .none }
            state.flushScheduled = true
            // Flushed a moment ago: let more output gather and write it in one send(2) soon.
            if paced { return .pace }
            return .schedule
        }
        switch action {
        case .none: break
        case .schedule: queue.async { self.flush() }
        case .pace: FlushPacer.shared.add(self, delayNanos: pacing)
        case .overflow:
            logger.warning("closing \(peer) #\(id): output over \(limit) bytes (slow reader)")
            closing.store(true, ordering: .relaxed)
            queue.async { self.beginClose() }
        }
    }

    /// Writes pending output until done or the socket is full (then the write source takes over).
    fileprivate func flush() {
        onQueue()
        guard phase == .created || phase == .open || phase == .closing else { return }
        let pacing = limits.flushPacingMicros > 0
        while true {
            if inflightOffset >= inflight.count {
                if inflight.capacity > 65536 { inflight = [] } else { inflight.removeAll(keepingCapacity: true) }
                inflightOffset = 0
                let more = output.withLock { state -> Bool in
                    if state.pending.isEmpty {
                        state.flushScheduled = false
                        state.inflightBytes = 0
                        // Idle now: hand back what a burst grew (see below).
                        if state.pending.capacity > Self.idleBufferBytes { state.pending = [] }
                        return false
                    }
                    swap(&state.pending, &inflight)
                    state.inflightBytes = inflight.count
                    if pacing { state.lastFlushNanos = DispatchTime.now().uptimeNanoseconds }
                    return true
                }
                if !more {
                    // An idle connection keeps at most a small buffer: a burst (a room filling up
                    // sends every player a screen per joiner) must not stay allocated for hours.
                    if inflight.capacity > Self.idleBufferBytes { inflight = [] }
                    if writeArmed, let source = writeSource {
                        source.suspend()
                        writeArmed = false
                    }
                    if phase == .closing { finish() }
                    return
                }
            }
            let result: IOResult
            do {
                let offset = inflightOffset
                result = try inflight.withUnsafeBytes { raw throws(NetError) in
                    try Posix.send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...]))
                }
            } catch let error as NetError {
                fail(error)
                return
            } catch {
                fail(.error("\(error)"))
                return
            }
            switch result {
            case .processed(let count):
                inflightOffset += count
            case .wouldBlock, .eof:
                let left = inflight.count - inflightOffset
                output.withLock { $0.inflightBytes = left }
                armWriteSource()
                return
            }
        }
    }

    private func armWriteSource() {
        onQueue()
        if writeSource == nil {
            let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler { self.flush() }
            source.setCancelHandler {
                self.writeSource = nil
                self.sourceCancelled()
            }
            writeSource = source
            liveSources += 1
            writeArmed = false
        }
        if !writeArmed, let source = writeSource {
            source.resume()
            writeArmed = true
        }
    }
}

/// Read buffers lent for one read event. Reads run on connection queues, several at once on the
/// shared pool's threads, so a buffer is taken and given back under a lock (uncontended, ~20 ns)
/// rather than owned by each connection. The pool only grows to the number of reads at once.
final class ReadBuffers: @unchecked Sendable {
    // @unchecked: `free` is only touched under its lock; a lent buffer belongs to one caller.
    static let shared = ReadBuffers()
    private let free = Locked<[UnsafeMutableRawBufferPointer]>([])

    func with<R>(_ body: (UnsafeMutableRawBufferPointer) -> R) -> R {
        let buffer =
            free.withLock { $0.popLast() }
            ?? UnsafeMutableRawBufferPointer.allocate(byteCount: Connection.readBufferSize, alignment: 16)
        defer {
            let kept = free.withLock { list -> Bool in
                guard list.count < 64 else { return false }
                list.append(buffer)
                return true
            }
            if !kept { buffer.deallocate() }
        }
        return body(buffer)
    }
}

/// Flush pacing: a connection that wrote less than `flushPacingMicros` ago does not write again at
/// once; it joins this list and every connection on it is flushed together when the interval is
/// up. Under a stream of broadcasts (chat, many rooms) each client then gets several lines per
/// send(2) instead of one — on loopback most of the server's CPU per line is the kernel's TCP path
/// in send(2), so this divides the cost by the lines per write. A quiet connection (nothing
/// written for an interval) still writes at once: pacing adds latency only under load, at most
/// one interval. One timer for all connections, armed only while the list is not empty.
final class FlushPacer: @unchecked Sendable {
    // @unchecked: the waiting list and the armed flag are only touched under their lock.
    static let shared = FlushPacer()
    private let queue = DispatchQueue(label: "hangman.net.pacer", qos: .userInitiated)
    private let waiting = Locked<(connections: [Connection], armed: Bool)>(([], false))

    func add(_ connection: Connection, delayNanos: UInt64) {
        let arm = waiting.withLock { state -> Bool in
            state.connections.append(connection)
            if state.armed { return false }
            state.armed = true
            return true
        }
        if arm {
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(delayNanos))) { self.fire() }
        }
    }

    private func fire() {
        let due = waiting.withLock { state -> [Connection] in
            let due = state.connections
            state.connections.removeAll(keepingCapacity: true)
            state.armed = false
            return due
        }
        for connection in due {
            connection.queue.async { connection.flush() }
        }
    }
}
