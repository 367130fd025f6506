import Foundation
import Testing

@testable import HangmanStore

/// Issue 16 (session 11): every distinct statement text is prepared once per connection and kept, so the
/// texts the merge and the standings make must be few. With one multi-row shape per row count (1…64),
/// the play load's commits (a few games each) met a text never prepared before at almost every commit:
/// ~350,000 instructions each, ~150,000 a game.
@Suite(.ownThread) struct StatementShapeTests {
    @Test func rowCountsArePowersOfTwoUpToTheLimit() {
        #expect(StatementShape.rowsInStatement(remaining: 1) == 1)
        #expect(StatementShape.rowsInStatement(remaining: 3) == 2)
        #expect(StatementShape.rowsInStatement(remaining: 12) == 8)
        #expect(StatementShape.rowsInStatement(remaining: 64) == 64)
        #expect(StatementShape.rowsInStatement(remaining: 65) == 64)
        #expect(StatementShape.rowsInStatement(remaining: 1000) == 64)
        #expect(StatementShape.paddedKeyCount(1) == 1)
        #expect(StatementShape.paddedKeyCount(5) == 8)
        #expect(StatementShape.paddedKeyCount(64) == 64)
    }

    /// Batches of 1 to 24 games, each followed by its players' standings: at most 5 texts per statement
    /// of the merge (1, 2, 4, 8, 16 rows) and per standings read, where one per row count made dozens.
    @Test func batchesOfEverySizeShareFewStatementTexts() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("shapes.sqlite").path
        _ = try SQLiteBackend.prepare(path: path, options: StoreOptions())
        let runner = SQLiteRunner(connection: try SQLiteConnection(path: path, busyTimeout: 5, queue: nil))
        defer { runner.close() }
        let recording = RecordingRunner(inner: runner)
        let database = SQLDatabase(runner: recording)
        var seed: UInt64 = 1
        for size in 1...24 {
            let records = MonthRankTests.games(size, seed: seed, months: [MonthRankTests.may])
            seed += 1
            _ = try database.mergeGames(records)
            let keys = Set(records.flatMap { $0.results.map { HangmanStoreKey.key(for: $0.name) } })
            _ = try database.monthlyStandings(month: MonthRankTests.may, keys: Array(keys))
        }
        let texts = Set(recording.statements.map(\.sql))
        // 12 statements a merge and its standings at most (games, rounds, players, two score histograms,
        // results, race misses, month totals, month histogram, standings, the rating log and the players'
        // ratings), 5 shapes each, and the replay lookup.
        #expect(texts.count <= 12 * 5 + 1, "\(texts.count) statement texts")
        // Same standings for keys padded to a power of two as for the keys alone.
        let keys = ["p1", "p2", "p3"]
        #expect(
            try database.monthlyStandings(month: MonthRankTests.may, keys: keys)
                == (try database.monthlyStandings(month: MonthRankTests.may, keys: keys + keys)))
    }
}
