import Foundation
import Testing

@testable import HangmanStore

/// SQLite migration 10 and PostgreSQL migration 8 drop `games_by_ended` (no read has used it since the
/// month totals). A database of the previous version (the same tables, with that index) opens migrated,
/// keeps its data, and answers every read as before.
@Suite(.ownThread) struct GamesByEndedMigrationTests {
    /// What every read of the product answers on the fixture's games.
    struct Reads: Equatable {
        var top: LeaderboardPage
        var stats: [PlayerStats]
        var history: [[HistoryEntry]]
        var highScores: [HighScore]
        var games: [GameDetail]
        var month: LeaderboardPage
        var standings: [MonthlyStanding]

        static let names = ["ann", "bob", "cy", "dee"]
        static let month = LeaderboardMonth(containing: MainFixture.g1.ended)

        init(_ store: Store, ids: [Int64]) throws {
            top = try value { store.leaderboard(limit: 10, player: nil, completion: $0) }
            // The totals: these tests take the ratings migration away too (RatingStoreTests covers it).
            stats = try Self.names.map { name in try value { store.stats(player: name, completion: $0) }.totals }
            history = try Self.names.map { name in try value { store.history(player: name, limit: 10, completion: $0) } }
            highScores = try value { store.highScores(limit: 10, completion: $0) }
            games = try ids.map { id in try value { store.game(id: id, completion: $0) } }
            month = try value { store.monthlyLeaderboard(month: Self.month, limit: 10, player: nil, completion: $0) }
            standings = try value { store.monthlyStandings(month: Self.month, players: Self.names, completion: $0) }
        }
    }

    @Test func aVersion9SQLiteFileLosesTheIndexAndKeepsItsData() throws {
        let harness = try Harness(.sqlite)
        let ids = try MainFixture.load(harness.store)
        let before = try Reads(harness.store, ids: ids)
        harness.store.close()
        // The file as version 9 left it: the same tables, and `games_by_ended`.
        let old = try SQLiteConnection(path: harness.path, busyTimeout: 1, queue: nil)
        try old.execute("CREATE INDEX games_by_ended ON games(ended)")
        try old.execute(RatingStoreTests.undoRatingsMigration)
        try old.execute("PRAGMA user_version = 9")
        old.close()

        let store = try SQLiteStore(path: harness.path, options: fastOptions)
        defer { store.close() }
        #expect(try userVersion(harness.path) == SQLiteSchema.currentVersion)
        #expect(try sqliteColumn(harness.path, "SELECT name FROM sqlite_master WHERE name = 'games_by_ended'") == [])
        #expect(try Reads(store, ids: ids) == before)
        // And it goes on merging.
        try Self.mergesAnotherGame(store, after: ids)
    }

    @Test(.enabled(if: PostgresCluster.enabled))
    func aSchema7PostgresDatabaseLosesTheIndexAndKeepsItsData() throws {
        let harness = try Harness(.postgres)
        let ids = try MainFixture.load(harness.store)
        let before = try Reads(harness.store, ids: ids)
        harness.store.close()
        let old = try PostgresRunner(conninfo: harness.location, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
        try old.executeScript(
            "CREATE INDEX games_by_ended ON games (ended); \(RatingStoreTests.undoRatingsMigration) DELETE FROM hangman_schema WHERE version > 7"
        )
        old.close()

        let store = try PostgresStore(url: harness.location, options: fastOptions)
        defer { store.close() }
        let check = try PostgresRunner(conninfo: harness.location, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
        defer { check.close() }
        #expect(try check.rows("SELECT MAX(version) FROM hangman_schema", []) == [["\(PostgresSchema.currentVersion)"]])
        #expect(try check.rows("SELECT indexname FROM pg_indexes WHERE indexname = 'games_by_ended'", []) == [])
        #expect(try Reads(store, ids: ids) == before)
        try Self.mergesAnotherGame(store, after: ids)
    }

    /// A new game merges after the migration, numbered after the others, and counts on the boards.
    static func mergesAnotherGame(_ store: Store, after ids: [Int64]) throws {
        let next = game(
            "delta", rounds: [RoundRecord(word: "elk", won: true, mistakes: 0, solver: "Dee")],
            results: [player("Dee", 40, rank: 1, solved: 1)], ended: MainFixture.g3.ended + 100)
        let id = try store.record(next)
        #expect(id > (ids.max() ?? 0))
        #expect(try value { store.game(id: id, completion: $0) }.record.results == next.results)
        #expect(try value { store.leaderboard(limit: 1, player: nil, completion: $0) }.entries.map(\.name) == ["Dee"])
        #expect(try value { store.monthlyStandings(month: Reads.month, players: ["dee"], completion: $0) }.map(\.rank) == [1])
    }
}
