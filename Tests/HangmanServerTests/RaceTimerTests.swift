import Foundation
import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// A race never waits for a racer who walked away, and a round after a race has its turn timer
/// (found playing a table of real clients, session 11: the round stayed open until `idle-seconds`
/// closed the racer's connection, an hour, and the grace period after it).
@Suite(.ownThread) struct RaceTimerTests {
    /// Ann and bob race one round of the word `abcd`, one miss allowed, 10 s a racer.
    private func raceOfOneMissAndTenSeconds() -> (TestTable, MemoryConnection, MemoryConnection) {
        let table = TestTable(words: ["abcd"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set mode race", on: ann)
        table.type("set rounds 1", on: ann)
        table.type("set misses 1", on: ann)
        table.type("set turn 10", on: ann)
        table.type("start", on: ann)
        return (table, ann, bob)
    }

    /// Ann and bob race with one miss allowed and a 10 s turn: ann hangs, bob never types. The
    /// round waited for bob for as long as his connection lasted.
    @Test func aRacerWhoStopsTypingIsOutAfterTheTurnsLength() {
        let (table, ann, _) = raceOfOneMissAndTenSeconds()
        table.advance(by: 4)
        table.type("guess z", on: ann)  // hanged: out of the round
        _ = ann.events()
        table.advance(by: 5)
        #expect(!ann.events().contains { $0.type == "round_over" }, "bob still has time")
        table.advance(by: 1)
        let seen = ann.events()
        #expect(seen.contains { $0.type == "turn_timeout" && $0["player"] as? String == "bob" }, "\(seen)")
        #expect(seen.contains { $0.type == "round_over" && $0["result"] as? String == "lost" }, "\(seen)")
        #expect(seen.contains { $0.type == "game_over" })
    }

    /// The round's closing board (sent to each racer on their own) came before the broadcast that
    /// ended the round: "bob ran out of time" arrived after the board that said the round was lost
    /// (table12, playing). Each client gets the events in the order the rules made them.
    @Test func theLineThatEndsARaceComesBeforeItsClosingBoard() {
        let (table, ann, bob) = raceOfOneMissAndTenSeconds()
        table.type("guess z", on: ann)  // hanged: out of the round
        _ = ann.events()
        _ = bob.events()
        table.advance(by: 10)
        for client in [ann, bob] {
            let types = client.events().map { event -> String in
                event.type == "state" ? "state:\(event["status"] as? String ?? "?")" : (event.type ?? "?")
            }
            let timeout = types.firstIndex(of: "turn_timeout")
            let board = types.firstIndex(of: "state:lost")
            let over = types.firstIndex(of: "round_over")
            #expect(timeout != nil && board != nil && over != nil, "\(types)")
            if let timeout, let board, let over { #expect(timeout < board && board < over, "\(types)") }
        }
    }

    /// A racer's guess gives them the turn's length again; the others' clocks run on.
    @Test func aGuessRestartsTheRacersOwnClockOnly() {
        let table = TestTable(words: ["abcdef"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set mode race", on: ann)
        table.type("set rounds 1", on: ann)
        table.type("set turn 10", on: ann)
        table.type("start", on: ann)
        table.advance(by: 8)
        table.type("guess a", on: ann)
        _ = bob.events()
        table.advance(by: 2)
        let first = bob.events().filter { $0.type == "turn_timeout" }.compactMap { $0["player"] as? String }
        #expect(first == ["bob"], "bob's 10 s are up, not ann's: \(first)")
        table.advance(by: 7)
        #expect(!bob.events().contains { $0.type == "turn_timeout" }, "ann guessed 9 s ago")
        table.advance(by: 1)
        let last = bob.events()
        #expect(last.contains { $0.type == "turn_timeout" && $0["player"] as? String == "Ann" })
        #expect(last.contains { $0.type == "round_over" }, "nobody is racing any more")
    }

    /// A classic round after a race round had no turn timer until someone guessed: a first player
    /// who walked away held the table.
    @Test func aClassicRoundAfterARaceRoundHasItsTurnTimer() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set mode race", on: ann)
        table.type("set rounds 2", on: ann)
        table.type("set turn 10", on: ann)
        table.type("start", on: ann)
        table.type("set mode classic", on: ann)  // from the next round
        table.type("guess a", on: ann)
        table.type("guess b", on: ann)  // ann solves round 1; round 2 is classic
        let state = bob.events().last { $0.type == "state" }
        #expect(state?["mode"] as? String == "classic" && state?["round"] as? Int == 2, "\(String(describing: state))")
        let turn = state?["turn"] as? String
        #expect(turn != nil)
        table.advance(by: 10)
        #expect(bob.events().contains { $0.type == "turn_timeout" && $0["player"] as? String == turn })
    }
}

extension RaceTimerTests {
    /// The text a person sees when a racer's time runs out: out of time, and not "hanged".
    @Test func aRacerOutOfTimeIsNotSaidToBeHanged() {
        let table = TestTable(words: ["abcd"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set mode race", on: ann)
        table.type("set turn 10", on: ann)
        table.type("start", on: ann)
        table.advance(by: 5)
        table.type("a", on: ann)
        _ = ann.takeText()
        table.advance(by: 5)
        let screen = ann.takeText()
        #expect(screen.contains("bob ran out of time and is out of this round."), "\(screen)")
        #expect(screen.contains("Race: bob is out of this round (0/4 letters found)."), "\(screen)")
        #expect(!screen.contains("hanged"), "\(screen)")
    }
}
