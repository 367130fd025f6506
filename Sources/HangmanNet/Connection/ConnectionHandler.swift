/// The layer above the transport (sessions): one handler per connection, made by the server's
/// `makeHandler` when a connection is accepted. All calls come on the connection's serial queue.
public protocol ConnectionHandler: AnyObject, Sendable {
    /// On the connection's queue, once, before any input.
    func connectionDidOpen(_ connection: Connection)
    /// On the connection's queue, in order.
    func connection(_ connection: Connection, received event: InputEvent)
    /// On the connection's queue, exactly once; the connection is unusable afterwards
    /// (sends are dropped) and drops its reference to the handler.
    func connectionDidClose(_ connection: Connection, reason: CloseReason)
    /// On the connection's queue, just before the server itself closes the connection (idle timeout,
    /// command-rate abuse, shutdown): the last chance to tell the client why. Sends still go out.
    func connectionWillClose(_ connection: Connection, reason: CloseReason)
    /// On the connection's queue, once, after the last line the client sent: it ended its input (a
    /// half-close) and will send nothing more. Answer what is still being worked on, then close
    /// with `.inputEnded`; by default the connection closes at once (its output flushed).
    func connectionInputEnded(_ connection: Connection)
    /// On the connection's queue, in order with the input: the telnet client's terminal changed
    /// (window size, terminal type, EOR/GMCP agreed, …); `terminal` is the new value.
    func connection(_ connection: Connection, terminalChanged terminal: TerminalInfo)
    /// On the connection's queue, in order with the input: a GMCP message from the client
    /// (`json` is "" when it carries none).
    func connection(_ connection: Connection, gmcp package: String, json: String)
    /// On the connection's queue, in order: bytes as read, for a listener with
    /// `TransportLimits.rawInput` (which gets no lines); valid only during the call.
    func connection(_ connection: Connection, receivedBytes bytes: UnsafeRawBufferPointer)
}

extension ConnectionHandler {
    /// Closes at once, flushing what was sent, by default.
    public func connectionInputEnded(_ connection: Connection) { connection.close(reason: .inputEnded) }
    /// Says nothing by default.
    public func connectionWillClose(_ connection: Connection, reason: CloseReason) {}
    /// Ignores it by default (`connection.terminal` can be read at any time).
    public func connection(_ connection: Connection, terminalChanged terminal: TerminalInfo) {}
    /// Ignores it by default.
    public func connection(_ connection: Connection, gmcp package: String, json: String) {}
    /// Ignores them by default (only raw-input listeners call it).
    public func connection(_ connection: Connection, receivedBytes bytes: UnsafeRawBufferPointer) {}
}
