/// The leaderboard and accounts in one SQLite file (WAL, `synchronous=FULL` by default, migrations by
/// `user_version`): the default for one server. See docs/STORE.md for the schema, the durability
/// choice and the retry policy. All the behaviour is `Store`'s; this adds opening a file.
// @unchecked Sendable: adds only an immutable path to `Store`.
public final class SQLiteStore: Store, @unchecked Sendable {
    public typealias Options = StoreOptions

    /// The database file.
    public let path: String

    /// Opens (creating the folder and the file when missing) with the default options.
    public convenience init(path: String) throws(StoreError) {
        try self.init(path: path, options: Options())
    }

    /// Opens (creating the folder and the file when missing). Throws `.open` for an unwritable path or a
    /// read-only file, a directory, a file that is not a healthy SQLite database, or a schema newer than
    /// this code.
    public init(path: String, options: Options) throws(StoreError) {
        self.path = path
        let backend = try SQLiteBackend.prepare(path: path, options: options)
        super.init(backend: backend, options: options, outbox: try Store.openOutbox(options))
        try start()
    }

    /// Closes the store; when its file was deleted while it ran, the copy rescued then is put back at
    /// the path once every connection is closed (`SQLiteFileGuard`).
    public override func close() {
        super.close()
        (backend as? SQLiteBackend)?.fileGuard.restoreAfterClose()
    }

    /// `PRAGMA integrity_check` (["ok"] when healthy), run on the writer's connection; waits for it.
    public func integrityCheck() throws(StoreError) -> [String] {
        do {
            return try withWriter { connection in
                guard let runner = (connection as? SQLDatabase)?.runner as? SQLiteRunner else {
                    throw StoreError.io("not an SQLite store")
                }
                return try runner.integrityCheck()
            }
        } catch {
            throw hooks.publicError(error)
        }
    }
}
