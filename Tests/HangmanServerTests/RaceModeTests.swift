import Foundation
import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// Race mode at a whole table in memory: every seated player races on their own board of the same
/// word; the others see counts, never letters.
@Suite(.ownThread) struct RaceModeTests {
    /// Ann hosts `home`; bob and cy sit, dee watches; race mode. The words differ in length, so a
    /// board's length says which word a round plays.
    struct Table {
        let table: TestTable
        let ann: MemoryConnection
        let bob: MemoryConnection
        let cy: MemoryConnection
        let dee: MemoryConnection

        init(rounds: Int = 2, misses: Int = 7) {
            table = TestTable(words: ["abcd", "efghij"])
            ann = table.player("Ann")
            bob = table.player("bob")
            cy = table.player("cy")
            dee = table.player("dee")
            table.seat(ann, bob, cy, in: "home")
            table.type("watch home", on: dee)
            table.type("set mode race", on: ann)
            table.type("set rounds \(rounds)", on: ann)
            table.type("set misses \(misses)", on: ann)
            table.type("start", on: ann)
        }

        func type(_ line: String, on connection: MemoryConnection) { table.type(line, on: connection) }

        /// The word of the round under way, told by its length.
        func word(of state: [String: Any]?) -> String { state?["length"] as? Int == 4 ? "abcd" : "efghij" }
    }

    @Test func everyRacerHasTheirOwnBoardAndMayGuessAtOnce() {
        let t = Table()
        let annStart = t.ann.events().last { $0.type == "state" }
        let bobStart = t.bob.events().last { $0.type == "state" }
        // "You may guess now" reads as a turn: each racer's own state names them.
        #expect(annStart?["turn"] as? String == "Ann" && bobStart?["turn"] as? String == "bob")
        let word = t.word(of: annStart)
        let letter = String(word.prefix(1))
        t.type(letter, on: t.ann)
        let annBoard = t.ann.events().last { $0.type == "state" }
        #expect(annBoard?["pattern"] as? String == letter + String(repeating: "_", count: word.count - 1))
        #expect(annBoard?["guessed"] as? [String] == [letter])
        t.type("state", on: t.bob)
        let bobBoard = t.bob.events().last { $0.type == "state" }
        #expect(bobBoard?["pattern"] as? String == String(repeating: "_", count: word.count), "bob's board is his own")
        t.type(letter, on: t.bob)
        #expect(!t.bob.events().contains { $0.type == "error" }, "the same letter is new on bob's board")
    }

    /// Found in the tmux session: the board closing a race round was the solver's for everyone
    /// (alice had missed once, yet her closing board said 0 misses and showed the solver's letters).
    @Test func eachRacerSeesTheirOwnBoardCloseTheRound() {
        let t = Table(rounds: 1)
        let word = t.word(of: t.ann.events().last { $0.type == "state" })
        t.type("z", on: t.ann)
        _ = [t.ann, t.bob, t.dee].map { $0.takeText() }
        t.type("solve \(word)", on: t.bob)
        let annClosing = t.ann.events().last { $0.type == "state" && $0["status"] as? String == "won" }
        #expect(annClosing?["misses"] as? Int == 1, "ann's own miss, not bob's 0")
        #expect(annClosing?["guessed"] as? [String] == ["z"])
        let bobClosing = t.bob.events().last { $0.type == "state" && $0["status"] as? String == "won" }
        #expect(bobClosing?["misses"] as? Int == 0 && bobClosing?["guessed"] as? [String] == [])
        let deeClosing = t.dee.events().last { $0.type == "state" && $0["status"] as? String == "won" }
        #expect(deeClosing?["pattern"] as? String == word, "a spectator sees the room's closing board")
    }

