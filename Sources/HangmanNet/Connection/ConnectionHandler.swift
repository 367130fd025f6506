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
}

extension ConnectionHandler {
    /// Says nothing by default.
    public func connectionWillClose(_ connection: Connection, reason: CloseReason) {}
}
