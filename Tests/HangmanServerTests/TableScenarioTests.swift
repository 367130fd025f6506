import Foundation
import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// Whole-table scenarios in memory: three players on in-memory connections, a manual clock and an
/// immediate store. No sockets, no sleeping: each step settles every queue, and time moves only with
/// `advance(by:)`. They read like the transcript they check.
@Suite(.ownThread) struct TableScenarioTests {
    /// ann hosts `home`, bob and cy sit down, the turn timer is 10 s, the game starts: ann's turn.
    /// The only word is "ab", so every round plays it.
    struct Table {
        let table: TestTable
        let ann: MemoryConnection
        let bob: MemoryConnection
        let cy: MemoryConnection

        init(grace: Int = 60, rounds: Int = 3) {
            table = TestTable(words: ["ab"]) { $0.graceSeconds = grace }
            ann = table.player("Ann")
            bob = table.player("bob")
            cy = table.player("cy")
            table.seat(ann, bob, cy, in: "home")
            table.type("set turn 10", on: ann)
            table.type("set rounds \(rounds)", on: ann)
            table.type("start", on: ann)
            for connection in [ann, bob, cy] { _ = connection.takeText() }
        }

        func type(_ line: String, on connection: MemoryConnection) { table.type(line, on: connection) }
    }

    @Test func aTurnTimeoutPassesTheTurnWithoutAMiss() {
        let t = Table()
        t.table.advance(by: 9)
        #expect(t.bob.events().isEmpty, "nothing happens before the turn runs out")
        t.table.advance(by: 1)
        let seen = t.bob.events()
        #expect(seen.contains { $0.type == "turn_timeout" && $0["player"] as? String == "Ann" })
        let state = seen.last { $0.type == "state" }
        #expect(state?["turn"] as? String == "bob")
        #expect(state?["misses"] as? Int == 0)
    }

    @Test func theTurnClockCountsDownWarnsAndTimesOut() {
        let t = Table()
        t.type("set turn 20", on: t.ann)  // from the next round: this one keeps 10 s
        t.type("state", on: t.cy)
        #expect(t.cy.events().last { $0.type == "state" }?["turn_seconds_left"] as? Int == 10)
        t.table.advance(by: 10)  // Ann's turn times out
        t.table.advance(by: 4)
        t.type("state", on: t.cy)
        let state = t.cy.events().last { $0.type == "state" }
        #expect(state?["turn"] as? String == "bob" && state?["turn_seconds_left"] as? Int == 6)
        t.table.advance(by: 6)
        #expect(t.cy.events().contains { $0.type == "turn_timeout" && $0["player"] as? String == "bob" })
    }

    @Test func aWarningComesBeforeTheTurnRunsOut() {
        let table = TestTable(words: ["ab"]) { $0.turnWarningSeconds = 5 }
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set turn 20", on: ann)
        table.type("start", on: ann)
        _ = bob.events()
        table.advance(by: 14)
        #expect(!bob.events().contains { $0.type == "turn_warning" })
        table.advance(by: 1)
        let warning = bob.events().first { $0.type == "turn_warning" }
        #expect(warning?["player"] as? String == "Ann" && warning?["seconds_left"] as? Int == 5)
        table.advance(by: 5)
        #expect(bob.events().contains { $0.type == "turn_timeout" })
    }

    @Test func aDropSkipsTheirTurnAndTheyComeBackInAnotherCase() {
        let t = Table()
        t.ann.hangUp()
        t.table.settle()
        let away = t.bob.events().last { $0.type == "state" }
        #expect(away?["turn"] as? String == "bob", "a disconnected player's turn is skipped at once")
        #expect(away?.player("Ann")?["connected"] as? Bool == false)
        t.table.advance(by: 30)
        #expect(!t.bob.events().contains { $0.type == "left" }, "the seat is kept for the grace period")
        let back = t.table.connect()
        t.table.type("json", on: back)
        t.table.type("name ANN", on: back)
        let login = back.events().first { $0.type == "logged_in" }
        #expect(login?["resumed"] as? Bool == true)
        #expect(login?["name"] as? String == "Ann")
        t.type("z", on: t.bob)
        t.type("y", on: t.cy)
        #expect(back.events().last { $0.type == "state" }?["turn"] as? String == "Ann")
        t.type("a", on: back)
        let guess = back.events().first { $0.type == "guess" || $0.type == "error" }
        #expect(guess?.type == "guess")
        #expect(guess?["player"] as? String == "Ann" && guess?["hit"] as? Bool == true)
    }

