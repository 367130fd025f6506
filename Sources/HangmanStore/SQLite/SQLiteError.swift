import CSQLite

/// An error reported by SQLite, carrying its (extended) result code and message.
struct SQLiteError: StoreFailure, Sendable {
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

extension SQLiteError {
    /// What a caller is told: the kind of failure, never the message (it may name a path) or the SQL.
    var storeError: StoreError {
        switch primaryCode {
        case SQLITE_FULL: .io("disk full")
        case SQLITE_IOERR: .io("disk I/O error")
        case SQLITE_BUSY, SQLITE_LOCKED: .io("database busy")
        case SQLITE_READONLY, SQLITE_PERM: .io("database not writable")
        case SQLITE_CORRUPT, SQLITE_NOTADB: .io("database corrupt")
        default: .io("database error \(primaryCode)")
        }
    }
}
