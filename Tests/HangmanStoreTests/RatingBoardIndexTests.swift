import Testing

@testable import HangmanStore

/// `top rating` is served by `players_by_ordinal` (issue 32): the board walks the index best ordinal
/// first and stops after its rows, the provisional cutoff read from the index; the asker's own place is
/// a range of it. On PostgreSQL sequential and bitmap scans and sorts are switched off for the check:
/// on a tiny table the planner rightly prefers them, so the question is whether the index can serve
/// the query in its order at all. (The plans are quoted in docs/STORE.md, "Skill ratings".)
@Suite(.ownThread) struct RatingBoardIndexTests {
    static func plan(_ kind: StoreKind, _ harness: Harness, _ sql: String, _ arguments: [SQLiteValue]) throws -> [String] {
        switch kind {
        case .postgres:
            let runner = try PostgresRunner(conninfo: harness.location, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
            defer { runner.close() }
            try runner.executeScript("SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_sort = off")
            return try runner.rows("EXPLAIN " + sql, arguments).compactMap { $0.first ?? nil }
        default:
            let connection = try SQLiteConnection(path: harness.location, busyTimeout: 5, queue: nil)
            defer { connection.close() }
            let text = "EXPLAIN QUERY PLAN " + sql.replacingOccurrences(of: "$", with: "?")
            return try connection.query(text, arguments) { $0.text(3) }.compactMap { $0 }
        }
    }

    @Test(arguments: StoreKind.shared)
    func theRatingBoardWalksTheOrdinalIndex(kind: StoreKind) throws {
        let harness = try Harness(kind)
        try MainFixture.load(harness.store)
        let board = try Self.plan(kind, harness, RatingTables.ratingBoard, [.int(5), .int(10)])
        #expect(board.contains { $0.contains("players_by_ordinal") }, "\(board.joined(separator: "\n"))")
        #expect(
            !board.contains { $0.contains("TEMP B-TREE") || $0.contains("Sort") },
            "in index order: \(board.joined(separator: "\n"))")
        let ahead = try Self.plan(kind, harness, RatingTables.ratingsAhead, [.int(5), .real(12.5), .text("ann")])
        #expect(ahead.contains { $0.contains("players_by_ordinal") }, "\(ahead.joined(separator: "\n"))")
    }
}
