import HangmanServer
import HangmanTesting
import Testing

/// The end of a saved game comes in one batch, in a fixed order: game over, the high scores, then the
/// monthly line and the rating change (a rated game), with one prompt after them in text mode. They come from one store call
/// (`finishGame`), which leaves out what it could not read within its time limit (`store-timeout-ms`;
/// timed in HangmanStoreTests' `GameEndTests`).
@Suite(.ownThread) struct EndOfGameOrderTests {
    /// Ann (text) and bob (JSON) in `home` with the one-word list "ab", one round; Ann's `a` then
    /// `b` ends it. Returns before the last guess.
    func table(droppingHighScores: Bool = false) -> (TestTable, MemoryConnection, MemoryConnection) {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set rounds 1", on: ann)
        table.type("start", on: ann)
        table.type("a", on: ann)
        _ = ann.takeText()
        _ = bob.takeText()
        table.store.dropHighScores.store(droppingHighScores, ordering: .relaxed)
        return (table, ann, bob)
    }

    static let endOfGameTypes: Set<String> = ["game_over", "highscores", "month_standing", "rating_change"]

    @Test func gameOverThenHighScoresThenTheMonthWithOnePrompt() throws {
        let (table, ann, bob) = table()
        table.type("b", on: ann)
        let screen = ann.takeText()
        let over = try #require(screen.range(of: "Game over"), "\(screen)")
        let scores = try #require(screen.range(of: "High scores"), "\(screen)")
        let month = try #require(screen.range(of: "This month"), "\(screen)")
        let rating = try #require(screen.range(of: "Your rating went from 0.0 to "), "\(screen)")
        #expect(over.upperBound <= scores.lowerBound && scores.upperBound <= month.lowerBound, "\(screen)")
        #expect(month.upperBound <= rating.lowerBound, "\(screen)")
        // One prompt, after the last of them (not one per store answer).
        let afterBoard = String(screen[over.lowerBound...])
        #expect(afterBoard.components(separatedBy: "> ").count == 2, "\(afterBoard)")
        #expect(afterBoard.hasSuffix("> "), "\(afterBoard)")
        // JSON: the same order.
        let types = bob.events().compactMap(\.type).filter(Self.endOfGameTypes.contains)
        #expect(types == ["game_over", "highscores", "month_standing", "rating_change"])
    }

    /// The store's answer came without the high scores (past its time limit): the rest is shown, in
    /// order, with one prompt.
    @Test func anEndWithoutTheHighScoresShowsTheRest() throws {
        let (table, ann, bob) = table(droppingHighScores: true)
        table.type("b", on: ann)
        let screen = ann.takeText()
        #expect(screen.contains("Game over") && screen.contains("This month") && !screen.contains("High scores"), "\(screen)")
        let over = try #require(screen.range(of: "Game over"), "\(screen)")
        let afterBoard = String(screen[over.lowerBound...])
        #expect(afterBoard.components(separatedBy: "> ").count == 2, "\(afterBoard)")
        let types = bob.events().compactMap(\.type).filter(Self.endOfGameTypes.contains)
        #expect(types == ["game_over", "month_standing", "rating_change"])
    }
}

/// `game_over`'s scores mark a house bot's seat (`bot: true`), as `state` and `who` do.
@Suite(.ownThread) struct GameOverBotScoresTests {
    @Test func aBotsScoreIsMarked() throws {
        let tests = HouseBotTests()
        let (table, ann) = tests.hosted()
        table.type("set rounds 1", on: ann)
        table.type("bot add strong", on: ann)
        table.type("start", on: ann)
        let over = try #require(tests.playToGameOver(table, ann).first { $0.type == "game_over" })
        let scores = try #require(over["scores"] as? [[String: Any]])
        #expect(scores.count == 2)
        for score in scores {
            let name = score["name"] as? String ?? ""
            #expect((score["bot"] as? Bool == true) == name.hasPrefix("bot-"), "\(score)")
        }
    }
}

/// `start` typed while the last game's save is still with the store: the new game waits for that
/// game's end to be shown (bounded by the store's time limit), so `game_over` never lands in the
/// middle of the next game (a program would take it for that game's end).
@Suite(.ownThread) struct StartWhileSavingTests {
    /// `EndOfGameOrderTests`' table, its game ended with the save's answer held back.
    func endedGame() -> (TestTable, MemoryConnection, MemoryConnection) {
        let (table, ann, bob) = EndOfGameOrderTests().table()
        table.store.holdSaves.store(true, ordering: .relaxed)
        table.type("b", on: ann)
        _ = ann.takeText()
        _ = bob.events()
        return (table, ann, bob)
    }

    static let endTypes: Set<String> = ["game_over", "highscores", "month_standing", "game_started"]

    @Test func theNextGameStartsAfterTheLastOnesEnd() throws {
        let (table, ann, bob) = endedGame()
        table.type("start", on: ann)
        #expect(!bob.events().contains { $0.type == "game_started" }, "not before the last game's end")
        let screen = ann.takeText()
        #expect(screen.contains("once the last game is saved"), "\(screen)")
        table.store.holdSaves.store(false, ordering: .relaxed)
        table.store.releaseSaves()
        table.settle()
        let types = bob.events().compactMap(\.type).filter { Self.endTypes.contains($0) }
        #expect(types == ["game_over", "highscores", "month_standing", "game_started"])
        let text = ann.takeText()
        let over = try #require(text.range(of: "Game over"), "\(text)")
        let started = try #require(text.range(of: "started a new game"), "\(text)")
        #expect(over.upperBound <= started.lowerBound, "\(text)")
    }

    @Test func aSaveThatNeverAnswersHoldsTheStartForTheTimeLimitOnly() {
        let (table, ann, bob) = endedGame()
        table.type("start", on: ann)
        table.advance(by: 2.9)
        #expect(!bob.events().contains { $0.type == "game_started" })
        table.advance(by: 0.1)
        #expect(bob.events().contains { $0.type == "game_started" }, "started at the store's time limit")
        _ = ann.takeText()
        // The save's answer, later still: a `saved` line, never a `game_over` in the new game.
        table.store.holdSaves.store(false, ordering: .relaxed)
        table.store.releaseSaves()
        table.settle()
        let late = bob.events().compactMap(\.type)
        #expect(!late.contains("game_over") && late.contains("saved"), "\(late)")
    }
}