    @Test func aPlayerWhoDoesNotComeBackLosesTheSeat() {
        let t = Table(grace: 60)
        t.bob.hangUp()
        t.table.advance(by: 59)
        #expect(!t.ann.events().contains { $0.type == "left" })
        t.table.advance(by: 1)
        let left = t.ann.events().first { $0.type == "left" }
        #expect(left?["player"] as? String == "bob")
        #expect(left?["reason"] as? String == "did not come back in time")
        let again = t.table.connect()
        t.table.type("json", on: again)
        t.table.type("name bob", on: again)
        #expect(again.events().first { $0.type == "logged_in" }?["resumed"] as? Bool == false)
    }

    @Test func theHostLeavingPassesHostingOn() {
        let t = Table()
        t.type("leave", on: t.ann)
        let seen = t.cy.events()
        #expect(seen.contains { $0.type == "left" && $0["player"] as? String == "Ann" })
        #expect(seen.contains { $0.type == "host" && $0["player"] as? String == "bob" })
        #expect(seen.last { $0.type == "state" }?["host"] as? String == "bob")
        t.type("set misses 3", on: t.bob)
        #expect(!t.bob.events().contains { $0.type == "error" }, "bob may change settings now")
        t.type("who", on: t.cy)
        #expect(t.cy.events().last { $0.type == "who" }?["host"] as? String == "bob", "who shows the host")
    }