    @Test func othersSeeProgressAsCountsNeverLetters() {
        let t = Table()
        let word = t.word(of: t.ann.events().last { $0.type == "state" })
        _ = [t.bob, t.cy, t.dee].map { $0.takeText() }
        t.type(String(word.prefix(1)), on: t.ann)
        t.type("z", on: t.ann)
        for other in [t.bob, t.dee] {
            let text = other.takeText()
            #expect(!text.contains("\"letter\""), "no letter is broadcast")
            #expect(!text.contains("\"pattern\":\"\(word.prefix(1))"), "no board but one's own shows a letter")
            let progress = text.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }.last { $0.type == "race_progress" }
            #expect(progress?["player"] as? String == "Ann" && progress?["found"] as? Int == 1)
            #expect(progress?["misses"] as? Int == 1 && progress?["status"] as? String == "racing")
        }
        t.type("state", on: t.dee)
        let watched = t.dee.events().last { $0.type == "state" }
        let racers = watched?["race"] as? [[String: Any]]
        #expect(racers?.count == 3 && racers?.first?["found"] as? Int == 1)
        #expect(watched?["pattern"] as? String == String(repeating: "_", count: word.count) && watched?["turn"] is NSNull)
    }

    @Test func theFirstToSolveWinsTheRound() {
        let t = Table()
        let word = t.word(of: t.bob.events().last { $0.type == "state" })
        t.type("solve \(word)", on: t.bob)
        let seen = t.ann.events()
        let over = seen.first { $0.type == "round_over" }
        #expect(over?["solver"] as? String == "bob" && over?["result"] as? String == "won" && over?["word"] as? String == word)
        let next = seen.last { $0.type == "state" }
        #expect(next?["round"] as? Int == 2 && next?["turn"] as? String == "Ann")
        #expect(next?.player("bob")?["score"] as? Int == word.count * 10 + 50 + 70)
    }

    @Test func aHangedRacerIsOutAndTheRoundEndsWhenEveryoneIs() {
        let t = Table(misses: 1)
        t.type("z", on: t.ann)
        let progress = t.bob.events().last { $0.type == "race_progress" }
        #expect(progress?["player"] as? String == "Ann" && progress?["status"] as? String == "out")
        t.type("y", on: t.ann)
        let refused = t.ann.events().first { $0.type == "error" }
        #expect(
            refused?["code"] as? String == "not_your_turn"
                && (refused?["message"] as? String)?.contains("out of this round") == true)
        t.type("z", on: t.bob)
        #expect(!t.cy.events().contains { $0.type == "round_over" }, "cy still races")
        t.type("z", on: t.cy)
        let over = t.ann.events().first { $0.type == "round_over" }
        #expect(over?["result"] as? String == "lost" && over?["solver"] is NSNull)
    }

    /// A tie: Ann's and bob's solves reach the room in one batch (each connection has its own
    /// queue, so either may come first). The first taken wins; the other's, typed for the round
    /// just won, is refused as too late and costs nothing on the next board.
    @Test func twoSolvesInOneBatchTheFirstWinsTheSecondIsTooLate() throws {
        let t = Table()
        let word = t.word(of: t.bob.events().last { $0.type == "state" })
        t.ann.type("solve \(word)")
        t.bob.type("solve \(word)")
        t.table.settle()
        let annSaw = t.ann.events()
        let bobSaw = t.bob.events()
        let winner = try #require(annSaw.first { $0.type == "round_over" }?["solver"] as? String)
        #expect(bobSaw.filter { $0.type == "round_over" }.count == 1, "one round ended, once")
        let (late, loser) = winner == "Ann" ? (bobSaw, t.bob) : (annSaw, t.ann)
        let refusal = late.first { $0.type == "error" }
        #expect((refusal?["message"] as? String)?.hasPrefix("too late: \(winner) solved round 1 first") == true)
        t.type("state", on: loser)
        let board = loser.events().last { $0.type == "state" }
        #expect(board?["round"] as? Int == 2 && board?["misses"] as? Int == 0 && board?["guessed"] as? [String] == [])
    }

    /// Equal totals at the game's end are a tie: ranked in seat order, as in every mode.
    @Test func equalTotalsAtTheEndAreATieRankedInSeatOrder() {
        let table = TestTable(words: ["abcd", "efgh"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        let cy = table.player("cy")
        for (line, who) in [("create home", ann), ("join home", bob), ("join home", cy), ("set mode race", ann)] {
            table.type(line, on: who)
        }
        table.type("set rounds 2", on: ann)
        table.type("start", on: ann)
        /// cy probes the word with `a` on her own board (she scores 10 when it hits; nobody else does).
        func probe() -> String {
            _ = cy.events()
            table.type("a", on: cy)
            return cy.events().last { $0.type == "state" }?["pattern"] as? String == "a___" ? "abcd" : "efgh"
        }
        table.type("solve \(probe())", on: bob)  // round 1: 4 × 10 + 50 + 70 = 160
        table.type("solve \(probe())", on: ann)  // round 2: the same 160
        let over = cy.events().first { $0.type == "game_over" }
        let scores = (over?["scores"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        let points = (over?["scores"] as? [[String: Any]])?.compactMap { $0["score"] as? Int }
        #expect(Array(scores?.prefix(2) ?? []) == ["Ann", "bob"], "a tie keeps seat order")
        #expect(Array(points?.prefix(2) ?? []) == [160, 160])
    }

    @Test func aRaceProgressLineFitsTextMode() {
        let table = TestTable(words: ["abcd"])
        let ann = table.player("Ann")
        let bob = table.player("bob", json: false)
        table.seat(ann, bob, in: "home")
        table.type("set mode race", on: ann)
        table.type("start", on: ann)
        let start = bob.takeText()
        #expect(start.contains("guess any time"), "\(start)")
        table.type("a", on: ann)
        let text = bob.takeText()
        #expect(text.contains("Race: Ann 1/4 letters 0/7 misses"))
        #expect(!text.contains("A___") && !text.contains("A _ _ _"))
        // The progress line and bob's own board update arrive in one send: one prompt, not two. A
        // race has no turns, so it is the plain prompt (it said `your turn> ` on every board).
        #expect(text.components(separatedBy: "> ").count == 2, "\(text)")
        #expect(!text.contains("your turn") && !text.contains("Turn:"), "\(text)")
    }
}
