/// The input path of one connection as a pure value: bytes in → telnet answers, lines and telnet
/// events out, through TelnetFilter → LineFramer (with TextSanitizer) → RateLimiter and the rate
/// backlog. No Dispatch, no sockets: the caller passes the time (monotonic nanoseconds) and does
/// what comes out. `Connection` drives it on its queue; the fuzzer and the tests drive the same
/// value directly, so they test the path the server runs.
///
/// Two steps, so that the handler can pause input between two lines:
/// - `receive(_:responses:)` filters and frames one chunk. Telnet answers (and our offers, once
///   the client turns out to speak telnet) are appended to `responses`, to be sent before
///   anything else; lines and telnet events queue up in arrival order.
/// - `next(now:)` hands out one `Output` at a time. A line goes out when the rate has a token and
///   nothing waits before it; else it waits in the backlog, in order (at most
///   `rateBacklog` lines); past a full backlog it stays where it is, unread by `next`, until the
///   backlog has room (the connection stops reading meanwhile, so that is at most what one read
///   brought). With `rateBacklog` 0 nothing waits for the rate: a line over it is dropped and reported
///   (`.rateLimited`, at most once a second), and after `rateAbuseDisconnect` drops in a row the
///   verdict is `.disconnect`; but while the handler has paused input a line waits where it is
///   (reading stops), since the pause is the server's, not the client's.
///   Telnet events (terminal changed, GMCP, MSSP asked) are not rate-limited: they go out at their
///   place in the input, even while lines wait. `nil`: nothing can go out now; `nanosUntilNext`
///   says when to ask again.
public struct InputPipeline: Sendable {
    /// What the input asks of the connection, in order.
    public enum Output: Sendable, Equatable {
        /// For the handler (`ConnectionHandler.connection(_:received:)`).
        case input(InputEvent)
        /// The client's terminal changed (`telnet.terminal` is the new value).
        case terminalChanged
        /// A GMCP message from the client.
        case gmcp(package: String, json: String)
        /// The client asked for MSSP: send the server's variables.
        case msspRequested
        /// Over the command rate `rateAbuseDisconnect` times in a row: close the connection.
        case disconnect
    }

    /// The limits this pipeline enforces (line length, subnegotiation length, rate, backlog,
    /// `assumeTelnetOnCRLF`).
    public let limits: TransportLimits
    /// Telnet state: negotiated options and what the client's terminal is. Internal writes for
    /// `Connection` (echo hiding, negotiate-first).
    public internal(set) var telnet: TelnetFilter
    private var framer: LineFramer
    private var rate: RateLimiter
    /// Framed by `receive`, not yet through `next`, in arrival order.
    private var arrived: [Output] = []
    private var arrivedHead = 0
    /// The backlog: lines waiting for the rate or for `setPaused(false)`, in order from
    /// `heldHead`, plus the notices about lines dropped past it (which keep their place).
    private var held: [InputEvent] = []
    private var heldHead = 0
    /// Lines (not notices) in the backlog; at most `limits.rateBacklog`.
    public private(set) var heldLines = 0
    /// The handler wants no lines for now (`setPaused`).
    public private(set) var isPaused = false
    /// Scratch buffer for the lines of one `receive` (reused across its segments, released at
    /// its end: an idle connection keeps no scratch capacity).
    private var scratchLines: [InputEvent] = []

    /// A pipeline with a full token bucket at `now`.
    public init(limits: TransportLimits, now: UInt64) {
        self.limits = limits
        telnet = TelnetFilter(
            maxSubnegotiationBytes: limits.maxSubnegotiationBytes, maxGMCPBytes: limits.maxGMCPBytes)
        framer = LineFramer(maxLineBytes: limits.maxLineBytes)
        rate = RateLimiter(
            perSecond: limits.commandsPerSecond, burst: limits.commandBurst,
            abuseLimit: limits.rateAbuseDisconnect, now: now)
    }

