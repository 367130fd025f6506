import Foundation
import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// A race's high scores and history give each racer their own misses, not the solver's: the room
/// records every racer's board in the round's record (`RoundRecord.racers`).
@Suite(.ownThread) struct RaceMistakesTableTests {
    @Test func racersWithDifferentMissesGetDifferentHighScoreRows() throws {
        let t = RaceModeTests.Table(rounds: 1)
        let word = t.word(of: t.ann.events().last { $0.type == "state" })
        // Ann finds a letter and misses twice, bob misses once, cy never guesses; then bob solves.
        // (cy's 0 points earn no row: issue 34 item 4.)
        t.type(String(try #require(word.first)), on: t.ann)
        t.type("z", on: t.ann)
        t.type("y", on: t.ann)
        t.type("x", on: t.bob)
        _ = [t.ann, t.bob, t.cy].map { $0.takeText() }
        t.type("solve \(word)", on: t.bob)
        let scores = try #require(t.ann.events().last { $0.type == "highscores" })
        let rows = try #require(scores["entries"] as? [[String: Any]])
        let misses = Dictionary(
            uniqueKeysWithValues: rows.compactMap { row in
                (row["name"] as? String).map { ($0, row["mistakes"] as? Int ?? -1) }
            })
        #expect(misses == ["bob": 1, "Ann": 2])

        t.type("history", on: t.ann)
        let history = try #require(t.ann.events().last { $0.type == "history" })
        let entries = try #require(history["entries"] as? [[String: Any]])
        #expect(entries.map { $0["mistakes"] as? Int } == [2])
    }
}
