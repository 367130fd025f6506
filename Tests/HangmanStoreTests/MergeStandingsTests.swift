import Foundation
import Testing

@testable import HangmanStore

/// Issue 16 (session 11): on SQLite a commit's standings are computed inside the merge from the month rows
/// it wrote: one histogram range, and the ties ahead counted only for players who share their score. They
/// must agree with the standings read by key after the commit, alone on a score or tied with many.
@Suite(.ownThread) struct MergeStandingsTests {
    /// `tied` players on 40 points in May (wins and games spread so all three tie-breaks matter, keys in
    /// mixed case and beyond ASCII), plus a few on other scores; then one batch that moves some of them.
    static func records(tied: Int) -> (before: [GameRecord], batch: [GameRecord]) {
        let may = MonthRankTests.may.start
        let names = (0..<tied).map { index in index % 5 == 0 ? "Zé\(index)" : (index % 2 == 0 ? "t\(index)" : "T\(index)x") }
        var before: [GameRecord] = []
        for (index, name) in names.enumerated() {
            // 40 points in one game, or 20 + 20 in two (more games), some with a win.
            let wins = index % 3 == 0
            if index % 4 == 0 {
                before.append(game("r", rounds: [], results: [player(name, 20, rank: 2)], ended: may + Int64(index)))
                before.append(game("r", rounds: [], results: [player(name, 20, rank: wins ? 1 : 2)], ended: may + 100))
            } else {
                before.append(game("r", rounds: [], results: [player(name, 40, rank: wins ? 1 : 2)], ended: may + Int64(index)))
            }
        }
        before.append(game("r", rounds: [], results: [player("high", 900, rank: 1), player("low", 3, rank: 2)], ended: may + 5))
        // The batch: two tied players and a newcomer land on 40 with the others, one leaves it upwards.
        let batch = [
            game("r", rounds: [], results: [player(names[1], 0, rank: 2), player("new", 40, rank: 3)], ended: may + 200),
            game("r", rounds: [], results: [player(names[2], 0, rank: 2), player(names[3], 5, rank: 1)], ended: may + 201),
        ]
        return (before, batch)
    }

    @Test(arguments: [4, 8, 16, 40])
    func standingsReadInTheMergeAreThoseReadAfterIt(tied: Int) throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ties.sqlite").path
        _ = try SQLiteBackend.prepare(path: path, options: StoreOptions())
        let runner = SQLiteRunner(connection: try SQLiteConnection(path: path, busyTimeout: 5, queue: nil))
        defer { runner.close() }
        let database = SQLDatabase(runner: runner)
        let (before, batch) = Self.records(tied: tied)
        _ = try database.mergeGames(before)
        let keys = Set((before + batch).flatMap { $0.results.map { HangmanStoreKey.key(for: $0.name) } }).sorted()
        let outcome = try database.mergeGames(batch, standings: [MonthRankTests.may: keys])
        let inMerge = try #require(try outcome.standings[MonthRankTests.may]?.get())
        let after = try database.monthlyStandings(month: MonthRankTests.may, keys: keys)
        #expect(inMerge.count == after.count)
        for key in keys {
            var merged = inMerge[key]
            merged?.name = after[key]?.name ?? ""
            #expect(merged == after[key], "\(key)")
        }
        // The ties were there to order: at least one player has others tied ahead on points.
        let onForty = after.values.filter { $0.score == 40 }
        #expect(onForty.count >= tied)
        #expect(Set(onForty.map(\.rank)).count == onForty.count)
    }

    /// Session 12: a score that `tieScanPlayers` or more of a commit's players share is read once, its rows
    /// in the rank index's order (each player's place among them is their ties ahead), not three ranges
    /// per player. The batch above puts three on 40 points, so the test above checks those places; here,
    /// that it still does and that the read is the index in its order (no sort, no other table).
    @Test func aScoreSharedByACommitsPlayersIsReadOnceInIndexOrder() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("plan.sqlite").path
        _ = try SQLiteBackend.prepare(path: path, options: StoreOptions())
        let runner = SQLiteRunner(connection: try SQLiteConnection(path: path, busyTimeout: 5, queue: nil))
        defer { runner.close() }
        let database = SQLDatabase(runner: runner)
        let (before, batch) = Self.records(tied: 4)
        _ = try database.mergeGames(before)
        let landing = ["t1x", "new", "t2"]  // the batch's players that end on 40 points
        let outcome = try database.mergeGames(batch, standings: [MonthRankTests.may: landing])
        let standings = try #require(try outcome.standings[MonthRankTests.may]?.get())
        #expect(landing.compactMap { standings[$0]?.score }.filter { $0 == 40 }.count >= MonthBoards.tieScanPlayers)
        let plan = try runner.rows(
            "EXPLAIN QUERY PLAN " + MonthBoards.playersOnScore, [.integer(MonthRankTests.may.start), .int(40)]
        )
        .compactMap { $0.count > 3 ? $0[3] : nil }
        #expect(plan == ["SEARCH month_totals USING COVERING INDEX month_totals_by_rank (month=? AND score=?)"])
    }

    /// The read once pays from three asked players at the play load's ~35 a score; a crowd of a thousand on
    /// one score is left to the ranges until six of the commit's players share it.
    @Test func aCrowdedScoreNeedsMoreAskedPlayersBeforeItIsReadOnce() {
        #expect(!MonthBoards.readsTheScoreOnce(asked: 2, players: 35))
        #expect(MonthBoards.readsTheScoreOnce(asked: 3, players: 35))
        #expect(MonthBoards.readsTheScoreOnce(asked: 3, players: 3))
        #expect(!MonthBoards.readsTheScoreOnce(asked: 5, players: 1000))
        #expect(MonthBoards.readsTheScoreOnce(asked: 6, players: 1000))
    }
}
