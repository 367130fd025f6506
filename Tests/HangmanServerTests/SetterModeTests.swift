import Foundation
import HangmanCore
import HangmanServer
import HangmanStore
import HangmanTesting
import Synchronization
import Testing

/// Setter mode at a whole table in memory (TestTable, manual clock): one seated player sets each
/// round's word, in seat order; the others guess.
@Suite(.ownThread) struct SetterModeTests {
    /// Ann hosts `home`; bob and cy sit down; setter mode, 2 rounds, `setter-seconds` 30.
    struct Table {
        let table: TestTable
        let ann: MemoryConnection
        let bob: MemoryConnection
        let cy: MemoryConnection

        init(rounds: Int = 2, misses: Int = 7, blocklist: Blocklist = Blocklist()) {
            table = TestTable(words: ["ab"], blocklist: blocklist) { $0.wordSeconds = 30 }
            ann = table.player("Ann")
            bob = table.player("bob")
            cy = table.player("cy")
            table.seat(ann, bob, cy, in: "home")
            table.type("set mode setter", on: ann)
            table.type("set rounds \(rounds)", on: ann)
            table.type("set misses \(misses)", on: ann)
            for connection in [ann, bob, cy] { _ = connection.takeText() }
        }

        func type(_ line: String, on connection: MemoryConnection) { table.type(line, on: connection) }

        /// Ann starts; returns what each of them saw.
        func start() -> (ann: [[String: Any]], bob: [[String: Any]], cy: [[String: Any]]) {
            type("start", on: ann)
            return (ann.events(), bob.events(), cy.events())
        }
    }

