/// The shapes of the store's statements over many rows or keys, shared by every table type: a statement
/// takes at most `rowsPerStatement` rows (or keys), and only powers of two of them, so that each has few
/// texts to prepare.
enum StatementShape {
    /// Rows per multi-row INSERT at most: few round trips per batch (what a network database needs).
    static let rowsPerStatement = 64

    /// The rows of the next statement when `remaining` are left: the largest power of two up to
    /// `rowsPerStatement`, so each INSERT has at most 7 shapes (1, 2, 4 … 64 rows) to prepare, not 64. With
    /// one shape per row count, the play load's commits (a few games each, 1–20 rows a statement) met a
    /// shape never prepared before at almost every commit for minutes: preparing was ~150,000
    /// instructions a game, a sixth of the store's (BENCHMARKS.md, section 16).
    static func rowsInStatement(remaining: Int) -> Int {
        let capped = min(remaining, rowsPerStatement)
        guard capped > 1 else { return capped }
        return 1 << (Int.bitWidth - 1 - capped.leadingZeroBitCount)
    }

    /// The smallest power of two at least `count` (1 for 0 or 1): the keys of a statement that looks
    /// players up by key, the last one repeated up to it.
    static func paddedKeyCount(_ count: Int) -> Int {
        count <= 1 ? 1 : 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }

    /// `VALUES ($1, …, $k), ($k+1, …)` for `rows` rows of `columns` parameters. Built once per shape:
    /// `MergeStatement` keeps each statement's whole text (building it at every statement was about 40 %
    /// of the merge's CPU).
    static func values(rows: Int, columns: Int) -> String {
        (0..<rows).map { row in
            "(" + (1...columns).map { "$\(row * columns + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }
}

extension SQLRunner {
    /// Runs `statement` over the rows of `values` (`statement.columns` parameters each, row after row) in
    /// chunks of `StatementShape.rowsInStatement` rows; answers the rows the statements return.
    func insertRows<T>(_ values: [SQLiteValue], _ statement: MergeStatement, map: (SQLRow) throws -> T) throws -> [T] {
        var out: [T] = []
        let columns = statement.columns
        let rows = values.count / columns
        var start = 0
        while start < rows {
            let count = StatementShape.rowsInStatement(remaining: rows - start)
            let chunk = count == rows ? values : Array(values[start * columns..<(start + count) * columns])
            out += try query(statement.sql(rows: count), chunk, map)
            start += count
        }
        return out
    }

    /// `insertRows` for a statement that returns no rows.
    func insertRows(_ values: [SQLiteValue], _ statement: MergeStatement) throws {
        _ = try insertRows(values, statement) { _ in () }
    }
}
