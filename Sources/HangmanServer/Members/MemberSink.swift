import HangmanNet

/// Where a member's bytes go: a socket's `Connection` (through `SessionTransport`), a house bot's
/// transport, or a test's `MemoryConnection`; next, a web page's event stream. `MemberOutput` hands
/// it exactly one `send` per batch of events, the prompt and its telnet end included.
public protocol MemberSink: AnyObject, Sendable {
    /// The client has spoken telnet (GMCP and prompt ends may be sent to it).
    var isTelnet: Bool { get }
    /// What the telnet client told of its terminal; 80 × 24 and nothing agreed for other clients.
    var terminal: TerminalInfo { get }
    /// What ends a prompt for this client (IAC EOR or IAC GA as agreed; empty for `nc`), sent in
    /// the same write as the prompt.
    var promptEndBytes: [UInt8] { get }
    /// Sends bytes as they are. Any queue.
    func send(_ bytes: [UInt8])
    /// Sends one GMCP message; a no-op (false) unless the client agreed to GMCP.
    @discardableResult
    func sendGMCP(package: String, json: String) -> Bool
}
