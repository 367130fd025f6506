import CSQLite
import Dispatch
import Foundation

/// The SQLite engine: checks and migrates the file once at start, then opens one connection per pool
/// lane (WAL lets the readers run while the writer merges).
struct SQLiteBackend: StoreBackend {
    let path: String
    let options: StoreOptions
    /// Refuses writes once the file is no longer at `path` (shared by every connection of the store).
    let fileGuard: SQLiteFileGuard

    var engineName: String { "sqlite" }

    /// Opens or creates the database, checks it (readable, healthy, writable), sets WAL and migrates.
    /// Never leaves a handle open; every failure is `.open` with a message for the person starting the server.
    static func prepare(path: String, options: StoreOptions) throws(StoreError) -> SQLiteBackend {
        guard !path.isEmpty else { throw .open(path: path, message: "the path is empty") }
        try prepareFolder(for: path)
        SQLiteFileGuard.restoreRescuedCopy(path: path, log: options.log)
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, busyTimeout: options.busyTimeout, queue: nil)
        } catch {
            throw .open(path: path, message: explain(error))
        }
        defer { connection.close() }
        do {
            // Read first: a file of garbage fails here (SQLITE_NOTADB) before anything is written to it.
            let check = try connection.query("PRAGMA quick_check") { row in row.text(0) ?? "" }
            guard check == ["ok"] else {
                throw StoreError.open(
                    path: path, message: "the database fails its integrity check: \(check.prefix(3).joined(separator: "; "))")
            }
            if connection.isReadOnly {
                throw StoreError.open(path: path, message: "the database file is read-only: the server could not save games")
            }
            let mode = try connection.queryFirst("PRAGMA journal_mode = WAL") { row in row.text(0) ?? "" }
            guard mode?.lowercased() == "wal" else {
                throw StoreError.open(
                    path: path, message: "cannot use write-ahead logging here (journal mode \(mode ?? "unknown"))")
            }
            try SQLiteSchema.migrate(connection)
            // A write that changes nothing: a file the OS will not let us write is refused now, not at the first game.
            try connection.writeTransaction { () throws(SQLiteError) in
                try connection.execute("PRAGMA user_version = \(SQLiteSchema.currentVersion)")
            }
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw .open(path: path, message: explain(error))
        } catch {
            throw .open(path: path, message: "\(error)")
        }
        return SQLiteBackend(path: path, options: options, fileGuard: SQLiteFileGuard(path: path, log: options.log))
    }

    func connect(queue: DispatchQueue) throws(StoreError) -> any StoreConnection {
        do {
            let connection = try SQLiteConnection(path: path, busyTimeout: options.busyTimeout, queue: queue, create: false)
            try connection.execute("PRAGMA synchronous = \(options.synchronous.rawValue)")
            try connection.execute("PRAGMA foreign_keys = ON")
            // Statement journals (the merge's multi-row upserts inside a commit of many games) and
            // sorters in memory, not in /var/tmp/etilqs_* files: at the rated play load those files took
            // ~3 page writes for every one the WAL took. Durability is the WAL's; these are scratch.
            try connection.execute("PRAGMA temp_store = MEMORY")
            return SQLDatabase(runner: SQLiteRunner(connection: connection, fileGuard: fileGuard))
        } catch {
            throw .open(path: path, message: Self.explain(error))
        }
    }

    static func prepareFolder(for path: String) throws(StoreError) {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .open(path: path, message: "it is a directory, not a database file")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if files.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .open(path: path, message: "\(folder) is not a folder") }
            return
        }
        do {
            try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .open(path: path, message: "cannot create the folder \(folder): \(error.localizedDescription)")
        }
    }

    static func explain(_ error: SQLiteError) -> String {
        switch error.primaryCode {
        case SQLITE_NOTADB: "\(error.message): the file is corrupt or not an SQLite database"
        case SQLITE_CORRUPT: "\(error.message): the database file is corrupt"
        case SQLITE_CANTOPEN: "\(error.message): check that the path is writable"
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: "\(error.message): the database is not writable"
        case SQLITE_BUSY: "\(error.message): another process holds the database locked"
        default: error.description
        }
    }
}

/// `SQLRunner` over one `SQLiteConnection`: `$n` parameters become `?n`. Statements are kept by the
/// store's own text (`StatementText`), so a call costs one lookup (the merge's multi-row statements are
/// kilobytes long: rewriting, then hashing the rewritten text a second time, cost more than some of
/// them run).
final class SQLiteRunner: SQLRunner {
    let connection: SQLiteConnection
    private var statements: [StatementText: SQLiteStatement] = [:]
    /// Checked before every statement that writes (nil: not checked, for tests' own runners).
    private let fileGuard: SQLiteFileGuard?

    init(connection: SQLiteConnection, fileGuard: SQLiteFileGuard? = nil) {
        self.connection = connection
        self.fileGuard = fileGuard
    }

    private func statement(_ sql: String) throws -> SQLiteStatement {
        let key = StatementText(sql)
        let statement: SQLiteStatement
        if let known = statements[key], known.handle != nil {
            statement = known
        } else {
            statement = try connection.prepare(Self.positional(sql))
            statements[key] = statement
        }
        if let fileGuard, !statement.isReadOnly { try fileGuard.checkWritable(connection) }
        return statement
    }

    /// The store's `$n` parameters as SQLite's `?n`: every `$` becomes `?` (the store's SQL uses `$` for
    /// nothing else). Byte by byte, once per statement text: Foundation's `replacingOccurrences` took
    /// ~0.6 M instructions a text (the merge's are kilobytes), three times the text's `prepare`, and the
    /// play load meets a new text (another row count) every few commits for its first minutes.
    static func positional(_ sql: String) -> String {
        String(unsafeUninitializedCapacity: sql.utf8.count) { (buffer: UnsafeMutableBufferPointer<UInt8>) -> Int in
            var count = 0
            for byte in sql.utf8 {
                buffer[count] = byte == UInt8(ascii: "$") ? UInt8(ascii: "?") : byte
                count += 1
            }
            return count
        }
    }

    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLiteValue]) throws -> Int { try connection.run(statement(sql), arguments) }

    func rows(_ sql: String, _ arguments: [SQLiteValue]) throws -> [[String?]] {
        try connection.query(statement(sql), arguments) { row in (0..<row.columnCount).map { row.text($0) } }
    }

    func mapRows<T>(_ sql: String, _ arguments: [SQLiteValue], _ map: (SQLRow) throws -> T) throws -> [T] {
        try connection.query(statement(sql), arguments) { row in try map(SQLRow(sqlite: row)) }
    }

    func transaction<T>(_ body: () throws -> T) throws -> T {
        try fileGuard?.checkWritable(connection)
        try connection.begin()
        do {
            let value = try body()
            try connection.commit()
            return value
        } catch {
            connection.rollbackIfNeeded()
            throw error
        }
    }

    func close() { connection.close() }

    var readFailureKeepsTransaction: Bool { true }

    /// `PRAGMA integrity_check` rows ("ok" when healthy).
    func integrityCheck() throws(SQLiteError) -> [String] {
        try connection.query("PRAGMA integrity_check") { row in row.text(0) ?? "" }
    }
}
