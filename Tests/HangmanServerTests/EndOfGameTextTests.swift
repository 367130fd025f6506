import HangmanServer
import HangmanTesting
import Testing

/// Found at an 80×24 terminal in tmux: the final board was drawn twice at a game's end (pushing the
/// game-over lines off screen), a player who left a game on their turn kept the `your turn> `
/// prompt, and a player with 0 points was "celebrated" into the high scores.
@Suite(.ownThread) struct EndOfGameTextTests {
    /// Ann alone in `home` with the one-word list "ab", one round: `a` then `b` wins it.
    func finishedGame() -> (TestTable, MemoryConnection) {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        table.type("create home", on: ann)
        table.type("set rounds 1", on: ann)
        table.type("start", on: ann)
        _ = ann.takeText()
        table.type("a", on: ann)
        table.type("b", on: ann)
        return (table, ann)
    }

    @Test func theFinalBoardIsDrawnOnceAtTheEnd() {
        let (_, ann) = finishedGame()
        let screen = ann.takeText()
        #expect(screen.contains("Game over"), "\(screen)")
        let boards = screen.components(separatedBy: "Word:").count - 1
        #expect(boards == 1, "the round's closing board only, not again after game over: \(screen)")
    }

    @Test func jsonStillGetsTheStateOfAFinishedGame() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        table.type("set rounds 1", on: ann)
        table.type("start", on: ann)
        table.type("a", on: ann)
        table.type("b", on: ann)
        let events = ann.events()
        let over = events.firstIndex { $0.type == "game_over" }
        #expect(over != nil)
        #expect(events.suffix(from: over ?? 0).contains { $0.type == "state" && $0["status"] as? String == "over" })
    }

    @Test func leavingAGameOnYourTurnEndsTheTurnPrompt() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        table.type("create home", on: ann)
        table.type("start", on: ann)
        #expect(ann.takeText().hasSuffix("your turn> "))
        table.type("leave", on: ann)
        let screen = ann.takeText()
        #expect(screen.hasSuffix("> ") && !screen.hasSuffix("your turn> "), "\(screen)")
    }

    @Test func noCelebrationForAPlaceWithoutPoints() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set rounds 1", on: ann)
        table.type("start", on: ann)
        table.type("a", on: ann)
        table.type("b", on: ann)
        let celebrated = bob.events().filter { $0.type == "celebration" }.compactMap { $0["player"] as? String }
        #expect(celebrated == ["Ann"], "Ann scored, bob (0 points) did not: \(celebrated)")
    }
}
