import Foundation
import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// A racer who runs out of time round after round is marked away, as a turn player is after
/// `away-after-timeouts` turns missed in a row: the others are told, the next rounds do not wait the
/// turn's length for them (they sit out, no miss spent), and a line typed brings them back on a
/// fresh board of the round under way. Session 11 left the racer timing out every round, unmarked.
/// With it, the race's other loose ends found playing it in session 12: each racer's own clock and
/// board (after a classic round, on joining), and what a spectator is drawn.
@Suite(.ownThread) struct RaceAwayTests {
    /// Ann and bob race `abcd` over `rounds` rounds with a 10 s turn; ann plays, bob never types.
    func race(rounds: Int) -> (TestTable, MemoryConnection, MemoryConnection) {
        let table = TestTable(words: ["abcd"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set mode race", on: ann)
        table.type("set rounds \(rounds)", on: ann)
        table.type("set turn 10", on: ann)
        table.type("start", on: ann)
        return (table, ann, bob)
    }

    /// Ann guesses `a` at 5 s, bob's 10 s run out, then ann solves: one round, bob timed out once.
    func roundBobMisses(_ table: TestTable, _ ann: MemoryConnection) {
        table.advance(by: 5)
        table.type("guess a", on: ann)
        table.advance(by: 5)
        for letter in ["b", "c", "d"] { table.type("guess \(letter)", on: ann) }
    }

    static func timeouts(_ seen: [[String: Any]], of player: String) -> Int {
        seen.filter { $0.type == "turn_timeout" && $0["player"] as? String == player }.count
    }

    @Test func aRacerOutOfTimeTwiceInARowIsMarkedAwayAndSitsOutTheNextRound() {
        let (table, ann, bob) = race(rounds: 4)
        roundBobMisses(table, ann)
        var seen = ann.events()
        #expect(Self.timeouts(seen, of: "bob") == 1)
        #expect(!seen.contains { $0.type == "away" }, "one round missed is not away: \(seen)")
        roundBobMisses(table, ann)
        seen = ann.events()
        #expect(Self.timeouts(seen, of: "bob") == 1)
        let away = seen.first { $0.type == "away" }
        #expect(away?["player"] as? String == "bob" && away?["away"] as? Bool == true, "\(seen)")
        #expect(away?["missed_turns"] as? Int == 2)
        // Round 3: bob sits out from its start; the round does not wait his 10 s.
        let progress = seen.last { $0.type == "state" }?["race"] as? [[String: Any]]
        let bobsBoard = progress?.first { $0["player"] as? String == "bob" }
        #expect(bobsBoard?["status"] as? String == "out", "\(String(describing: progress))")
        table.advance(by: 9)
        table.type("guess a", on: ann)
        table.advance(by: 5)
        seen = ann.events()
        #expect(Self.timeouts(seen, of: "bob") == 0, "bob sat round 3 out: \(seen)")
        // Bob types: back, on a fresh board of round 3, his clock running.
        table.type("guess a", on: bob)
        let back = bob.events()
        #expect(back.contains { $0.type == "away" && $0["away"] as? Bool == false }, "\(back)")
        #expect(back.contains { $0.type == "guess" && $0["player"] as? String == "bob" && $0["hit"] as? Bool == true }, "\(back)")
        table.advance(by: 10)
        #expect(Self.timeouts(ann.events(), of: "bob") == 1, "his own clock again")
    }

    /// A racer's guess resets the count, as a turn player's does.
    @Test func aGuessBetweenTwoTimeoutsKeepsTheRacerIn() {
        let (table, ann, bob) = race(rounds: 3)
        roundBobMisses(table, ann)
        table.advance(by: 5)
        table.type("guess a", on: bob)
        for letter in ["a", "b", "c", "d"] { table.type("guess \(letter)", on: ann) }  // round 2: bob guessed
        roundBobMisses(table, ann)
        let seen = ann.events()
        #expect(Self.timeouts(seen, of: "bob") == 2, "rounds 1 and 3")
        #expect(!seen.contains { $0.type == "away" }, "bob guessed in round 2: \(seen)")
        #expect(seen.contains { $0.type == "game_over" })
    }

    /// "In a row" is within a game: a timeout at the end of the last game and one in the new game
    /// marked a player away as having "missed 2 turns in a row" (seen playing: fay, one race
    /// timeout after a classic game's).
    @Test(arguments: ["classic", "race"]) func aNewGameCountsTimeoutsAfresh(mode: String) {
        let table = TestTable(words: ["abcd"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set rounds 1", on: ann)
        table.type("set turn 10", on: ann)
        table.type("start", on: ann)
        table.advance(by: 10)  // ann's turn runs out (classic: the turn passes to bob)
        for letter in ["a", "b", "c", "d"] { table.type("guess \(letter)", on: bob) }
        #expect(ann.events().contains { $0.type == "game_over" })
        table.type("set mode \(mode)", on: ann)
        table.type("start", on: ann)
        table.type("guess a", on: bob)
        table.advance(by: 10)
        let seen = ann.events()
        #expect(Self.timeouts(seen, of: "Ann") == 1, "\(seen)")
        #expect(!seen.contains { $0.type == "away" }, "one turn missed in this game: \(seen)")
    }

    /// Away when a new race game starts: out of its first round too, as of every later one (the
    /// first round's boards were made before the room marked its away players).
    @Test func aPlayerAwayWhenARaceGameStartsSitsOutItsFirstRound() {
        let (table, ann, bob) = race(rounds: 2)
        roundBobMisses(table, ann)
        roundBobMisses(table, ann)
        #expect(ann.events().contains { $0.type == "away" && $0["player"] as? String == "bob" })
        table.type("start", on: ann)
        let state = ann.events().last { $0.type == "state" }
        let bobsBoard = (state?["race"] as? [[String: Any]])?.first { $0["player"] as? String == "bob" }
        #expect(bobsBoard?["status"] as? String == "out", "\(String(describing: state))")
        table.advance(by: 5)
        table.type("guess a", on: ann)
        table.advance(by: 5)
        #expect(Self.timeouts(ann.events(), of: "bob") == 0)
        _ = bob
    }

    /// A racer's text board says how long they have, as a turn player's does (it said only "guess
    /// any time", and a racer learned of the turn's length by being put out of the round).
    @Test func aRacersBoardShowsTheirOwnTimeLeft() {
        let table = TestTable(words: ["abcd"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set mode race", on: ann)
        table.type("set turn 30", on: ann)
        table.type("start", on: ann)
        let racing = ann.text.split(separator: "\r\n").filter { $0.contains("Racing:") }
        #expect(racing.last?.hasSuffix("Racing:  guess any time, 30 s left - letter or solve <word>") == true, "\(racing)")
    }

    /// A race round after a classic round: each racer gets their own board, naming them in `turn`
    /// (what bots wait for). The room's shared board went out instead, `turn` null, and a text
    /// racer saw no "Racing:" line (seen playing classic, classic, race).
    @Test func aRaceRoundAfterAClassicRoundGivesEachRacerTheirBoard() {
        let table = TestTable(words: ["abcd"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set rounds 2", on: ann)
        table.type("start", on: ann)
        table.type("set mode race", on: ann)  // from round 2
        _ = bob.events()
        table.type("guess abcd", on: ann)
        let state = bob.events().last { $0.type == "state" }
        #expect(state?["mode"] as? String == "race" && state?["round"] as? Int == 2, "\(String(describing: state))")
        #expect(state?["turn"] as? String == "bob", "bob's own board: \(String(describing: state))")
    }

    /// A spectator of a race gets each racer's guess as its one progress line, as the racers do;
    /// the whole board was drawn again for them after every guess (seen watching a race at 80×24:
    /// the screen scrolled a board a guess).
    @Test func aRaceSpectatorIsNotDrawnTheBoardAfterEachGuess() {
        let table = TestTable(words: ["abcdef"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        let dee = table.player("dee", json: false)
        table.seat(ann, bob, in: "home")
        table.type("watch home", on: dee)
        table.type("set mode race", on: ann)
        table.type("start", on: ann)
        _ = dee.takeText()
        table.type("guess a", on: ann)
        table.type("guess z", on: bob)
        let seen = dee.takeText()
        #expect(seen.contains("Race: Ann 1/6 letters") && seen.contains("Race: bob 0/6 letters"), "\(seen)")
        #expect(!seen.contains("Word:"), "no board drawn again:\n\(seen)")
    }

    /// Everyone away: the race waits for someone to type, as a turn game with nobody connected
    /// does; its racers were timed out again round after round and marked away again each time
    /// ("missed 3 turns in a row"), seen playing.
    @Test func aRaceOfAwayRacersWaitsAndNobodyIsMarkedAwayTwice() {
        let table = TestTable(words: ["abcd"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set mode race", on: ann)
        table.type("set rounds 4", on: ann)
        table.type("set turn 10", on: ann)
        table.type("start", on: ann)
        table.advance(by: 10)
        table.advance(by: 10)  // both out of time twice: both away
        var seen = bob.events()
        #expect(seen.filter { $0.type == "away" && $0["away"] as? Bool == true }.count == 2, "\(seen)")
        table.advance(by: 60)
        seen = bob.events()
        #expect(!seen.contains { $0.type == "away" || $0.type == "turn_timeout" || $0.type == "round_over" }, "\(seen)")
        table.type("guess a", on: ann)  // back: the race goes on, her clock running
        table.advance(by: 10)
        seen = bob.events()
        #expect(Self.timeouts(seen, of: "Ann") == 1, "\(seen)")
        #expect(seen.filter { $0.type == "away" && $0["away"] as? Bool == true }.isEmpty, "bob is not marked again: \(seen)")
    }

    /// A player who joins a race under way races with the turn's length from their joining: their
    /// board said the earliest racer's time, and their clock only started at the next ring.
    @Test func aJoinerRacesWithTheTurnsLengthFromJoining() {
        let (table, ann, _) = race(rounds: 1)
        let cy = table.player("cy")
        table.advance(by: 4)
        table.type("join home", on: cy)
        let board = cy.events().last { $0.type == "state" }
        #expect(board?["turn_seconds_left"] as? Int == 10, "\(String(describing: board))")
        table.advance(by: 6)
        table.type("guess a", on: ann)
        var seen = ann.events()
        #expect(Self.timeouts(seen, of: "bob") == 1 && Self.timeouts(seen, of: "cy") == 0, "\(seen)")
        table.advance(by: 4)
        seen = ann.events()
        #expect(Self.timeouts(seen, of: "cy") == 1, "cy's 10 s from joining: \(seen)")
    }

    /// A new race round's board gives each racer the whole turn's length: it showed what was left of
    /// the last round's earliest clock ("3 s left" at a round's start, seen playing).
    @Test func aNewRaceRoundsBoardShowsTheWholeTurn() {
        let (table, ann, bob) = race(rounds: 2)
        table.advance(by: 7)
        _ = bob.events()
        for letter in ["a", "b", "c", "d"] { table.type("guess \(letter)", on: ann) }
        let board = bob.events().last { $0.type == "state" }
        #expect(board?["round"] as? Int == 2 && board?["turn_seconds_left"] as? Int == 10, "\(String(describing: board))")
    }
}
