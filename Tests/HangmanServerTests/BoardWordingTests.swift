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
}
