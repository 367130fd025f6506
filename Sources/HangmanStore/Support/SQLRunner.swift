import CSQLite

/// What `SQLDatabase` needs from an engine's connection: statements with `$1…$n` parameters (the
/// SQLite runner rewrites them to `?1…?n`), rows read as the store's types, and transactions. The
/// store's SQL is thus written once for SQLite and PostgreSQL.
protocol SQLRunner: AnyObject {
    /// Runs one statement; returns the number of rows it changed.
    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLiteValue]) throws -> Int
    /// Runs one query; each row's columns as text (nil for NULL).
    func rows(_ sql: String, _ arguments: [SQLiteValue]) throws -> [[String?]]
    /// Runs one query and maps each row as it is read. The default goes through `rows`; SQLite reads its
    /// columns in place (an integer stays an integer: no text made and parsed back per value).
    func mapRows<T>(_ sql: String, _ arguments: [SQLiteValue], _ map: (SQLRow) throws -> T) throws -> [T]
    /// Runs `body` in one write transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T
    func close()
    /// True when a read that fails inside `transaction` leaves the transaction usable (SQLite), so the
    /// merge may read its standings before COMMIT; false (PostgreSQL: an error aborts the transaction).
    var readFailureKeepsTransaction: Bool { get }
}

/// A row's columns read as the types the store keeps (a value that does not parse is corrupt data):
/// either columns already read as text (PostgreSQL's results), or the current row of a stepping SQLite
/// statement (valid only inside the map closure that received it).
struct SQLRow {
    private enum Source {
        case texts([String?])
        case sqlite(SQLiteRow)
    }

    private let source: Source

    init(columns: [String?]) { source = .texts(columns) }

    init(sqlite row: SQLiteRow) { source = .sqlite(row) }

    func text(_ index: Int) throws -> String {
        guard let value = optionalText(index) else { throw StoreError.io("unexpected NULL in a result") }
        return value
    }

    func optionalText(_ index: Int) -> String? {
        switch source {
        case .texts(let columns): index < columns.count ? columns[index] : nil
        case .sqlite(let row): index < Int(row.columnCount) ? row.text(Int32(index)) : nil
        }
    }

    func int64(_ index: Int) throws -> Int64 {
        // An integer column is read as one; anything else as text that must parse (as PostgreSQL's are).
        if case .sqlite(let row) = source, index < Int(row.columnCount), row.type(Int32(index)) == SQLITE_INTEGER {
            return row.int64(Int32(index))
        }
        guard let value = Int64(try text(index)) else { throw StoreError.io("a number in the database does not parse") }
        return value
    }

    func int(_ index: Int) throws -> Int { Int(try int64(index)) }

    func bool(_ index: Int) throws -> Bool { try int64(index) != 0 }

    /// A float column: SQLite's REAL read as a double (its text has only 15 digits); PostgreSQL's float8
    /// text is the shortest that reads back exactly (its default since version 12).
    func double(_ index: Int) throws -> Double {
        if case .sqlite(let row) = source, index < Int(row.columnCount) {
            let type = row.type(Int32(index))
            if type == SQLITE_FLOAT || type == SQLITE_INTEGER { return row.double(Int32(index)) }
        }
        guard let value = Double(try text(index)), value.isFinite else {
            throw StoreError.io("a number in the database does not parse")
        }
        return value
    }

    /// `int`, or nil for NULL.
    func optionalInt(_ index: Int) throws -> Int? {
        if case .sqlite(let row) = source, index < Int(row.columnCount) {
            return row.isNull(Int32(index)) ? nil : try int(index)
        }
        return optionalText(index) == nil ? nil : try int(index)
    }

    /// `double`, or nil for NULL.
    func optionalDouble(_ index: Int) throws -> Double? {
        if case .sqlite(let row) = source, index < Int(row.columnCount) {
            return row.isNull(Int32(index)) ? nil : try double(index)
        }
        return optionalText(index) == nil ? nil : try double(index)
    }
}

extension SQLRunner {
    var readFailureKeepsTransaction: Bool { false }

    func mapRows<T>(_ sql: String, _ arguments: [SQLiteValue], _ map: (SQLRow) throws -> T) throws -> [T] {
        try rows(sql, arguments).map { try map(SQLRow(columns: $0)) }
    }

    func query<T>(_ sql: String, _ arguments: [SQLiteValue] = [], _ map: (SQLRow) throws -> T) throws -> [T] {
        try mapRows(sql, arguments, map)
    }

    /// The first row, mapped (the others are read but not mapped).
    func first<T>(_ sql: String, _ arguments: [SQLiteValue] = [], _ map: (SQLRow) throws -> T) throws -> T? {
        var mapped = false
        let rows = try mapRows(sql, arguments) { row -> T? in
            guard !mapped else { return nil }
            mapped = true
            return try map(row)
        }
        return rows.first ?? nil
    }
}
