import Dispatch
import Foundation
import Testing

@testable import HangmanStore

/// Issue 30: a game's end is one store call (`finishGame`): the save, then the high scores and the
/// players' month standings, in one answer within the store's time limit.
@Suite(.ownThread) struct GameEndTests {
    /// `finishGame`'s one answer (bounded wait).
    static func finish(_ store: any HangmanStore, _ record: GameRecord, timeout: Double = 20) throws -> GameEnd {
        let done = DispatchSemaphore(value: 0)
        let box = Box<GameEnd>()
        let calls = Box<Int>()
        calls.set(0)
        store.finishGame(record, highScores: 10) { end in
            calls.set((calls.value ?? 0) + 1)
            box.set(end)
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success, let end = box.value else { throw TestTimeout() }
        #expect(calls.value == 1)
        return end
    }

    static let may = MonthRankTests.may

    @Test(arguments: StoreKind.engines)
    func oneCallSavesAndReadsWhatTheEndShows(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try store.record(game("a", rounds: [], results: [player("Cy", 50, rank: 1)], ended: Self.may.start + 1))
        let record = game(
            "b", rounds: [], results: [player("Ann", 70, rank: 1), player("bob", 20, rank: 2)], ended: Self.may.start + 2)
        let end = try Self.finish(store, record)
        let id = try #require(end.gameID, "\(end.outcome)")
        #expect(end.month == Self.may)
        // What separate calls read right after.
        #expect(
            end.standings == (try value { store.monthlyStandings(month: Self.may, players: ["Ann", "bob"], completion: $0) }))
        #expect(end.standings.map(\.name) == ["Ann", "bob"])
        #expect(end.highScores == (try value { store.highScores(limit: 10, completion: $0) }))
        #expect(end.highScores?.first { $0.gameID == id }?.score == 70)
    }

    /// The high scores read after the merge is slow: the answer comes at the time limit from the call,
    /// saved, with the standings read and without the high scores (never a second answer later).
    @Test func aSlowHighScoresReadIsLeftOutAtTheTimeLimit() throws {
        let (backend, store) = try faultStore(timeout: 0.3)
        defer {
            backend.release()
            store.close()
        }
        backend.faults.withLock { $0.highScores = .hang }
        let started = DispatchTime.now()
        let end = try Self.finish(store, game("a", rounds: [], results: [player("Ann", 9, rank: 1)], ended: Self.may.start))
        let waited = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        #expect(end.gameID != nil, "\(end.outcome)")
        #expect(end.highScores == nil)
        #expect(end.standings.map(\.name) == ["Ann"])
        #expect(waited >= 0.3 && waited < 5, "\(waited)")
    }

    /// A save the database cannot take is answered once, not saved, with nothing read.
    @Test func aSaveThatFailsIsAnsweredWithoutReads() throws {
        let (backend, store) = try faultStore(timeout: 0.2)
        defer {
            backend.release()
            store.close()
        }
        backend.set(merges: .fail)
        let end = try Self.finish(store, game("a", rounds: [], results: [player("Ann", 9, rank: 1)], ended: Self.may.start))
        #expect(end.gameID == nil)
        #expect(end.highScores == nil && end.standings.isEmpty)
    }
}
