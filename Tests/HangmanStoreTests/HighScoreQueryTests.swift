import Foundation
import Testing

@testable import HangmanStore

/// The high scores are read at the end of every game, so their query must not grow with every result
/// ever saved: it reads the small table of the best results (`high_scores`, HighScoreTableTests). The order (score, then fewer mistakes, earlier, lower game id, seat) and the ranked
/// filters are those of the plain query, ties at the cut included.
@Suite(.ownThread) struct HighScoreQueryTests {
    /// Twelve ranked results tied at the top score with different mistakes, an unranked game and an
    /// unranked seat above them all, and lower scores below: the top 10 are the tie's 10 best.
    @Test(arguments: StoreKind.engines)
    func tiesAtTheCutAreOrderedAndUnrankedRowsStayOut(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        for index in 0..<12 {
            // Mistakes 11, 10, … 0: the later games are the better ones at the same score.
            let mistakes = 11 - index
            try store.record(
                game(
                    "r", rounds: [RoundRecord(word: "owl", won: true, mistakes: mistakes, solver: "P\(index)")],
                    results: [player("P\(index)", 100, rank: 1, solved: 1), player("Low\(index)", 5, rank: 2, solved: 1)],
                    ended: 1000 + Int64(index)))
        }
        try store.record(
            GameRecord(
                room: "s", mode: "setter", difficulty: "custom", rounds: [RoundRecord(word: "yak", won: true, mistakes: 0)],
                results: [player("Setter", 500, rank: 1, solved: 1)], started: 1, ended: 2, ranked: false))
        try store.record(
            game(
                "b", rounds: [RoundRecord(word: "emu", won: true, mistakes: 0)],
                results: [PlayerResult(name: "Bot", score: 400, rank: 1, solved: 1, failed: 0, ranked: false)], ended: 3))

        let best = try value { store.highScores(limit: 10, completion: $0) }
        #expect(best.map(\.name) == (2..<12).reversed().map { "P\($0)" })
        #expect(best.map(\.mistakes) == Array(0..<10))
        #expect(best.map(\.rank) == Array(1...10))
        #expect(try value { store.highScores(limit: 13, completion: $0) }.map(\.score) == Array(repeating: 100, count: 12) + [5])
        #expect(try value { store.highScores(limit: 0, completion: $0) } == [])
        // Fewer results than asked for: all of them.
        #expect(try value { store.highScores(limit: 100, completion: $0) }.count == 24)
    }

    /// On both SQL engines the server's read (`keptHighScoresQuery`) scans only the small `high_scores`
    /// table and reaches each row's game, player and result by primary key, never a scan of the results,
    /// the games or the players (PostgreSQL: sequential and bitmap scans off, as in the month board's
    /// check; `high_scores` itself has no other path than its scan or its key).
    @Test(arguments: StoreKind.shared)
    func theReadScansOnlyTheKeptTable(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let arguments: [SQLiteValue] = [.int(10)]
        let plan: [String]
        switch kind {
        case .postgres:
            let runner = try PostgresRunner(conninfo: harness.location, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
            defer { runner.close() }
            try runner.executeScript("SET enable_seqscan = off; SET enable_bitmapscan = off")
            plan = try runner.rows("EXPLAIN " + HighScoreTable.keptHighScoresQuery, arguments).compactMap { $0.first ?? nil }
        default:
            let connection = try SQLiteConnection(path: harness.location, busyTimeout: 5, queue: nil)
            defer { connection.close() }
            let sql = "EXPLAIN QUERY PLAN " + HighScoreTable.keptHighScoresQuery.replacingOccurrences(of: "$", with: "?")
            plan = try connection.query(sql, arguments) { $0.text(3) }.compactMap { $0 }
        }
        let text = plan.joined(separator: "\n")
        // SQLite names a full scan "SCAN r" (no index); PostgreSQL "Seq Scan on game_results".
        for table in ["r", "g", "p"] { #expect(!plan.contains { $0.hasSuffix("SCAN \(table)") }, "\(text)") }
        for table in ["game_results", "games", "players"] {
            #expect(
                !plan.contains { $0.contains("Seq Scan on \(table)") || $0.contains("Bitmap Heap Scan on \(table)") }, "\(text)")
        }
    }
}
