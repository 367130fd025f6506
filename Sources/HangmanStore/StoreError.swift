/// What can go wrong in the store. Every failure reaches the caller as one of these; none crashes.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database could not be opened or created at start: unwritable path, a directory, a file that
    /// is not a database or fails its quick check, or a schema newer than this code.
    case open(path: String, message: String)
    /// A read or write failed (disk full, I/O error, read-only file, lock held past the busy timeout,
    /// store closed…). For `recordGame` the record is kept in memory and retried until it lands.
    case io(String)
    /// No such game, or the player has no result in it.
    case notFound
    /// `register` of a name that is already registered.
    case nameTaken
    /// `verify` of a name that has no password.
    case notRegistered

    public var description: String {
        switch self {
        case .open(let path, let message): "cannot open the database at \(path): \(message)"
        case .io(let message): "storage error: \(message)"
        case .notFound: "not found"
        case .nameTaken: "that name is already registered"
        case .notRegistered: "that name is not registered"
        }
    }
}