    @Test func settingsChangedMidGameApplyFromTheNextRound() {
        let t = Table()
        t.type("set misses 2", on: t.ann)
        #expect(
            t.cy.events().contains {
                $0.type == "setting" && $0["value"] as? Int == 2 && $0["applies"] as? String == "next_round"
            })
        t.type("state", on: t.cy)
        #expect(t.cy.events().last { $0.type == "state" }?["max_misses"] as? Int == 7, "the round keeps its rules")
        t.type("a", on: t.ann)
        t.type("b", on: t.ann)
        let seen = t.cy.events()
        let won = seen.first { $0.type == "state" && $0["status"] as? String == "won" }
        #expect(won?["max_misses"] as? Int == 7 && won?["round"] as? Int == 1)
        let next = seen.last { $0.type == "state" && $0["status"] as? String == "playing" }
        #expect(next?["round"] as? Int == 2 && next?["max_misses"] as? Int == 2)
    }

    @Test func spectatorsSeeEverythingAndGuessNothing() {
        let t = Table()
        let dee = t.table.player("dee")
        t.table.type("watch home", on: dee)
        let watching = dee.events()
        #expect(watching.last { $0.type == "state" }?["room"] as? String == "home")
        #expect(watching.contains { $0.type == "joined" && $0["player"] as? String == "dee" })
        // The room hears of spectators in one notice a second, counted, not by name.
        #expect(!t.ann.events().contains { $0.type == "joined" })
        t.table.advance(by: 1)
        #expect(t.ann.events().contains { $0.type == "spectators" && $0["started"] as? Int == 1 && $0["watching"] as? Int == 1 })
        t.type("a", on: dee)
        #expect(dee.events().first { $0.type == "error" }?["code"] as? String == "not_your_turn")
        t.type("a", on: t.ann)
        #expect(dee.events().contains { $0.type == "guess" && $0["player"] as? String == "Ann" })
    }

    @Test func aPlayerKickedOnTheirTurnPassesIt() {
        let t = Table()
        t.type("z", on: t.ann)
        #expect(t.bob.events().last { $0.type == "state" }?["turn"] as? String == "bob")
        t.type("kick bob", on: t.ann)
        #expect(t.bob.events().contains { $0.type == "kicked" && $0["by"] as? String == "Ann" })
        let state = t.cy.events().last { $0.type == "state" }
        #expect(state?["turn"] as? String == "cy")
        #expect(state?.player("bob") == nil)
    }

    @Test func aWholeGameOfThreeRoundsIsRecorded() {
        let t = Table(rounds: 3)
        for round in 1...3 {
            let turn = t.ann.events().last { $0.type == "state" }?["turn"] as? String ?? "Ann"
            let holder = ["Ann": t.ann, "bob": t.bob, "cy": t.cy][turn] ?? t.ann
            t.type("guess ab", on: holder)
            let seen = t.cy.events()
            let ended = seen.filter { $0.type == "round_over" }.compactMap { $0["round"] as? Int }
            #expect(ended == [round], "round \(round) ends on its guess, and only it")
            let over = seen.contains { $0.type == "game_over" }
            #expect(over == (round == 3), "the game ends after round 3 and not before (round \(round))")
            #expect(t.table.store.inner.commitCount == (round == 3 ? 1 : 0))
        }
    }

    @Test func aWalkAwayIsMarkedAwayAfterTwoTimeoutsAndComesBackByTyping() {
        let t = Table()
        t.table.advance(by: 10)  // Ann's first timeout: bob's turn
        let first = t.bob.events()
        #expect(first.contains { $0.type == "turn_timeout" && $0["player"] as? String == "Ann" })
        #expect(!first.contains { $0.type == "away" }, "one timeout does not mark Ann away")
        t.type("z", on: t.bob)
        t.type("y", on: t.cy)
        t.table.advance(by: 10)  // Ann's second in a row: marked away
        let seen = t.bob.events()
        #expect(
            seen.contains {
                $0.type == "away" && $0["player"] as? String == "Ann" && $0["away"] as? Bool == true
                    && $0["missed_turns"] as? Int == 2
            })
        let state = seen.last { $0.type == "state" }
        #expect(state?["turn"] as? String == "bob")
        #expect(state?.player("Ann")?["connected"] as? Bool == false)
        t.type("x", on: t.bob)
        #expect(t.cy.events().last { $0.type == "state" }?["turn"] as? String == "cy")
        t.type("w", on: t.cy)
        #expect(t.bob.events().last { $0.type == "state" }?["turn"] as? String == "bob", "Ann is skipped")
        t.type("say sorry, back", on: t.ann)
        let back = t.bob.events()
        #expect(back.contains { $0.type == "away" && $0["player"] as? String == "Ann" && $0["away"] as? Bool == false })
        #expect(back.last { $0.type == "state" }?.player("Ann")?["connected"] as? Bool == true)
    }

    @Test func aGuessResetsTheTimeoutCount() {
        let t = Table()
        t.table.advance(by: 10)  // Ann times out once
        t.type("z", on: t.bob)
        t.type("y", on: t.cy)
        t.type("x", on: t.ann)  // Ann plays: the count starts again
        t.type("w", on: t.bob)
        t.type("v", on: t.cy)
        _ = t.bob.events()
        t.table.advance(by: 10)  // one timeout after a guess: not away
        let seen = t.bob.events()
        #expect(seen.contains { $0.type == "turn_timeout" && $0["player"] as? String == "Ann" }, "the timeout happened")
        #expect(!seen.contains { $0.type == "away" }, "one timeout since her guess does not mark Ann away")
        let state = seen.last { $0.type == "state" }
        #expect(state?["turn"] as? String == "bob")
        #expect(state?.player("Ann")?["connected"] as? Bool == true, "Ann is still at the table")
    }

    @Test func awayAfterTimeoutsZeroNeverMarksAway() {
        let table = TestTable(words: ["abcdefghijklmnopqrstuvwxyz"]) {
            $0.awayAfterTimeouts = 0
            $0.game.misses = 26
        }
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set turn 10", on: ann)
        table.type("start", on: ann)
        for _ in 0..<6 { table.advance(by: 10) }
        #expect(!bob.events().contains { $0.type == "away" })
    }
}

extension MemoryConnection {
    /// The JSON events written since the last call. Strict: a line that is not a JSON object (text
    /// leaking into JSON mode, a half line) records an issue at the caller instead of being dropped.
    func events(sourceLocation: SourceLocation = #_sourceLocation) -> [[String: Any]] {
        let text = takeText()
        guard !text.isEmpty else { return [] }
        if !text.hasSuffix("\n") {
            Issue.record("JSON output does not end a line: \(text.suffix(80).debugDescription)", sourceLocation: sourceLocation)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
            .compactMap { line in
                guard let event = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                    Issue.record(
                        "not a JSON event in JSON mode: \(String(line).debugDescription)", sourceLocation: sourceLocation)
                    return nil
                }
                try? TestClient.checkSchema(String(line))  // records an issue when the line breaks the schema
                return event
            }
    }
}

extension Dictionary where Key == String, Value == Any {
    var type: String? { self["type"] as? String }

    /// The entry of `name` in a `state` event's players.
    func player(_ name: String) -> [String: Any]? {
        (self["players"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }
}
