import CPostgres
import Dispatch
import Foundation

/// One libpq connection (`PQconnectdbParams`, `PQprepare`/`PQexecPrepared`, `PQstatus`, `PQreset`),
/// confined to one queue. Statements are prepared once per connection and reused; a lost connection is
/// reset before the next call, and reported as `.unavailable` while the server stays away.
///
/// A pooled connection learns that the server restarted (or dropped it) only when it next sends
/// something: that statement fails with the connection lost. Outside a transaction it is sent once
/// more on a fresh connection, so the first call after a database restart does not fail; inside a
/// transaction the failure stands (the transaction is gone; the caller retries it whole, and merges
/// are idempotent by game id). A reset connection is a new session: its settings (`statement_timeout`)
/// are set again before it is used.
final class PostgresRunner: SQLRunner {
    private var handle: OpaquePointer?
    private var prepared: [StatementText: String] = [:]
    private let queue: DispatchQueue?
    /// The session's `statement_timeout` (0: none), set at connect and after every reset.
    private let statementTimeoutMs: Int
    /// Between a BEGIN that succeeded and its COMMIT or ROLLBACK.
    private var inTransaction = false

    /// Connects. `conninfo` is a `postgresql://` URL or `key=value` string; PG* environment variables
    /// fill in what it leaves out (libpq's rules).
    init(conninfo: String, connectTimeout: Int, statementTimeoutMs: Int, queue: DispatchQueue?) throws(PostgresError) {
        self.queue = queue
        self.statementTimeoutMs = statementTimeoutMs
        // connect_timeout first, so that one given in the URL wins (later entries override earlier ones).
        let keywords = ["connect_timeout", "dbname", "application_name"]
        let values = ["\(max(1, connectTimeout))", conninfo, "hangman-server"]
        let connection = withCStrings(keywords) { keys in
            withCStrings(values) { vals in PQconnectdbParams(keys, vals, 1) }
        }
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let message = connection.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
            PQfinish(connection)
            throw PostgresError(sqlState: nil, message: message, connectionLost: true)
        }
        handle = connection
        PQsetNoticeProcessor(connection, { _, _ in }, nil)  // NOTICEs ("already exists, skipping") are not errors: not on stderr
        try setUpSession(connection)
    }

    /// The session settings a new or reset connection needs. Found by a psql `LOCK TABLE` after a database
    /// restart: reset connections had lost `statement_timeout`, so a stuck lock held the writer and the
    /// readers for as long as it lasted instead of twice the store's time limit.
    private func setUpSession(_ connection: OpaquePointer) throws(PostgresError) {
        guard statementTimeoutMs > 0 else { return }
        let result = PQexec(connection, "SET statement_timeout = \(statementTimeoutMs)")
        try check(result, connection)
        PQclear(result)
    }

    deinit { close() }

    func close() {
        if let handle { PQfinish(handle) }
        handle = nil
        prepared.removeAll()
    }

    private func live() throws(PostgresError) -> OpaquePointer {
        if let queue { dispatchPrecondition(condition: .onQueue(queue)) }
        guard let handle else { throw PostgresError(sqlState: nil, message: "connection closed", connectionLost: true) }
        if PQstatus(handle) != CONNECTION_OK {
            PQreset(handle)
            prepared.removeAll()  // a new session has none of our prepared statements
            guard PQstatus(handle) == CONNECTION_OK else {
                throw PostgresError(sqlState: nil, message: String(cString: PQerrorMessage(handle)), connectionLost: true)
            }
            try setUpSession(handle)
        }
        return handle
    }

    /// Runs `sql` (prepared on first use) and returns the result, or throws with the server's SQLSTATE.
    /// A statement outside a transaction that finds the connection lost is sent once more (see above).
    private func run(_ sql: String, _ arguments: [SQLiteValue]) throws(PostgresError) -> OpaquePointer {
        do {
            return try runOnce(sql, arguments)
        } catch  where error.connectionLost && !inTransaction {
            return try runOnce(sql, arguments)
        }
    }

    private func runOnce(_ sql: String, _ arguments: [SQLiteValue]) throws(PostgresError) -> OpaquePointer {
        let db = try live()
        let name: String
        if let known = prepared[StatementText(sql)] {
            name = known
        } else {
            name = "s\(prepared.count + 1)"
            let result = PQprepare(db, name, sql, Int32(arguments.count), nil)
            try check(result, db)
            PQclear(result)
            prepared[StatementText(sql)] = name
        }
        let texts: [String?] = arguments.map { value in
            switch value {
            case .integer(let number): String(number)
            case .text(let text): text
            case .null: nil
            case .real(let number): String(number)
            }
        }
        let pointers = texts.map { $0.flatMap { strdup($0) } }
        defer { for pointer in pointers { free(pointer) } }
        let result = pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer { buffer in
            PQexecPrepared(db, name, Int32(texts.count), buffer.baseAddress, nil, nil, 0)
        }
        try check(result, db)
        guard let result else { throw PostgresError(sqlState: nil, message: "no result", connectionLost: false) }
        return result
    }

    private func check(_ result: OpaquePointer?, _ db: OpaquePointer) throws(PostgresError) {
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK else { return }
        let state = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
        let message = result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) } ?? ""
        let text = message.isEmpty ? String(cString: PQerrorMessage(db)) : message
        PQclear(result)
        throw PostgresError(sqlState: state, message: text, connectionLost: PQstatus(db) != CONNECTION_OK)
    }

    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLiteValue]) throws -> Int {
        let result = try run(sql, arguments)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    func rows(_ sql: String, _ arguments: [SQLiteValue]) throws -> [[String?]] {
        let result = try run(sql, arguments)
        defer { PQclear(result) }
        let count = PQntuples(result)
        let fields = PQnfields(result)
        var rows: [[String?]] = []
        rows.reserveCapacity(Int(count))
        for row in 0..<count {
            rows.append(
                (0..<fields).map { field in
                    PQgetisnull(result, row, field) == 1 ? nil : PQgetvalue(result, row, field).map { String(cString: $0) }
                })
        }
        return rows
    }

    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN", [])
        inTransaction = true
        defer { inTransaction = false }
        do {
            let value = try body()
            try execute("COMMIT", [])
            return value
        } catch {
            if let handle, PQstatus(handle) == CONNECTION_OK, let result = PQexec(handle, "ROLLBACK") { PQclear(result) }
            throw error
        }
    }

    /// Runs several statements without parameters (migrations).
    func executeScript(_ sql: String) throws(PostgresError) {
        let db = try live()
        let result = PQexec(db, sql)
        try check(result, db)
        PQclear(result)
    }
}

/// Calls `body` with a NULL-terminated array of C strings that live for the call.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    let pointers = strings.map { strdup($0) }
    defer { for pointer in pointers { free(pointer) } }
    let array = pointers.map { UnsafePointer($0) } + [nil]
    return array.withUnsafeBufferPointer { buffer in body(buffer.baseAddress) }
}
