import CSQLite

/// A value bound to a statement parameter.
enum SQLiteValue {
    case integer(Int64)
    case text(String)
    case null
    /// A float (a rating's mu and sigma): SQLite binds it as REAL; PostgreSQL gets Swift's shortest
    /// round-trip text, which float8 parses back to the same value.
    case real(Double)

    static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
    static func bool(_ value: Bool) -> SQLiteValue { .integer(value ? 1 : 0) }
    static func optionalText(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
}

/// `SQLITE_TRANSIENT`: tells SQLite to copy bound bytes (the C macro is a cast Swift cannot import).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One prepared statement, owned and cached by a `SQLiteConnection` (same queue confinement).
final class SQLiteStatement {
    private(set) var handle: OpaquePointer?
    private let connection: OpaquePointer
    let sql: String

    init(handle: OpaquePointer, connection: OpaquePointer, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    /// True when the statement does not write to the database (`sqlite3_stmt_readonly`).
    var isReadOnly: Bool { handle.map { sqlite3_stmt_readonly($0) != 0 } ?? true }

    /// Binds `values` to parameters 1…n. Earlier bindings are cleared only when `values` does not
    /// cover every parameter (the merge's statements bind them all: clearing first walked every one of
    /// their hundreds of parameters once more per call, issue 37).
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "statement finalized", sql: sql) }
        if values.count < Int(sqlite3_bind_parameter_count(handle)) { sqlite3_clear_bindings(handle) }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .integer(let number): rc = sqlite3_bind_int64(handle, index, number)
            case .null: rc = sqlite3_bind_null(handle, index)
            case .real(let number): rc = sqlite3_bind_double(handle, index, number)
            case .text(let string):
                var string = string
                rc = string.withUTF8 { bytes in
                    // A zero-length buffer may have a nil base address: bind "" rather than NULL.
                    guard let base = bytes.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, transient) }
                    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_bind_text(handle, index, $0, Int32(bytes.count), transient)
                    }
                }
            }
            guard rc == SQLITE_OK else { throw failure(rc) }
        }
    }

    /// Steps once: true when a row is ready, false when done.
    func step() throws(SQLiteError) -> Bool {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "statement finalized", sql: sql) }
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc: throw failure(rc)
        }
    }

    /// Resets so the statement can run again and releases any read snapshot it holds.
    func reset() {
        guard let handle else { return }
        sqlite3_reset(handle)
    }

    func finalize() {
        sqlite3_finalize(handle)
        handle = nil
    }

    private func failure(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(connection), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }
}

/// The current row of a stepping statement. Valid only inside the `query` closure.
struct SQLiteRow {
    fileprivate let statement: SQLiteStatement

    init(statement: SQLiteStatement) { self.statement = statement }

    var columnCount: Int32 {
        guard let handle = statement.handle else { return 0 }
        return sqlite3_column_count(handle)
    }

    func isNull(_ column: Int32) -> Bool { type(column) == SQLITE_NULL }

    /// The column's storage class (`SQLITE_INTEGER`, `SQLITE_TEXT`, `SQLITE_NULL`…).
    func type(_ column: Int32) -> Int32 {
        guard let handle = statement.handle else { return SQLITE_NULL }
        return sqlite3_column_type(handle, column)
    }

    func int64(_ column: Int32) -> Int64 {
        guard let handle = statement.handle else { return 0 }
        return sqlite3_column_int64(handle, column)
    }

    func int(_ column: Int32) -> Int { Int(int64(column)) }

    func double(_ column: Int32) -> Double {
        guard let handle = statement.handle else { return 0 }
        return sqlite3_column_double(handle, column)
    }

    func bool(_ column: Int32) -> Bool { int64(column) != 0 }

    /// The column as text, or nil for NULL (`sqlite3_column_text` returns NULL then, or on OOM).
    func text(_ column: Int32) -> String? {
        guard let handle = statement.handle, let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column as text; a NULL is reported as a corrupt-data error rather than trusted.
    func requiredText(_ column: Int32) throws(SQLiteError) -> String {
        guard let value = text(column) else {
            throw SQLiteError(code: SQLITE_MISMATCH, message: "unexpected NULL in column \(column)", sql: statement.sql)
        }
        return value
    }
}
