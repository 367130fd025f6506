import Foundation
import Testing

@testable import HangmanStore

/// The high scores are kept as a small table of the best counting results (`high_scores`, issue 37),
/// written by the merge and rebuilt after a delete, instead of walking an index over every result at
/// every game's end. Whatever the table holds, the answer is the one the query over every result gives.
@Suite(.ownThread) struct HighScoreTableTests {
    static let kept = HighScoreTable.highScoreRowsKept

    /// The cache off, so each read goes to the database.
    static var options: StoreOptions {
        var options = fastOptions
        options.highScoresRefresh = 0
        return options
    }

    /// `games` games of three counting results each (scores with many ties, misses from the round),
    /// one result under the minimum, and an unranked seat scoring above them all.
    static func record(_ store: Store, games: Int, from first: Int = 0) throws {
        for index in first..<(first + games) {
            try store.record(
                GameRecord(
                    room: "r", mode: "classic", difficulty: "custom",
                    rounds: [
                        RoundRecord(word: "owl\(index % 3)", won: index % 4 != 0, mistakes: index % 5, solver: "A\(index % 7)")
                    ],
                    results: [
                        player("A\(index % 7)", 10 + (index * 37) % 50, rank: 1, solved: 1),
                        player("B\(index % 11)", 10 + (index * 37) % 50, rank: 2, solved: 1),
                        player("C\(index % 13)", 5 + index % 3, rank: 3),
                        player("Zero\(index)", 0, rank: 4),
                        PlayerResult(name: "Bot", score: 900, rank: 1, solved: 1, failed: 0, ranked: false),
                    ], started: 1000 + Int64(index), ended: 2000 + Int64(index % 9)))
        }
    }

    /// Rows in `high_scores`.
    static func keptRows(_ harness: Harness) throws -> Int {
        try Int(sql(harness, "SELECT COUNT(*) FROM high_scores").first ?? "") ?? -1
    }

    /// The first column of `query`'s rows, on either SQL engine.
    static func sql(_ harness: Harness, _ query: String) throws -> [String] {
        switch harness.kind {
        case .postgres:
            let runner = try PostgresRunner(conninfo: harness.location, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
            defer { runner.close() }
            return try runner.rows(query, []).map { ($0.first ?? nil) ?? "" }
        default:
            return try sqliteColumn(harness.location, query).map { $0 ?? "" }
        }
    }

    /// The table's answer (`kept` rows) is the first `kept` of the query over every result (`kept + 1`
    /// rows, the fallback), and so is any shorter one.
    static func expectSameAsEveryResult(_ store: Store) throws {
        let fromTable = try value { store.highScores(limit: kept, completion: $0) }
        let fromAll = try value { store.highScores(limit: kept + 1, completion: $0) }
        #expect(fromTable.count == kept)
        #expect(fromAll.count == kept + 1)
        #expect(fromTable == Array(fromAll.prefix(kept)))
        #expect(try value { store.highScores(limit: 10, completion: $0) } == Array(fromAll.prefix(10)))
    }

    /// 120 counting results over 40 games (two commits' worth of ties at the cut): the table holds
    /// exactly the best `kept` and answers as the query over every result does.
    @Test(arguments: StoreKind.shared)
    func theTableKeepsTheBestRowsAndAnswersAsEveryResultDoes(kind: StoreKind) throws {
        let harness = try Harness(kind, options: Self.options)
        try Self.record(harness.store, games: 40)
        #expect(try Self.keptRows(harness) == Self.kept)
        try Self.expectSameAsEveryResult(harness.store)
        // Better results later push the worst out; the table stays at `kept` rows.
        try Self.record(harness.store, games: 20, from: 40)
        #expect(try Self.keptRows(harness) == Self.kept)
        try Self.expectSameAsEveryResult(harness.store)
    }

    /// A player's deleted results leave the table, and the next best results come in from `game_results`.
    @Test(arguments: StoreKind.shared)
    func deletedResultsLeaveTheTableAndTheNextBestComeIn(kind: StoreKind) throws {
        let harness = try Harness(kind, options: Self.options)
        let store = harness.store
        try Self.record(store, games: 45)
        let top = try value { store.highScores(limit: 1, completion: $0) }
        let best = try #require(top.first)
        try value { store.deleteHistory(player: best.name, gameID: best.gameID, completion: $0) }
        #expect(try value { store.highScores(limit: Self.kept, completion: $0) }.contains { $0 == best } == false)
        #expect(try Self.keptRows(harness) == Self.kept)
        try Self.expectSameAsEveryResult(store)
        _ = try value { store.resetHistory(player: "A3", completion: $0) }
        #expect(try value { store.highScores(limit: Self.kept, completion: $0) }.allSatisfy { $0.name != "A3" })
        #expect(try Self.keptRows(harness) == Self.kept)
        try Self.expectSameAsEveryResult(store)
    }

    /// A database of the schema before the table (its results, the score index) gets the table filled
    /// from its results, and the index dropped, when a store of this version opens it.
    @Test(arguments: StoreKind.shared)
    func anUpgradedDatabaseGetsTheTableFilledFromItsResults(kind: StoreKind) throws {
        let harness = try Harness(kind, options: Self.options)
        try Self.record(harness.store, games: 40)
        let before = try value { harness.store.highScores(limit: Self.kept + 1, completion: $0) }
        harness.store.close()
        // Back to the previous schema: no table, the score index, the version before.
        let downgrade = "DROP TABLE high_scores; CREATE INDEX game_results_by_score ON game_results (score DESC)"
        switch kind {
        case .postgres:
            let runner = try PostgresRunner(conninfo: harness.location, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
            try runner.executeScript(downgrade + "; DELETE FROM hangman_schema WHERE version = \(PostgresSchema.currentVersion)")
            runner.close()
        default:
            let connection = try SQLiteConnection(path: harness.location, busyTimeout: 5, queue: nil)
            try connection.execute(downgrade + "; PRAGMA user_version = \(SQLiteSchema.currentVersion - 1)")
            connection.close()
        }

        let store = try #require(try harness.second(options: Self.options))
        defer { store.close() }
        #expect(try Self.keptRows(harness) == Self.kept)
        #expect(try value { store.highScores(limit: Self.kept, completion: $0) } == Array(before.prefix(Self.kept)))
        try Self.expectSameAsEveryResult(store)
        let indexes =
            kind == .postgres
            ? "SELECT indexname FROM pg_indexes WHERE indexname = 'game_results_by_score'"
            : "SELECT name FROM sqlite_master WHERE name = 'game_results_by_score'"
        #expect(try Self.sql(harness, indexes) == [])
    }
}
