import Dispatch
import Foundation
import HangmanSync
import Testing

@testable import HangmanStore

/// Issue 16: a game's end asks for the merge and the month standings of its players in one call
/// (`finishGame`); the store reads them on the writer after the commit, once per commit.
/// They must be what `monthlyStandings` says right after, on every engine, for batches across months.
@Suite(.ownThread) struct StandingsWithMergeTests {
    /// Merges `records` at once (one group commit when the store paces its commits) and waits for all.
    static func mergeWithStandings(
        _ store: Store, _ records: [GameRecord]
    ) throws -> [(outcome: RecordOutcome, gameID: Int64?, standings: [MonthlyStanding]?)] {
        let answers = Locked<[Int: (RecordOutcome, Int64?, [MonthlyStanding]?)]>([:])
        let done = DispatchGroup()
        for (index, record) in records.enumerated() {
            done.enter()
            store.finishGame(record, highScores: 10) { end in
                answers.withLock { $0[index] = (end.outcome, end.gameID, end.gameID == nil ? nil : end.standings) }
                done.leave()
            }
        }
        guard done.wait(timeout: .now() + 60) == .success else { throw TestTimeout() }
        return answers.withLock { all in records.indices.map { all[$0] ?? (.queued, nil, nil) } }
            .map { (outcome: $0.0, gameID: $0.1, standings: $0.2) }
    }

    @Test(arguments: StoreKind.engines)
    func theStandingsOfAMergeAreThoseReadRightAfterIt(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let months = [MonthRankTests.may, MonthRankTests.june]
        for record in MonthRankTests.games(30, seed: 7, months: months) {
            let answer = try #require(try Self.mergeWithStandings(store, [record]).first)
            guard case .saved(let id) = answer.outcome else {
                Issue.record("not saved: \(answer.outcome)")
                return
            }
            #expect(answer.gameID == id)
            let month = LeaderboardMonth(containing: record.ended)
            let read = try value { store.monthlyStandings(month: month, players: record.results.map(\.name), completion: $0) }
            #expect(answer.standings == read)
        }
    }

    @Test(arguments: StoreKind.engines)
    func oneCommitAnswersEachGameWithItsOwnMonth(kind: StoreKind) throws {
        var options = fastOptions
        options.mergeCommitInterval = 1
        let harness = try Harness(kind, options: options)
        let store = harness.store
        let first = MonthRankTests.games(1, seed: 3, months: [MonthRankTests.may])
        _ = try Self.mergeWithStandings(store, first)  // commits at once; the next ones wait and land together
        let records = MonthRankTests.games(12, seed: 11, months: [MonthRankTests.may, MonthRankTests.june])
        let answers = try Self.mergeWithStandings(store, records)
        #expect(store.commitCount == 2)
        for (record, answer) in zip(records, answers) {
            let month = LeaderboardMonth(containing: record.ended)
            let read = try value { store.monthlyStandings(month: month, players: record.results.map(\.name), completion: $0) }
            #expect(answer.standings == read)
            #expect(answer.gameID != nil)
        }
    }

    /// A group commit's players in one statement (dozens of keys): without statistics (a database never
    /// analysed, as the server's) SQLite chose to read the month's whole rank index and look each row's
    /// player up (1.2 ms instead of 0.15 ms for 52 keys among 2,000 players). Read player by player.
    @Test func aCommitsStandingsReadEachPlayersRowNotTheMonth() throws {
        let harness = try Harness(.sqlite)
        for part in 0..<4 {
            let results = (0..<500).map { index in player("Q\(part * 500 + index)", (part * 500 + index) % 97, rank: index + 1) }
            try harness.store.record(game("big", rounds: [], results: results, ended: MonthRankTests.may.start + Int64(part)))
        }
        let runner = SQLiteRunner(connection: try SQLiteConnection(path: harness.location, busyTimeout: 5, queue: nil))
        defer { runner.close() }
        let recording = RecordingRunner(inner: runner)
        let keys = (0..<60).map { "q\($0 * 33)" }
        #expect(try SQLDatabase(runner: recording).monthlyStandings(month: MonthRankTests.may, keys: keys).count == 60)
        #expect(recording.statements.count == 1)
        for (sql, arguments) in recording.statements {
            let plan = try runner.rows("EXPLAIN QUERY PLAN " + sql, arguments).compactMap { $0.count > 3 ? $0[3] : nil }
            let reads = MonthRankTests.monthTotalsReads(plan, postgres: false)
            #expect(!reads.isEmpty)
            for read in reads {
                #expect(read.contains("player_id") || read.contains("score=?"), "\(read)\n\(plan.joined(separator: "\n"))")
            }
        }
    }
}
