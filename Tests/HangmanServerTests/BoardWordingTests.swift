import HangmanTesting
import Testing

@testable import HangmanServer

/// The board's words for one: a one-letter word (the noob list has them) is "(1 letter)", not
/// "(1 letters)" (seen playing a noob race alone, session 12).
@Suite(.ownThread) struct BoardWordingTests {
    @Test func aOneLetterWordIsOneLetter() {
        let table = TestTable(words: ["a"])
        let ann = table.player("Ann", json: false)
        table.type("create den", on: ann)
        table.type("start", on: ann)
        let word = ann.text.split(separator: "\r\n").last { $0.contains("Word:") }
        #expect(word?.hasSuffix("(1 letter)") == true, "\(String(describing: word))")
    }

    /// A setter's word with a hint: the others are told how to see it ("with a hint. Guess away!"
    /// did not say, and nothing on the board did either; seen playing setter mode).
    @Test func aSetWordsHintSaysHowToSeeIt() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        let bob = table.player("bob", json: false)
        table.seat(ann, bob, in: "home")
        table.type("set mode setter", on: ann)
        table.type("start", on: ann)
        table.type("word giraffe tall spotted animal", on: ann)
        let lines = bob.text.split(separator: "\r\n").map(String.init)
        let told = lines.firstIndex { $0.contains("has set a word") }
        #expect(told.map { lines[$0] } == "Ann has set a word of 7 letters, with a hint. Guess away!")
        #expect(told.map { lines[$0 + 1] } == "The hint: type hint on your turn (it costs a miss).", "\(lines)")
    }

    /// `game <id>`: a round with one mistake says "1 mistake" ("1 mistakes", seen playing).
    @Test func aRoundOfOneMistakeIsOneMistake() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        table.type("create den", on: ann)
        table.type("set rounds 1", on: ann)
        table.type("start", on: ann)
        table.type("z", on: ann)
        table.type("solve ab", on: ann)
        _ = ann.takeText()
        table.type("game 1", on: ann)
        let round = ann.text.split(separator: "\r\n").first { $0.contains("1. ab") }
        #expect(round?.contains("1 mistake  won by Ann") == true, "\(String(describing: round))")
    }
}
