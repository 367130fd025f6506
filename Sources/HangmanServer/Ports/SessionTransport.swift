import Dispatch
import HangmanNet

/// What a session needs of its connection, beyond what its output needs (`MemberSink`).
/// `Connection` is the real one; tests use an in-memory twin (HangmanTesting's `MemoryConnection`)
/// so a whole table runs without sockets.
///
/// The session's state is confined to `queue`: the transport delivers input there and the session
/// calls back on it.
public protocol SessionTransport: MemberSink {
    /// The serial queue the session's state lives on.
    var queue: DispatchQueue { get }
    /// The remote end for logs ("address:port").
    var peer: String { get }
    /// The remote address alone.
    var peerAddress: String { get }
    /// The address group per-address limits and throttles count by (`AddressGroup`: an IPv4
    /// address, an IPv6 /64).
    var addressGroup: String { get }
    /// Output bytes accepted but not yet written.
    var pendingOutputBytes: Int { get }
    /// Asks a telnet client to stop (or resume) echoing what is typed: for passwords.
    func setEchoHidden(_ hidden: Bool)
    /// The idle limit from now on (login has a shorter one than play).
    func setIdleTimeout(seconds: Int)
    /// Closes with a reason; the session hears `didClose` once, on `queue`.
    func close(reason: CloseReason)
    /// The session is busy and wants no more lines for now (`true`), or takes them again
    /// (`false`): meanwhile lines wait in the transport, which stops reading when its own backlog
    /// is full. Called on `queue`.
    func setInputPaused(_ paused: Bool)
    /// The player is logged in: ends the login deadline and leaves the pool of connections logging
    /// in (idempotent).
    func loginCompleted()
    /// Work on `queue` may wait for a room's queue (`Room.guess` applies a guess on the caller's
    /// thread): true unless `queue` targets the queue rooms run on, where the wait could be for
    /// the caller's own thread (house bots).
    var mayWaitForRooms: Bool { get }
}

extension SessionTransport {
    public var mayWaitForRooms: Bool { true }
}

extension Connection: SessionTransport {}