    /// Bytes of the line being collected (bounded by `maxLineBytes`).
    public var pendingLineBytes: Int { framer.pendingBytes }

    /// Bytes of buffer capacity the pipeline holds beyond its fixed size (line buffer, queues,
    /// scratch). 0 for a connection that is idle between lines: 10,000 idle players must not
    /// each keep a burst's worth of buffers.
    public var retainedBytes: Int {
        framer.retainedBytes + scratchLines.capacity * MemoryLayout<InputEvent>.stride
            + arrived.capacity * MemoryLayout<Output>.stride + held.capacity * MemoryLayout<InputEvent>.stride
    }

    /// The backlog holds `rateBacklog` lines: stop reading until it is empty again (TCP then pushes
    /// back on the client). Never with `rateBacklog` 0, where lines over the rate are dropped.
    public var isBacklogFull: Bool { limits.rateBacklog > 0 && heldLines >= limits.rateBacklog }

    /// Stop reading the socket (TCP then pushes back on the client): the backlog is full, or, with
    /// `rateBacklog` 0, a line read while the handler paused input waits for it to resume.
    public var stopsReading: Bool { isBacklogFull || (isPaused && limits.rateBacklog == 0 && arrivedHead < arrived.count) }

    /// Something waits: in the backlog, or read and not handed out yet (past a full backlog, or
    /// paused with `rateBacklog` 0).
    public var hasBacklog: Bool { heldHead < held.count || arrivedHead < arrived.count }

