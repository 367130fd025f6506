/// The leaderboard and accounts on a PostgreSQL server, shared by every hangman server pointed at it.
/// All the behaviour is `Store`'s; this adds connecting and migrating. See docs/STORE.md.
// @unchecked Sendable: adds only an immutable string to `Store`.
public final class PostgresStore: Store, @unchecked Sendable {
    /// The URL with any password hidden.
    public let location: String

    /// Connects (libpq URL syntax and PG* environment variables) and migrates. Throws `.open` when the
    /// server cannot be reached, refuses the login, or holds a schema newer than this code.
    public init(url: String, options: StoreOptions) throws(StoreError) {
        location = PostgresBackend.redacted(url)
        let backend = try PostgresBackend.prepare(conninfo: url, options: options)
        super.init(backend: backend, options: options, outbox: try Store.openOutbox(options))
        do {
            try start()
        } catch .unavailable {
            throw .open(path: location, message: "the server cannot be reached")
        }
    }
}

extension Store {
    /// Opens the store `--db` names: a `postgresql://` URL, or else the path of an SQLite file.
    public static func open(_ location: String, options: StoreOptions) throws(StoreError) -> Store {
        if PostgresBackend.isURL(location) { return try PostgresStore(url: location, options: options) }
        return try SQLiteStore(path: location, options: options)
    }
}
