/// Removes telnet protocol bytes from a connection's input, negotiates options and tracks what the
/// client's terminal can do.
///
/// A pure state machine over bytes: a command split across reads at any byte is handled, because
/// all progress lives in the value. What it does:
/// - `IAC IAC` gives one literal 0xFF data byte (later dropped as invalid UTF-8);
/// - `IAC IP` and `IAC BRK` report `.interrupt` (the partial line is dropped), `IAC AYT` is
///   answered with a visible `[yes]`, the other two-byte commands are consumed;
/// - `DO`/`DONT`/`WILL`/`WONT` go through `TelnetNegotiation` (RFC 1143) with the options of
///   `TelnetOptionTable`; `DO TIMING-MARK` is a one-shot answered `WILL TIMING-MARK` every time
///   (RFC 860: Debian's telnet sends it with each Ctrl-C and waits for the answer);
/// - `IAC SB … IAC SE` is parsed (NAWS, TTYPE, CHARSET, GMCP; see `TelnetFilter+Subnegotiation`);
///   a body longer than its limit (`maxGMCPBytes` for GMCP, `maxSubnegotiationBytes` for any
///   other option) is discarded up to its `IAC SE`, kept no further than the limit, so a long one
///   grows no memory and never turns into typed text. (A client that never sends the `IAC SE`
///   deafens only itself; the login deadline and the idle timeout still apply to it.)
///
/// We never speak first to a client that has not sent a telnet command (`nc` users never see
/// option bytes): the first one from the client (or `startNegotiation()` on a negotiate-first
/// listener) makes the connection telnet, and only then are our options offered. IAC IAC or a
/// stray 0xFF followed by a data byte are not commands and do not count.
public struct TelnetFilter: Sendable {
    /// Kept for callers that named the command bytes through the filter.
    typealias Byte = TelnetCommand

    /// Where in a command the filter stands.
    enum State: Sendable, Equatable {
        case data
        case iac
        case option(verb: UInt8)
        case subnegotiation
        case subnegotiationIAC
        /// Inside a subnegotiation past its limit: skipped, not stored, up to `IAC SE`.
        case discarding
        case discardingIAC
    }

    /// The visible answer to IAC AYT ("are you there").
    static let areYouThereAnswer: [UInt8] = Array("\r\n[yes]\r\n".utf8)

    /// Largest `IAC SB … IAC SE` body (option byte included) read for an option other than GMCP;
    /// a longer one is discarded.
    public let maxSubnegotiationBytes: Int
    /// Largest GMCP body (option byte included) read: MUD clients send their `Core.Supports.Set`
    /// lists and packages in one subnegotiation, often longer than `maxSubnegotiationBytes`.
    public let maxGMCPBytes: Int
    /// True once a telnet command (IAC then 239…254) arrived: from then on the client speaks
    /// telnet and may get IAC from us.
    public private(set) var isTelnet = false
    private(set) var state = State.data
    /// RFC 1143 state of every option.
    private(set) var negotiation = TelnetNegotiation()
    /// What we know of the client's terminal.
    public internal(set) var terminal = TerminalInfo()
    /// The subnegotiation being read: option byte, then the body (IAC IAC unescaped).
    var subnegotiation: [UInt8] = []
    /// TTYPE answers received in this cycle, and the previous one (a repeat ends the list).
    var terminalTypeAnswers = 0
    var lastTerminalType: String?
    /// A CHARSET REQUEST was sent (once per connection).
    var charsetRequested = false

    /// A filter in its initial state.
    public init(maxSubnegotiationBytes: Int = 256, maxGMCPBytes: Int = 8192) {
        self.maxSubnegotiationBytes = max(1, maxSubnegotiationBytes)
        self.maxGMCPBytes = max(1, maxGMCPBytes)
    }

    /// True when input hiding (our ECHO) is on or asked for.
    public var echoHidden: Bool {
        let echo = negotiation.state(.local, TelnetOption.echo)
        return echo == .yes || echo == .wantYes
    }

    /// True when the option is agreed (`local`: we perform it, else the client does).
    public func isEnabled(local: Bool, _ option: UInt8) -> Bool {
        negotiation.isEnabled(local ? .local : .remote, option)
    }

    /// Filters `input`: data runs go to `data` (zero-copy slices of `input` where possible),
    /// answers to `responses`, and events to `event`, each at its place among the data.
    public mutating func process(
        _ input: UnsafeRawBufferPointer, responses: inout [UInt8], data: (UnsafeRawBufferPointer) -> Void,
        event: (TelnetEvent) -> Void = { _ in }
    ) {
        let before = terminal
        var index = 0
        let count = input.count
        while index < count {
            if state == .data {
                // Fast path: hand over everything up to the next IAC in one piece.
                var end = index
                while end < count && input[end] != TelnetCommand.iac { end += 1 }
                if end > index { data(UnsafeRawBufferPointer(rebasing: input[index..<end])) }
                if end == count { break }
                state = .iac
                index = end + 1
                continue
            }
            let byte = input[index]
            index += 1
            if let literal = step(byte, responses: &responses, event: event) {
                withUnsafeBytes(of: literal) { data($0) }
            }
        }
        if terminal != before { event(.terminalChanged) }
    }