    /// Filters and frames `chunk`. Telnet answers and offers are appended to `responses` (send them
    /// first); lines and telnet events wait for `next(now:)`. Returns how many lines (or
    /// `.lineTooLong`) the chunk completed.
    @discardableResult
    public mutating func receive(_ chunk: UnsafeRawBufferPointer, responses: inout [UInt8]) -> Int {
        let before = arrived.count - arrivedHead
        defer { scratchLines = [] }
        if telnet.state == .data && !chunk.contains(TelnetCommand.iac) {
            frame(chunk, responses: &responses)
            return lineCount(since: before)
        }
        // Data and events in input order: an IP discards only the line typed before it.
        var data: [UInt8] = []
        var events: [(offset: Int, event: TelnetEvent)] = []
        telnet.process(
            chunk, responses: &responses, data: { data.append(contentsOf: $0) },
            event: { events.append((data.count, $0)) })
        data.withUnsafeBytes { bytes in
            var start = 0
            for (offset, event) in events {
                frame(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), responses: &responses)
                start = offset
                telnetEvent(event)
            }
            frame(UnsafeRawBufferPointer(rebasing: bytes[start...]), responses: &responses)
        }
        return lineCount(since: before)
    }

    /// The client sent all it will send: a line it typed without ending it counts as ended (so
    /// `printf 'top' | nc -N` runs `top`). Returns how many lines that completed (0 or 1).
    @discardableResult
    public mutating func endOfInput() -> Int {
        guard framer.pendingBytes > 0 else { return 0 }
        let before = arrived.count - arrivedHead
        defer { scratchLines = [] }
        let newline: [UInt8] = [0x0A]
        var responses: [UInt8] = []
        newline.withUnsafeBytes { frame($0, responses: &responses) }
        return lineCount(since: before)
    }

    /// Convenience for tests: `receive` of an array.
    @discardableResult
    public mutating func receive(_ bytes: [UInt8], responses: inout [UInt8]) -> Int {
        bytes.withUnsafeBytes { receive($0, responses: &responses) }
    }

    /// The next thing to do at `now`, or nil when nothing can go out now (see the type's note).
    public mutating func next(now: UInt64) -> Output? {
        defer { compact() }
        while true {
            if heldHead < held.count, !isPaused {
                let event = held[heldHead]
                if event == .rateLimited {
                    heldHead += 1  // a notice, not a line: it takes no token
                    return .input(event)
                }
                if rate.take(now: now) {
                    heldHead += 1
                    heldLines -= 1
                    return .input(event)
                }
            }
            guard arrivedHead < arrived.count else { return nil }
            let item = arrived[arrivedHead]
            arrivedHead += 1
            guard case .input(let event) = item else { return item }
            let waiting = heldHead < held.count || isPaused
            if !waiting, rate.take(now: now) { return item }
            if isPaused, limits.rateBacklog == 0 {
                // Nothing waits for the rate, but the handler's pause is not the client's doing:
                // the line waits here (reading stops) and meets the rate once input resumes.
                arrivedHead -= 1
                return nil
            }
            if heldLines < limits.rateBacklog {
                rate.accepted()
                held.append(event)
                heldLines += 1
                continue
            }
            if limits.rateBacklog > 0 {
                // Read already, past a full backlog: it waits here, in order, for room there.
                arrivedHead -= 1
                return nil
            }
            switch rate.drop(now: now) {
            case .accept:
                continue
            case .drop(let notify):
                guard notify else { continue }
                // The notice keeps its place after the lines read before it (a `json` among them).
                if !waiting { return .input(.rateLimited) }
                held.append(.rateLimited)
            case .disconnect:
                return .disconnect
            }
        }
    }

    /// Nanoseconds from `now` until `next` can hand out a waiting line (0: now), or nil when
    /// nothing waits or input is paused.
    public mutating func nanosUntilNext(now: UInt64) -> UInt64? {
        guard heldHead < held.count, !isPaused else { return nil }
        if held[heldHead] == .rateLimited { return 0 }
        return rate.nanosUntilToken(now: now)
    }

    /// The handler wants no more lines for now (`true`), or takes them again. Returns whether
    /// that changed anything.
    @discardableResult
    public mutating func setPaused(_ paused: Bool) -> Bool {
        guard isPaused != paused else { return false }
        isPaused = paused
        return true
    }

    /// Forgets everything waiting (the connection is closing).
    public mutating func discardWaiting() {
        held = []
        heldHead = 0
        heldLines = 0
        arrived = []
        arrivedHead = 0
    }

    // MARK: Inside

    private func lineCount(since before: Int) -> Int {
        var count = 0
        for item in arrived[(arrivedHead + before)...] {
            if case .input = item { count += 1 }
        }
        return count
    }

    private mutating func frame(_ data: UnsafeRawBufferPointer, responses: inout [UInt8]) {
        guard !data.isEmpty else { return }
        var lines = scratchLines
        scratchLines = []
        framer.feed(data) { lines.append($0) }
        // Before the lines go out: a CR LF anywhere in this data already counts for them.
        if limits.assumeTelnetOnCRLF, !telnet.isTelnet, framer.sawCRLF || framer.sawCRNUL {
            responses += telnet.assumeTelnet()
        }
        for line in lines { arrived.append(.input(line)) }
        lines.removeAll(keepingCapacity: lines.capacity <= 256)
        scratchLines = lines
    }

    private mutating func telnetEvent(_ event: TelnetEvent) {
        switch event {
        case .interrupt:
            framer = LineFramer(maxLineBytes: limits.maxLineBytes)  // the partial line is gone
        case .terminalChanged:
            arrived.append(.terminalChanged)
        case .msspRequested:
            arrived.append(.msspRequested)
        case .gmcp(let package, let json):
            arrived.append(.gmcp(package: package, json: json))
        }
    }

    private mutating func compact() {
        // Emptied queues give their capacity back: idle connections hold none.
        if arrivedHead == arrived.count {
            if arrived.capacity > 0 { arrived = [] }
            arrivedHead = 0
        } else if arrivedHead >= 64 {
            arrived.removeFirst(arrivedHead)
            arrivedHead = 0
        }
        if heldHead == held.count {
            if held.capacity > 0 { held = [] }
            heldHead = 0
        } else if heldHead >= 64 {
            held.removeFirst(heldHead)
            heldHead = 0
        }
    }
}
