import Foundation
import HangmanCore
import HangmanTesting
import Testing

/// A turn's timers are armed again at every turn, not scheduled anew: a cancelled `asyncAfter` is
/// held by Dispatch until its deadline, so a timer per turn kept two for every guess of the last
/// turn's length (a minute by default: at 4,000 guesses a second, 480,000 timers and ~200 MB).
@Suite(.ownThread) struct TurnTimerCountTests {
    @Test func manyTurnsHoldTwoTimersNotTwoAGuess() {
        let words = (0..<40).map { "word" + String(repeating: "z", count: $0 % 5) }
        let table = TestTable(words: words) { config in
            config.game.rounds = 20
            config.turnWarningSeconds = 5
        }
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set turn 60", on: ann)
        table.type("start", on: ann)
        let before = table.clock.heldTimers
        var guesses = 0
        var turn = ann
        for letter in "abcdefghijklmnopqrstuvwxyz" {
            table.type("guess \(letter)", on: turn)
            guesses += 1
            _ = ann.events()
            let state = bob.events().last { $0.type == "state" }
            turn = state?["turn"] as? String == "bob" ? bob : ann
        }
        #expect(guesses >= 20, "the table played: \(guesses) guesses")
        #expect(
            table.clock.heldTimers <= before + 2,
            "\(guesses) guesses left \(table.clock.heldTimers - before) more timers on the clock")
        // The turn still runs out as it should: the alarm rings for the last turn armed.
        table.advance(by: 60)
        #expect(bob.events().contains { $0.type == "turn_timeout" })
    }
}
