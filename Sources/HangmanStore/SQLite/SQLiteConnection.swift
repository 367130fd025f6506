import CSQLite
import Dispatch

/// A thin wrapper over one `sqlite3*` handle: open/close, cached prepared statements, and
/// `run`/`query` helpers that bind arguments and read rows.
///
/// Not thread-safe by design: the owning store confines it to one serial queue (which is why it is
/// opened with `SQLITE_OPEN_NOMUTEX`). In debug builds every entry point checks that queue.
final class SQLiteConnection {
    private var handle: OpaquePointer?
    private var statements: [String: SQLiteStatement] = [:]
    private let queue: DispatchQueue?

    /// Opens (creating when missing) the database at `path`. The handle is closed again if opening fails.
    /// - Parameter queue: the queue this connection is confined to (checked in debug builds), or nil.
    /// - Parameter create: whether a missing file is created (false for the pool's connections, opened
    ///   after the store created and checked the file: one that vanished is not made again, empty).
    init(path: String, busyTimeout: Double, queue: DispatchQueue?, create: Bool = true) throws(SQLiteError) {
        self.queue = queue
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)  // sqlite allocates a handle even on most failures: never leak it
            throw SQLiteError(code: rc, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Int32(max(0, min(busyTimeout * 1000, Double(Int32.max)))))
    }

    deinit { close() }

    /// Finalizes every cached statement and closes the handle. Idempotent.
    func close() {
        for statement in statements.values { statement.finalize() }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    var isOpen: Bool { handle != nil }

    /// True when SQLite opened the main database read-only (the file or its folder is not writable).
    var isReadOnly: Bool {
        guard let handle else { return false }
        return sqlite3_db_readonly(handle, "main") == 1
    }

    /// True when the path no longer names the file this connection opened (deleted, renamed or replaced).
    var hasMoved: Bool {
        guard let handle else { return false }
        var moved: Int32 = 0
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK else { return false }
        return moved != 0
    }

    /// True while a transaction is open on this connection.
    var inTransaction: Bool {
        guard let handle else { return false }
        return sqlite3_get_autocommit(handle) == 0
    }

    /// Rows changed by the last INSERT/UPDATE/DELETE.
    var changes: Int {
        guard let handle else { return 0 }
        return Int(sqlite3_changes(handle))
    }

    var lastInsertRowID: Int64 {
        guard let handle else { return 0 }
        return sqlite3_last_insert_rowid(handle)
    }

    /// Runs one or more statements without arguments or results (`sqlite3_exec`).
    func execute(_ sql: String) throws(SQLiteError) {
        let db = try checkedHandle()
        let rc = sqlite3_exec(db, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw error(rc, sql: sql) }
    }

    /// Runs one statement with arguments, discarding rows; returns the number of changed rows.
    @discardableResult
    func run(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> Int {
        try run(try prepare(sql), arguments)
    }

    /// `run` with a statement this connection prepared (`prepare`), for callers that keep their own cache.
    @discardableResult
    func run(_ statement: SQLiteStatement, _ arguments: [SQLiteValue]) throws(SQLiteError) -> Int {
        _ = try checkedHandle()
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {}
        return changes
    }

    /// Runs one query and maps each row.
    func query<T>(
        _ sql: String, _ arguments: [SQLiteValue] = [], _ map: (SQLiteRow) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> [T] {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        var rows: [T] = []
        while try statement.step() { rows.append(try map(SQLiteRow(statement: statement))) }
        return rows
    }

    /// `query` with a statement this connection prepared (`prepare`), for callers that keep their own
    /// cache, and a map that may throw any error.
    func query<T>(_ statement: SQLiteStatement, _ arguments: [SQLiteValue], _ map: (SQLiteRow) throws -> T) throws -> [T] {
        _ = try checkedHandle()
        defer { statement.reset() }
        try statement.bind(arguments)
        var rows: [T] = []
        while try statement.step() { rows.append(try map(SQLiteRow(statement: statement))) }
        return rows
    }

    /// The first row of a query, mapped, or nil when there is none.
    func queryFirst<T>(
        _ sql: String, _ arguments: [SQLiteValue] = [], _ map: (SQLiteRow) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> T? {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        guard try statement.step() else { return nil }
        return try map(SQLiteRow(statement: statement))
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` (the write lock is taken up front, so the busy
    /// timeout applies and no deferred transaction can fail to upgrade). Rolls back on any error.
    func writeTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try begin()
        do {
            let value = try body()
            try commit()
            return value
        } catch {
            rollbackIfNeeded()
            throw error
        }
    }

    /// `BEGIN IMMEDIATE`, prepared once (through `sqlite3_exec` its text was parsed again at every
    /// transaction: BEGIN and COMMIT were ~45,000 instructions a commit, parsing a good part of it).
    func begin() throws(SQLiteError) { try run(try prepare("BEGIN IMMEDIATE"), []) }

    /// `COMMIT`, prepared once.
    func commit() throws(SQLiteError) { try run(try prepare("COMMIT"), []) }

    /// Rolls back an open transaction, if any (errors ignored: SQLite may already have rolled back).
    func rollbackIfNeeded() {
        guard let handle, inTransaction else { return }
        sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
    }

    /// A cached prepared statement for `sql`.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        let db = try checkedHandle()
        var raw: OpaquePointer?
        let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard rc == SQLITE_OK, let raw else {
            sqlite3_finalize(raw)
            throw error(rc, sql: sql)
        }
        let statement = SQLiteStatement(handle: raw, connection: db, sql: sql)
        statements[sql] = statement
        return statement
    }

    private func checkedHandle() throws(SQLiteError) -> OpaquePointer {
        if let queue { dispatchPrecondition(condition: .onQueue(queue)) }
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "database is closed") }
        return handle
    }

    private func error(_ rc: Int32, sql: String?) -> SQLiteError {
        guard let handle else { return SQLiteError(code: rc, message: String(cString: sqlite3_errstr(rc)), sql: sql) }
        return SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
