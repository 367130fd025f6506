import CSQLite

/// An error reported by SQLite, carrying its (extended) result code and message.
struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The extended result code (`sqlite3_extended_errcode`).
    var code: Int32
    /// SQLite's own message (`sqlite3_errmsg`), or ours when the failure is not SQLite's.
    var message: String
    /// The statement that failed, when there was one.
    var sql: String?

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_FULL`, …) without the extended bits.
    var primaryCode: Int32 { code & 0xff }

    var description: String {
        let name = String(cString: sqlite3_errstr(code))
        var text = "\(message) (\(name), code \(code))"
        if let sql { text += " in: \(sql.prefix(80))" }
        return text
    }
}
