import HangmanNet

/// Where a member's bytes go: a socket's `Connection` (through `SessionTransport`), a house bot's
/// transport, or a test's `MemoryConnection`; next, a web page's event stream. `MemberOutput` hands
/// it exactly one `send` per batch of events, the prompt and its telnet end included, and the
/// batch's GMCP messages for a client that agreed to them.
public protocol MemberSink: AnyObject, Sendable {
    /// The client has spoken telnet (GMCP and prompt ends may be sent to it).
    var isTelnet: Bool { get }
    /// What the telnet client told of its terminal; 80 × 24 and nothing agreed for other clients.
    /// Read at most once per delivery, and only for a telnet client: its layout, its prompt end
    /// (`promptEnd`, sent in the same write as the prompt) and GMCP all come from this one read.
    var terminal: TerminalInfo { get }
    /// Sends bytes as they are (GMCP frames among them, for a client that agreed to GMCP). Any queue.
    func send(_ bytes: [UInt8])
}
