import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// Defects found playing a table of four real clients for a long while (session 11), each
/// reproduced in memory on the manual clock and failing before its fix.
@Suite(.ownThread) struct PlayedTableTests {
    /// The host sets `mode race` during a classic round: the board that closes the classic round
    /// drew the next round's race ("Race: Ann 0/2 letters 0/7 misses") under the solved word.
    @Test func aClassicRoundsClosingBoardHasNoRaceOfTheNextRound() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        table.type("create home", on: ann)
        table.type("set rounds 2", on: ann)
        table.type("start", on: ann)
        table.type("set mode race", on: ann)
        _ = ann.takeText()
        table.type("a", on: ann)
        table.type("b", on: ann)
        let screen = ann.takeText()
        let closing = screen.components(separatedBy: "Round 1 solved").first ?? ""
        #expect(closing.contains("Word:    A B"), "\(screen)")
        #expect(!closing.contains("Race:"), "the closing board of a classic round shows no race:\n\(closing)")
        #expect(screen.contains("round 2 of 2 - race"), "the next round is a race:\n\(screen)")
    }
}

extension PlayedTableTests {
    /// The end of a game told everyone "Type start for a new game", and a player who is not the host
    /// who did so got `not_host`: the line says the host starts the next one.
    @Test func theEndOfAGameSaysTheHostStartsTheNext() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob", json: false)
        table.seat(ann, bob, in: "home")
        table.type("set rounds 1", on: ann)
        table.type("start", on: ann)
        table.type("a", on: ann)
        table.type("b", on: ann)
        table.advance(by: 5)
        let screen = bob.takeText()
        #expect(screen.contains("=== Game over in home ==="), "\(screen)")
        #expect(!screen.contains("Type start"), "bob is not the host:\n\(screen)")
        #expect(screen.contains("The host types start for a new game"), "\(screen)")
        table.type("start", on: bob)
        #expect(bob.takeText().contains("[not_host]"))
    }
}
