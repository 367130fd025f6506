import Foundation
import HangmanCore
import HangmanTesting
import Testing

@testable import HangmanServer

/// Narrow windows and racers (issue 34, item 5): "(6 letters)" is never split across lines, and the
/// away line of a racer says rounds ran out, not turns missed (a race has no turns).
@Suite(.ownThread) struct WholeCountsTests {
    /// At every width, a parenthesis that opens on a number keeps what it counts on its line.
    @Test func aCountInParenthesesIsNeverSplit() {
        let line = "Word:    _ _ _ _ _ _   (6 letters)"
        for columns in TextLayout.columnRange.lowerBound...60 {
            let lines = TextLayout(columns: columns, rows: 24).wrap(line, indent: 9)
            #expect(lines.contains { $0.contains("(6 letters)") }, "\(columns) columns: \(lines)")
        }
        // Colour codes are looked through.
        let painted = "Turn:    \u{1B}[33mbob\u{1B}[0m (30 s left)"
        for columns in 20...40 {
            let lines = TextLayout(columns: columns, rows: 24).wrap(painted, indent: 9)
            #expect(lines.contains { $0.contains("(30 s left)") }, "\(columns) columns: \(lines)")
        }
    }

    /// The board at every width from 20 to 80 columns: the word's count stays whole.
    @Test func theBoardKeepsTheWordsLengthWhole() {
        let snapshot = RoomSnapshot(
            room: "home", status: .playing, mode: "classic", difficulty: "easy", round: 1, rounds: 3, pattern: "______",
            misses: 0, maxMisses: 7, guessed: [], available: Array("abcdefghijklmnopqrstuvwxyz"), turn: "bob",
            turnSecondsLeft: 30, players: [PlayerView(name: "bob", score: 0, connected: true)], spectators: 0, host: "bob",
            isPrivate: false)
        for columns in 20...80 {
            let text = String(
                decoding: TextRenderer.render(.state(snapshot), color: false, layout: TextLayout(columns: columns, rows: 24)),
                as: UTF8.self)
            #expect(text.contains("(6 letters)"), "\(columns) columns:\n\(text)")
        }
    }

    /// Bob, racing, lets his time run out two rounds in a row: the room hears he ran out of time in
    /// 2 rounds, not that he "missed 2 turns" (JSON's `missed_turns` is unchanged).
    @Test func aRacersAwayLineSaysRoundsNotTurns() {
        let table = TestTable(words: ["abcd"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        for line in ["set mode race", "set rounds 4", "set turn 10", "start"] { table.type(line, on: ann) }
        _ = ann.takeText()
        for _ in 0..<2 {
            table.advance(by: 5)
            table.type("guess a", on: ann)
            table.advance(by: 5)
            for letter in ["b", "c", "d"] { table.type("guess \(letter)", on: ann) }
        }
        let text = ann.takeText()
        #expect(text.contains("bob ran out of time in 2 rounds in a row and is marked away"), "\(text)")
        #expect(!text.contains("missed 2 turns"), "\(text)")
        let away = bob.events().first { $0.type == "away" }
        #expect(away?["missed_turns"] as? Int == 2, "JSON is unchanged")
    }
}