    /// Convenience for tests: filters `input` and returns the data bytes, the answers to send and the events.
    public mutating func process(_ input: [UInt8]) -> (data: [UInt8], responses: [UInt8], events: [TelnetEvent]) {
        var out: [UInt8] = []
        var responses: [UInt8] = []
        var events: [TelnetEvent] = []
        input.withUnsafeBytes { raw in
            process(raw, responses: &responses, data: { out.append(contentsOf: $0) }, event: { events.append($0) })
        }
        return (out, responses, events)
    }

    /// The client speaks telnet from now on: offers our options (RFC 1143 requests) into `responses`.
    /// Called at the first IAC from the client, or at once on a negotiate-first listener.
    public mutating func startNegotiation(responses: inout [UInt8]) {
        becomeTelnet(responses: &responses)
    }

    private mutating func becomeTelnet(responses: inout [UInt8]) {
        guard !isTelnet else { return }
        isTelnet = true
        for offer in TelnetOptionTable.offers {
            let change = negotiation.request(offer.local ? .local : .remote, offer.option, enable: true, send: &responses)
            if let change { applied(change, responses: &responses) }
        }
        // DO TTYPE is asked: its answers (an MTTS client's screen-reader bit) may still come, even
        // when the window size arrives first. A refusal or the cycle's end clears it.
        terminal.terminalTypePending = true
        updatePromptEnd()
    }

    /// One byte outside the data fast path; returns a literal data byte (from `IAC IAC`) if any.
    private mutating func step(_ byte: UInt8, responses: inout [UInt8], event: (TelnetEvent) -> Void) -> UInt8? {
        switch state {
        case .data:
            if byte == TelnetCommand.iac {
                state = .iac
                return nil
            }
            return byte
        case .iac:
            state = .data
            // A command proves a telnet client; a lone 0xFF before another byte (Latin-1 ÿ from
            // `nc`) or IAC IAC does not, and gets no option bytes back.
            if byte >= TelnetCommand.eor && byte != TelnetCommand.iac { becomeTelnet(responses: &responses) }
            switch byte {
            case TelnetCommand.iac:
                return TelnetCommand.iac
            case TelnetCommand.will, TelnetCommand.wont, TelnetCommand.do, TelnetCommand.dont:
                state = .option(verb: byte)
            case TelnetCommand.sb:
                subnegotiation.removeAll(keepingCapacity: true)
                state = .subnegotiation
            case TelnetCommand.ip, TelnetCommand.brk:
                event(.interrupt)
            case TelnetCommand.ayt:
                responses += Self.areYouThereAnswer
            default:
                // NOP, DM, AO, EC, EL, GA, EOR, a stray SE or an unknown command: consumed.
                break
            }
            return nil
        case .option(let verb):
            state = .data
            negotiate(verb: verb, option: byte, responses: &responses, event: event)
            return nil
        case .subnegotiation:
            if byte == TelnetCommand.iac {
                state = .subnegotiationIAC
            } else {
                appendSubnegotiation(byte)
            }
            return nil
        case .subnegotiationIAC:
            if byte == TelnetCommand.se {
                state = .data
                subnegotiationEnded(responses: &responses, event: event)
                releaseSubnegotiationBuffer()
            } else {
                // IAC IAC is an escaped 0xFF inside the body; any other command is kept likewise.
                state = .subnegotiation
                appendSubnegotiation(byte)
            }
            return nil
        case .discarding:
            if byte == TelnetCommand.iac { state = .discardingIAC }
            return nil
        case .discardingIAC:
            // IAC SE ends the discarded subnegotiation; IAC IAC (an escaped 0xFF) or any other
            // command inside it is skipped with the rest.
            state = byte == TelnetCommand.se ? .data : .discarding
            return nil
        }
    }

    /// The limit of the subnegotiation being read, decided by its option byte (the first).
    private var subnegotiationLimit: Int {
        subnegotiation.first == TelnetOption.gmcp ? maxGMCPBytes : maxSubnegotiationBytes
    }

    private mutating func appendSubnegotiation(_ byte: UInt8) {
        if subnegotiation.count >= subnegotiationLimit {
            state = .discarding  // too long: the rest up to IAC SE is skipped, not read as data
            subnegotiation = []
        } else {
            subnegotiation.append(byte)
        }
    }

