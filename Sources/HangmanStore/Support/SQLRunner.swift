/// What `SQLDatabase` needs from an engine's connection: statements with `$1…$n` parameters (the
/// SQLite runner rewrites them to `?1…?n`), rows as text, and transactions. The store's SQL is thus
/// written once for SQLite and PostgreSQL.
protocol SQLRunner: AnyObject {
    /// Runs one statement; returns the number of rows it changed.
    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLiteValue]) throws -> Int
    /// Runs one query; each row's columns as text (nil for NULL).
    func rows(_ sql: String, _ arguments: [SQLiteValue]) throws -> [[String?]]
    /// Runs `body` in one write transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T
    func close()
}

/// A row's columns read as the types the store keeps (a value that does not parse is corrupt data).
struct SQLRow {
    let columns: [String?]

    func text(_ index: Int) throws -> String {
        guard index < columns.count, let value = columns[index] else { throw StoreError.io("unexpected NULL in a result") }
        return value
    }

    func optionalText(_ index: Int) -> String? { index < columns.count ? columns[index] : nil }

    func int64(_ index: Int) throws -> Int64 {
        guard let value = Int64(try text(index)) else { throw StoreError.io("a number in the database does not parse") }
        return value
    }

    func int(_ index: Int) throws -> Int { Int(try int64(index)) }

    func bool(_ index: Int) throws -> Bool { try int64(index) != 0 }
}

extension SQLRunner {
    func query<T>(_ sql: String, _ arguments: [SQLiteValue] = [], _ map: (SQLRow) throws -> T) throws -> [T] {
        try rows(sql, arguments).map { try map(SQLRow(columns: $0)) }
    }

    func first<T>(_ sql: String, _ arguments: [SQLiteValue] = [], _ map: (SQLRow) throws -> T) throws -> T? {
        try rows(sql, arguments).first.map { try map(SQLRow(columns: $0)) }
    }
}
