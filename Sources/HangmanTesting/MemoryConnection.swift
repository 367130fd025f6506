import Dispatch
import HangmanNet
import HangmanServer
import HangmanSync

/// An in-memory connection in the spirit of swift-nio's `EmbeddedChannel`: it records what the
/// server would have written and lets a test type lines, with no socket. The session it feeds runs
/// on this connection's own serial queue, as with a real `Connection`.
public final class MemoryConnection: SessionTransport, Sendable {
    struct State {
        var output: [UInt8] = []
        /// Where each `send`'s bytes end in `output` (tests check what went out together in one write).
        var sendEnds: [Int] = []
        /// Where `takeOutput()` continues from.
        var read = 0
        var closed: CloseReason?
        var echoHidden = false
        var idleSeconds: Int?
        var loggedIn = false
        var session: Session?
        var pendingBytes = 0
        /// The session asked for no more input: typed lines wait here.
        var inputPaused = false
        var held: [String] = []
        /// Times the session paused its input (tests check the push-back happened).
        var pauses = 0
        var terminal = TerminalInfo()
        var gmcp: [(package: String, json: String)] = []
        /// How many GMCP messages each `send` carried (in step with `sendEnds`).
        var gmcpPerSend: [Int] = []
    }

    public let queue: DispatchQueue
    public let peer: String
    public let peerAddress: String
    public let addressGroup: String
    public let isTelnet: Bool
    private let state = Locked(State())

    public init(peerAddress: String = "127.0.0.1", port: Int = 50_000, telnet: Bool = false) {
        self.peerAddress = peerAddress
        self.addressGroup = AddressGroup.key(for: peerAddress)
        self.peer = "\(peerAddress):\(port)"
        self.isTelnet = telnet
        self.queue = DispatchQueue(label: "memory-connection.\(peer)")
    }

    /// Connects `session` and opens it (the welcome and the name prompt follow on `queue`).
    public func open(_ session: Session) {
        state.withLock { $0.session = session }
        queue.async { session.didOpen() }
    }

    // MARK: SessionTransport

    /// What the test set with `setPendingOutputBytes(_:)` (0 unless set): a slow reader's backlog.
    public var pendingOutputBytes: Int { state.withLock { $0.pendingBytes } }

    /// Records one write: its text in `output` (one piece of `sentPieces`), and its GMCP frames
    /// (`IAC SB GMCP … IAC SE`, sent in the same write) in `gmcpMessages`, as a MUD client takes
    /// them out of the stream.
    public func send(_ bytes: [UInt8]) {
        let (text, messages) = Self.splitGMCP(bytes)
        state.withLock { state in
            guard state.closed == nil else { return }
            state.output += text
            state.sendEnds.append(state.output.count)
            state.gmcp += messages
            state.gmcpPerSend.append(messages.count)
        }
    }

    /// The bytes of a write without its GMCP frames, and those frames' messages (package, JSON).
    static func splitGMCP(_ bytes: [UInt8]) -> (text: [UInt8], gmcp: [(package: String, json: String)]) {
        let iac: UInt8 = 255
        let sb: UInt8 = 250
        let se: UInt8 = 240
        let gmcp: UInt8 = 201
        var text: [UInt8] = []
        var messages: [(package: String, json: String)] = []
        var index = 0
        while index < bytes.count {
            guard index + 2 < bytes.count, bytes[index] == iac, bytes[index + 1] == sb, bytes[index + 2] == gmcp else {
                text.append(bytes[index])
                index += 1
                continue
            }
            var body: [UInt8] = []
            index += 3
            while index < bytes.count {
                if bytes[index] == iac, index + 1 < bytes.count {
                    if bytes[index + 1] == se { break }
                    if bytes[index + 1] == iac { index += 1 }  // a doubled 0xFF
                }
                body.append(bytes[index])
                index += 1
            }
            index += 2  // IAC SE
            let message = String(decoding: body, as: UTF8.self)
            let space = message.firstIndex(of: " ")
            let package = space.map { String(message[..<$0]) } ?? message
            let json = space.map { String(message[message.index(after: $0)...]) } ?? ""
            messages.append((package, json))
        }
        return (text, messages)
    }