    /// After a long (GMCP) subnegotiation, gives its buffer back: an idle client keeps at most
    /// `maxSubnegotiationBytes` of capacity between subnegotiations.
    private mutating func releaseSubnegotiationBuffer() {
        if subnegotiation.capacity > maxSubnegotiationBytes {
            subnegotiation = []
        } else {
            subnegotiation.removeAll(keepingCapacity: true)
        }
    }

    /// Answers one DO/DONT/WILL/WONT.
    private mutating func negotiate(verb: UInt8, option: UInt8, responses: inout [UInt8], event: (TelnetEvent) -> Void) {
        if option == TelnetOption.timingMark && verb == TelnetCommand.do {
            // RFC 860: a one-shot. Every DO gets WILL (no state kept), or the client waits forever.
            responses += [TelnetCommand.iac, TelnetCommand.will, TelnetOption.timingMark]
            return
        }
        // A client that refuses TTYPE has no MTTS answer to wait for.
        if option == TelnetOption.terminalType, verb == TelnetCommand.wont { terminal.terminalTypePending = false }
        if let change = negotiation.receive(verb: verb, option: option, send: &responses) {
            applied(change, responses: &responses)
            if change == .init(side: .local, option: TelnetOption.mssp, enabled: true) { event(.msspRequested) }
        }
    }

    /// Follows up an option that became enabled or disabled.
    mutating func applied(_ change: TelnetNegotiation.Change, responses: inout [UInt8]) {
        switch (change.side, change.option) {
        case (.remote, TelnetOption.terminalType) where change.enabled:
            terminalTypeAnswers = 0
            lastTerminalType = nil
            terminal.terminalTypePending = true
            responses += Self.subnegotiation(TelnetOption.terminalType, [TelnetSub.send])
        case (_, TelnetOption.charset) where change.enabled && !charsetRequested:
            charsetRequested = true
            responses += Self.subnegotiation(TelnetOption.charset, [TelnetSub.charsetRequest] + Array(";UTF-8".utf8))
        case (.local, TelnetOption.gmcp):
            terminal.gmcp = change.enabled
        case (.remote, TelnetOption.terminalType):
            terminal.terminalTypePending = false
        case (.remote, TelnetOption.naws) where !change.enabled:
            terminal.width = TerminalInfo.defaultWidth
            terminal.height = TerminalInfo.defaultHeight
            terminal.windowSizeKnown = false
        default:
            break
        }
        updatePromptEnd()
    }

    private mutating func updatePromptEnd() {
        if !isTelnet || negotiation.isEnabled(.local, TelnetOption.suppressGoAhead) {
            terminal.promptEnd = .none
        } else if negotiation.isEnabled(.local, TelnetOption.endOfRecord) {
            terminal.promptEnd = .endOfRecord
        } else {
            terminal.promptEnd = .goAhead
        }
    }

    /// Treats the client as telnet without having seen an IAC (see `TransportLimits.assumeTelnetOnCRLF`).
    /// Returns the offers to send.
    public mutating func assumeTelnet() -> [UInt8] {
        var responses: [UInt8] = []
        becomeTelnet(responses: &responses)
        return responses
    }

    /// Asks to turn our ECHO on (`true`: the client stops echoing, e.g. for a password) or off.
    /// Returns the bytes to send: empty when the client is not telnet or nothing needs saying.
    public mutating func setEchoHidden(_ hidden: Bool) -> [UInt8] {
        guard isTelnet else { return [] }
        var send: [UInt8] = []
        _ = negotiation.request(.local, TelnetOption.echo, enable: hidden, send: &send)
        return send
    }

    /// The bytes that end a prompt for this client: IAC EOR, IAC GA or nothing.
    public var promptEndBytes: [UInt8] { terminal.promptEnd.bytes }

    /// A GMCP message (`IAC SB GMCP Package.Name json IAC SE`), or nothing unless GMCP is agreed.
    public func gmcpMessage(package: String, json: String) -> [UInt8] {
        guard terminal.gmcp else { return [] }
        return Self.gmcpFrame(package: package, json: json)
    }

    /// The bytes of a GMCP message, `IAC SB GMCP Package.Name json IAC SE`, for a client that agreed
    /// to GMCP: a caller may send them in the same write as other output.
    public static func gmcpFrame(package: String, json: String) -> [UInt8] {
        var body = Array(package.utf8.filter { $0 > 0x20 && $0 != 0x7F })
        if !json.isEmpty {
            body.append(0x20)
            body += json.utf8
        }
        return subnegotiation(TelnetOption.gmcp, body)
    }

    /// `IAC SB option body IAC SE`, 0xFF in the body doubled.
    static func subnegotiation(_ option: UInt8, _ body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [TelnetCommand.iac, TelnetCommand.sb, option]
        bytes.reserveCapacity(body.count + 5)
        for byte in body {
            bytes.append(byte)
            if byte == TelnetCommand.iac { bytes.append(byte) }
        }
        bytes += [TelnetCommand.iac, TelnetCommand.se]
        return bytes
    }
}
