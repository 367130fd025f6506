/// What can go wrong in the store. Every failure reaches the caller as one of these; none crashes, and
/// none carries SQL text or a file path (those go to the log).
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database could not be opened or created at start: unwritable path or read-only file, a
    /// directory, a file that is not a database or fails its quick check, a server that refuses the
    /// connection, or a schema newer than this code. Meant for the person starting the server.
    case open(path: String, message: String)
    /// A read or write failed (disk full, I/O error, lock held past the busy timeout, store closed…).
    /// For `recordGame` the record is kept (outbox or memory) and retried until it lands.
    case io(String)
    /// No such game, or the player has no result in it.
    case notFound
    /// `register` of a name that is already registered.
    case nameTaken
    /// `verify` of a name that has no password.
    case notRegistered
    /// The database cannot be reached (server down, connection refused or lost, too many callers waiting).
    case unavailable
    /// The database did not answer within the store's time limit (`store-timeout-ms`).
    case timedOut

    public var description: String {
        switch self {
        case .open(let path, let message): "cannot open the database at \(path): \(message)"
        case .io(let message): "storage error: \(message)"
        case .notFound: "not found"
        case .nameTaken: "that name is already registered"
        case .notRegistered: "that name is not registered"
        case .unavailable: "the leaderboard database is unavailable"
        case .timedOut: "the leaderboard database did not answer in time"
        }
    }
}
