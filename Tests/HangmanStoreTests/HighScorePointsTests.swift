import Foundation
import Testing

@testable import HangmanStore

/// Issue 34 item 4: a place in the high scores is earned with points. Games that scored nothing
/// (lost rounds, a player who only watched the man hang) used to fill the table while it had fewer
/// than ten scoring rows; on every engine they stay out of it now.
@Suite(.ownThread) struct HighScorePointsTests {
    @Test(arguments: StoreKind.engines)
    func zeroPointResultsNeverFillTheTable(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try store.record(
            game(
                "a", rounds: [RoundRecord(word: "owl", won: true, mistakes: 1, solver: "Ann")],
                results: [player("Ann", 12, rank: 1, solved: 1), player("Bob", 0, rank: 2, solved: 1)], ended: 100))
        for index in 0..<3 {
            try store.record(
                game(
                    "z\(index)", rounds: [RoundRecord(word: "yak", won: false, mistakes: 7)],
                    results: [player("Zero\(index)", 0, rank: 1, failed: 1)], ended: 200 + Int64(index)))
        }
        let table = try value { store.highScores(limit: 10, completion: $0) }
        #expect(table.map(\.name) == ["Ann"])
        #expect(table.allSatisfy { $0.score >= HighScore.minimumScore })
        // The table read after a game (the game's end) says the same.
        let end = try valueOf { store.finishGame(MainFixture.g3, highScores: 10, completion: $0) }
        #expect(end.highScores?.map(\.name) == ["Ann"])
    }

    /// A cached table is kept when a game that scored nothing is merged: it could not enter.
    @Test func aZeroPointGameKeepsTheCachedTable() {
        let cache = HighScoreCache(refreshNanos: 1_000_000_000)
        let row = HighScore(
            rank: 1, name: "Ann", score: 12, gameID: 1, words: ["owl"], mistakes: 1, solved: 1, difficulty: "custom",
            failed: false)
        cache.fill([row], limit: 10, generation: cache.generation(), now: 0)
        cache.merged(MainFixture.g3)
        #expect(cache.table(limit: 10, now: 1) == [row])
    }
}

/// Waits (bounded) for a completion that is not a `Result`.
private func valueOf<T: Sendable>(_ call: (@escaping @Sendable (T) -> Void) -> Void) throws -> T {
    try value { (done: @escaping @Sendable (Result<T, StoreError>) -> Void) in call { done(.success($0)) } }
}