    /// Each `send` so far, as text (what the session handed over in one piece).
    public var sentPieces: [String] {
        state.withLock { state in
            zip([0] + state.sendEnds.dropLast(), state.sendEnds).map { String(decoding: state.output[$0..<$1], as: UTF8.self) }
        }
    }

    public func setEchoHidden(_ hidden: Bool) { state.withLock { $0.echoHidden = hidden } }

    public func setIdleTimeout(seconds: Int) { state.withLock { $0.idleSeconds = seconds } }

    public func loginCompleted() { state.withLock { $0.loggedIn = true } }

    public func setInputPaused(_ paused: Bool) {
        state.withLock {
            $0.inputPaused = paused
            if paused { $0.pauses += 1 }
        }
        if !paused { queue.async { self.deliverHeld() } }
    }

    /// Hands held lines to the session one at a time until it pauses again. On `queue`.
    private func deliverHeld() {
        while true {
            let next: (Session, String)? = state.withLock { state in
                guard !state.inputPaused, state.closed == nil, let session = state.session, !state.held.isEmpty
                else { return nil }
                return (session, state.held.removeFirst())
            }
            guard let (session, line) = next else { return }
            session.receive(.line(line))
        }
    }

    /// Times the session paused its input so far.
    public var inputPauses: Int { state.withLock { $0.pauses } }
    /// Lines typed that wait because the session paused its input.
    public var heldLines: Int { state.withLock { $0.held.count } }

    public var terminal: TerminalInfo { state.withLock { $0.terminal } }

    /// True once the session told the transport its player logged in.
    public var didCompleteLogin: Bool { state.withLock { $0.loggedIn } }

    public func close(reason: CloseReason) {
        let session: Session? = state.withLock { state in
            guard state.closed == nil else { return nil }
            state.closed = reason
            defer { state.session = nil }
            return state.session
        }
        guard let session else { return }
        queue.async { session.didClose(reason: reason) }
    }

    // MARK: what a test does

    /// The client types `line` and presses Enter.
    public func type(_ line: String) {
        let session: Session? = state.withLock { state in
            guard state.closed == nil else { return nil }
            if state.inputPaused || !state.held.isEmpty {
                state.held.append(line)
                return nil
            }
            return state.session
        }
        guard let session else { return }
        queue.async { session.receive(.line(line)) }
    }

    /// The transport delivers `event` as it would (`.lineTooLong`, `.rateLimited`, or a line).
    public func deliver(_ event: InputEvent) {
        guard let session = state.withLock({ $0.closed == nil ? $0.session : nil }) else { return }
        queue.async { session.receive(event) }
    }

    /// Pretends `bytes` of output wait unsent (a client that does not read), as a socket would report.
    public func setPendingOutputBytes(_ bytes: Int) { state.withLock { $0.pendingBytes = bytes } }

    /// The client's terminal changes (as a telnet client's NAWS, TTYPE or GMCP would change it): the
    /// session hears it on its queue, in order with the lines typed.
    public func setTerminal(_ terminal: TerminalInfo) {
        let session = state.withLock { state in
            state.terminal = terminal
            return state.session
        }
        guard let session else { return }
        queue.async { session.terminalChanged(terminal) }
    }

    /// The GMCP messages sent so far, in order.
    public var gmcpMessages: [(package: String, json: String)] { state.withLock { $0.gmcp } }
    /// How many GMCP messages each `send` so far carried, in step with `sentPieces`.
    public var gmcpPerSend: [Int] { state.withLock { $0.gmcpPerSend } }

    /// The client hangs up.
    public func hangUp() { close(reason: .peerClosed) }

    /// Everything written so far, as bytes (IAC sequences included).
    public var bytes: [UInt8] { state.withLock { $0.output } }

    /// Everything written so far, as text.
    public var text: String { String(decoding: state.withLock { $0.output }, as: UTF8.self) }

    /// What was written since the last call, as text.
    public func takeText() -> String {
        let bytes = state.withLock { state in
            defer { state.read = state.output.count }
            return Array(state.output[state.read...])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public var isClosed: Bool { state.withLock { $0.closed != nil } }
    public var closeReason: CloseReason? { state.withLock { $0.closed } }
    public var isEchoHidden: Bool { state.withLock { $0.echoHidden } }
    /// Bytes written in all (tests use it to see when the server has gone quiet).
    public var outputCount: Int { state.withLock { $0.output.count } }
}