    /// The refusal reads the players needed and why from the mode's rules (`ModeRules`).
    @Test func aSetterGameAloneIsRefusedWithTheRulesReason() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.seat(ann, in: "home")
        table.type("set mode setter", on: ann)
        _ = ann.events()
        table.type("start", on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "invalid_input")
        #expect(
            error?["message"] as? String
                == "a setter game needs at least 2 seated players (one sets the word, the others guess); "
                + "wait for someone to join, or set mode classic")
    }

    @Test func theFirstSeatIsAskedPrivatelyAndNobodyMayGuessMeanwhile() {
        let t = Table()
        let seen = t.start()
        let prompt = seen.ann.first { $0.type == "word_prompt" }
        #expect(prompt?["seconds"] as? Int == 30 && prompt?["min_length"] as? Int == 2 && prompt?["round"] as? Int == 1)
        #expect(!seen.bob.contains { $0.type == "word_prompt" } && !seen.cy.contains { $0.type == "word_prompt" })
        let state = seen.bob.last { $0.type == "state" }
        #expect(state?["setter"] as? String == "Ann" && state?["awaiting_word"] as? Bool == true)
        #expect(state?["turn"] is NSNull && state?["pattern"] as? String == "")
        t.type("a", on: t.bob)
        let refused = t.bob.events().first { $0.type == "error" }
        #expect(refused?["code"] as? String == "not_your_turn")
        #expect((refused?["message"] as? String)?.contains("Ann is choosing the word") == true)
    }

    @Test func aSetterWhoDoesNotAnswerInTimeIsSkippedToTheNextSeat() {
        let t = Table()
        _ = t.start()
        t.table.advance(by: 29)
        #expect(!t.bob.events().contains { $0.type == "word_prompt" }, "nothing before setter-seconds")
        t.table.advance(by: 1)
        let bobSaw = t.bob.events()
        #expect(bobSaw.contains { $0.type == "word_prompt" }, "bob, the next seat, is asked")
        #expect(bobSaw.last { $0.type == "state" }?["setter"] as? String == "bob")
        let annSaw = t.ann.events()
        #expect(annSaw.contains { ($0["message"] as? String)?.contains("Ann did not set a word in time") == true })
        t.type("word abc", on: t.ann)
        #expect(t.ann.events().first { $0.type == "error" }?["code"] as? String == "not_your_turn", "Ann's turn to set is gone")
    }

    /// Found in the tmux session: bob, asked for the word, saw nothing until he was skipped.
    @Test func aSetterIsWarnedBeforeTheirTimeRunsOut() {
        let t = Table()
        _ = t.start()
        t.table.advance(by: 19)
        #expect(!t.ann.events().contains { $0.type == "turn_warning" }, "no warning before setter-seconds - 10")
        t.table.advance(by: 1)
        let warning = t.ann.events().first { $0.type == "turn_warning" }
        #expect(warning?["player"] as? String == "Ann" && warning?["seconds_left"] as? Int == 10)
        t.type("word abc", on: t.ann)
        #expect(!t.ann.events().contains { $0.type == "error" }, "the word is set")
        t.table.advance(by: 30)
        #expect(!t.ann.events().contains { $0.type == "turn_warning" && $0["player"] as? String == "Ann" }, "none once set")
    }

    @Test func whenEveryoneIsSkippedTheServerDrawsTheWordAndEveryoneGuesses() {
        let t = Table()
        _ = t.start()
        t.table.advance(by: 30)  // Ann skipped
        t.table.advance(by: 30)  // bob skipped
        t.table.advance(by: 30)  // cy skipped: the server's word
        let state = t.bob.events().last { $0.type == "state" }
        #expect(state?["pattern"] as? String == "__" && state?["turn"] as? String == "Ann")
        #expect(state?["setter"] == nil, "nobody set this word")
    }

    @Test func aBlockedWordIsRefusedPrivatelyAndNeverEchoed() {
        let t = Table(blocklist: Blocklist(text: "# rude words\nFudge\n"))
        _ = t.start()
        t.type("word fudge with a hint", on: t.ann)
        let annText = t.ann.takeText()
        #expect(annText.contains("not allowed on this server"))
        #expect(!annText.lowercased().contains("fudge"), "the refusal does not repeat the word")
        for other in [t.bob, t.cy] { #expect(!other.takeText().lowercased().contains("fudge")) }
        t.type("state", on: t.bob)
        #expect(t.bob.events().last { $0.type == "state" }?["awaiting_word"] as? Bool == true, "still waiting for a word")
        t.type("word x1z", on: t.ann)
        #expect(t.ann.events().first { $0.type == "error" }?["message"] as? String == SetterWord.Refusal.alphabet("a-z").message)
    }

    @Test func aSetWordStartsTheRoundAndTheSetterCannotGuessIt() {
        let t = Table()
        _ = t.start()
        t.type("word Zebra black and white", on: t.ann)
        let annSaw = t.ann.events()
        #expect(
            annSaw.contains { ($0["message"] as? String)?.hasPrefix("Your word is set: ZEBRA (hint: black and white)") == true })
        let bobText = t.bob.takeText()
        #expect(!bobText.lowercased().contains("zebra") && !bobText.contains("black and white"))
        #expect(bobText.contains("Ann has set a word of 5 letters, with a hint"))
        t.type("state", on: t.bob)
        let state = t.bob.events().last { $0.type == "state" }
        #expect(state?["pattern"] as? String == "_____" && state?["turn"] as? String == "bob")
        #expect(state?["setter"] as? String == "Ann" && state?["awaiting_word"] as? Bool == false)
        t.type("guess zebra", on: t.ann)
        let refused = t.ann.events().first { $0.type == "error" }
        #expect(refused?["code"] as? String == "not_your_turn")
        #expect((refused?["message"] as? String)?.contains("you set this word") == true)
        // The turn skips the setter: bob misses, cy misses, then bob again.
        t.type("q", on: t.bob)
        t.type("x", on: t.cy)
        #expect(t.cy.events().last { $0.type == "state" }?["turn"] as? String == "bob")
    }

    @Test func theSetterScoresWhenTheManHangsAndTheNextSeatSetsTheNextWord() {
        let t = Table(misses: 2)
        _ = t.start()
        t.type("word xyz", on: t.ann)
        t.type("x", on: t.bob)  // a hit: 10 points to bob
        t.type("q", on: t.bob)  // a miss
        _ = t.ann.events()
        t.type("w", on: t.cy)  // the second miss hangs the man
        let seen = t.ann.events()
        #expect(seen.contains { $0.type == "round_over" && $0["result"] as? String == "lost" && $0["word"] as? String == "xyz" })
        // 50 + 10 for each of the 2 letters still hidden.
        #expect(seen.contains { ($0["message"] as? String)?.contains("Ann, who set the word, scores 70 points") == true })
        let state = seen.last { $0.type == "state" }
        #expect(state?.player("Ann")?["score"] as? Int == 70 && state?.player("bob")?["score"] as? Int == 10)
        #expect(state?["setter"] as? String == "bob" && state?["round"] as? Int == 2, "round 2: the next seat sets")
        #expect(t.bob.events().contains { $0.type == "word_prompt" && $0["round"] as? Int == 2 })
    }

    /// Seen at 80×24: the board closing a round that is not the last said `Word: (being chosen)`
    /// (the next round already awaited its setter's word) instead of the word just played.
    @Test func theBoardThatClosesASetterRoundShowsItsWordAndItsSetter() {
        let t = Table(misses: 2)
        _ = t.start()
        t.type("word xyz", on: t.ann)
        t.type("q", on: t.bob)
        _ = t.bob.events()
        t.type("w", on: t.cy)  // the second miss hangs the man; round 2 awaits bob's word
        let ended = t.bob.events().first { $0.type == "state" && $0["status"] as? String == "lost" }
        #expect(ended?["pattern"] as? String == "xyz" && ended?["round"] as? Int == 1)
        #expect(ended?["awaiting_word"] as? Bool == false && ended?["setter"] as? String == "Ann")
    }

    @Test func aSetterGameIsSavedUnranked() throws {
        let t = Table(rounds: 1)
        _ = t.start()
        t.type("word ab", on: t.ann)
        t.type("solve ab", on: t.bob)
        let over = t.bob.events().first { $0.type == "game_over" }
        let id = try #require(over?["game"] as? Int)
        let found = Mutex<GameRecord?>(nil)
        t.table.store.game(id: Int64(id)) { result in
            if case .success(let detail) = result { found.withLock { $0 = detail.record } }
        }
        let record = try #require(found.withLock { $0 })
        #expect(record.ranked == false && record.mode == "setter")
        #expect(record.rounds.first?.word == "ab" && record.rounds.first?.solver == "bob")
    }

    /// `setter-hint-chars` at its edge: a hint of exactly that many characters is taken, one more is not.
    @Test func aHintIsAtMostSetterHintChars() {
        let table = TestTable(words: ["ab"]) { $0.wordHintChars = 5 }
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set mode setter", on: ann)
        table.type("start", on: ann)
        _ = ann.events()
        table.type("word abc sixsix", on: ann)
        #expect(
            ann.events().first { $0.type == "error" }?["message"] as? String
                == "a hint is at most 5 characters; your word was not set yet")
        table.type("word abc fivev", on: ann)
        #expect(ann.events().contains { ($0["message"] as? String)?.hasPrefix("Your word is set: ABC (hint: fivev)") == true })
    }

    @Test func aSetterGameNeedsTwoSeatedPlayers() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        table.type("set mode setter", on: ann)
        _ = ann.events()
        table.type("start", on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "invalid_input")
        #expect((error?["message"] as? String)?.contains("at least 2 seated players") == true)
    }

    @Test func theSetterPromptFitsTextMode() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set mode setter", on: ann)
        _ = ann.takeText()
        table.type("start", on: ann)
        let text = ann.takeText()
        #expect(text.contains("You set the word for round 1"))
        #expect(text.contains("type the word, then a hint if you like"))
        #expect(text.split(separator: "\r\n").allSatisfy { $0.count <= 80 })
    }
}
