import HangmanCore
import Testing

@testable import HangmanServer

/// Who sits at a table (`Seating`), as a pure value: seats, spectators, the host's hand-over, grace
/// periods and away.
struct SeatingTests {
    final class Client {}
    let ann = Client()
    let bob = Client()
    let cy = Client()

    @Test func theFirstSeatedHostsAndLeavingHandsItOn() {
        var seating = Seating()
        seating.watch("dee", client: ObjectIdentifier(cy))
        #expect(seating.host == nil, "a spectator never hosts")
        seating.seat("Ann", client: ObjectIdentifier(ann))
        seating.seat("bob", client: ObjectIdentifier(bob))
        #expect(seating.host == "Ann")
        let gone = seating.removeSeat(at: 0)
        #expect(gone.id == "Ann" && seating.host == nil)
        let next = seating.passHost(skipping: [], orAway: false)
        #expect(next?.id == "bob")
        #expect(seating.host == "bob")
    }

    @Test func hostingSkipsBotsAndAwaySeatsUnlessAsked() throws {
        var seating = Seating()
        seating.seat("Ann", client: ObjectIdentifier(ann))
        seating.seat("bot-1", client: ObjectIdentifier(bob))
        seating.seat("cy", client: ObjectIdentifier(cy))
        _ = seating.drop(seat: 2)
        let connected = seating.passHost(skipping: ["bot-1"], orAway: false)
        #expect(connected == nil, "nobody connected to take it")
        #expect(seating.host == "Ann")
        let away = seating.passHost(skipping: ["bot-1"], orAway: true)
        #expect(away?.id == "cy")
    }

    @Test func aGracePeriodEndsOnlyIfItIsTheOneRunning() throws {
        var seating = Seating()
        seating.seat("Ann", client: ObjectIdentifier(ann))
        let first = seating.drop(seat: 0)
        #expect(seating.seats[0].client == nil)
        #expect(seating.graceRunning("Ann", token: first))
        seating.reattach(seat: 0, to: ObjectIdentifier(ann))
        #expect(!seating.graceRunning("Ann", token: first), "taken back")
        let second = seating.drop(seat: 0)
        #expect(second != first)
        #expect(!seating.graceRunning("Ann", token: first) && seating.graceRunning("Ann", token: second))
        #expect(!seating.graceRunning("bob", token: second))
    }

    @Test func awayOnceUntilBackOrReattached() {
        var seating = Seating()
        seating.seat("Ann", client: ObjectIdentifier(ann))
        let marked = seating.markAway("Ann")
        #expect(marked == ObjectIdentifier(ann))
        let again = seating.markAway("Ann")
        #expect(again == nil, "already away")
        #expect(seating.away == ["Ann"])
        let back = seating.back("Ann")
        #expect(back && seating.away.isEmpty)
        let backAgain = seating.back("Ann")
        #expect(!backAgain)
        _ = seating.markAway("Ann")
        seating.reattach(seat: 0, to: ObjectIdentifier(bob))
        #expect(seating.away.isEmpty && seating.seats[0].client == ObjectIdentifier(bob))
        _ = seating.drop(seat: 0)
        let dropped = seating.markAway("Ann")
        #expect(dropped == nil, "a dropped seat is not marked away")
    }
}

/// The turns' clock (`TurnClock`): tokens, deadlines, a race's clocks and time-outs in a row.
struct TurnClockTests {
    @Test func cancellingMovesTheTokenOnAndSaysWhetherTimersWereArmed() {
        var clock = TurnClock()
        let first = clock.token
        let idle = clock.cancel()
        #expect(!idle, "nothing armed")
        #expect(!clock.isCurrent(first))
        _ = clock.armTurn(of: "Ann", seconds: 5, end: .turnTimeout(token: first, player: "Ann"), warningSeconds: 10, at: 0)
        #expect(clock.deadline == 5_000_000_000)
        let armed = clock.token
        let cancelled = clock.cancel()
        #expect(cancelled)
        #expect(clock.deadline == nil && !clock.isCurrent(armed))
    }

    @Test func secondsLeftRoundUpAndStopAtZero() {
        #expect(TurnClock.secondsLeft(until: nil, at: 0) == nil)
        #expect(TurnClock.secondsLeft(until: 2_000_000_001, at: 0) == 3)
        #expect(TurnClock.secondsLeft(until: 2_000_000_000, at: 0) == 2)
        #expect(TurnClock.secondsLeft(until: 1, at: 5) == 0)
    }

    @Test func timeoutsCountInARowUntilAMoveOrANewGame() {
        var clock = TurnClock()
        let one = clock.timedOut("Ann")
        let two = clock.timedOut("Ann")
        let bob = clock.timedOut("bob")
        #expect(one == 1 && two == 2 && bob == 1)
        clock.moved("Ann")
        #expect(clock.timeouts(of: "Ann") == 0 && clock.timeouts(of: "bob") == 1)
        clock.newGame()
        #expect(clock.timeouts(of: "bob") == 0)
    }

    @Test func aRaceKeepsEachRacersTimeAndArmsTheEarliest() {
        var clocks = PlayerClocks()
        let second: UInt64 = 1_000_000_000
        let first = clocks.arm(["Ann", "bob"], now: 0, length: 10 * second)
        #expect(first == 10 * second)
        clocks.moved("Ann", until: 14 * second)
        // bob keeps his time; cy, new, gets the length from now; Ann's moved on.
        let joined = clocks.arm(["Ann", "bob", "cy"], now: 3 * second, length: 10 * second)
        #expect(joined == 10 * second)
        #expect(clocks.deadline(of: "cy") == 13 * second)
        #expect(clocks.timedOut("bob", at: 10 * second) && !clocks.timedOut("Ann", at: 10 * second))
        clocks.out("bob")
        #expect(clocks.deadline(of: "bob") == nil)
        let alone = clocks.arm(["Ann"], now: 10 * second, length: 10 * second)
        #expect(alone == 14 * second)
        #expect(clocks.deadline(of: "cy") == nil, "no longer racing: forgotten")
        clocks.clear()
        let nobody = clocks.arm([], now: 0, length: second)
        #expect(nobody == nil)
    }

    @Test func theEarliestRacersTimeIsTheTurnsDeadline() {
        var clock = TurnClock()
        let second: UInt64 = 1_000_000_000
        let action = clock.armTurn(until: 10 * second, at: 2 * second) { .deferredStart(token: $0) }
        #expect(Self.armed([action]) == [Armed(.deferredStart(token: clock.token), 8)])
        #expect(clock.deadline == 10 * second)
        let late = clock.armTurn(until: second, at: 2 * second) { .deferredStart(token: $0) }
        #expect(Self.armed([late]) == [Armed(.deferredStart(token: clock.token), 1)], "past due: rings in a second")
        #expect(clock.cancel() && clock.deadline == nil)
    }

    /// The warning is armed only for a time longer than it: at its edge, the end alone.
    @Test func aTurnsWarningIsArmedOnlyForATimeLongerThanIt() {
        var clock = TurnClock()
        let end = RoomTimer.turnTimeout(token: clock.token, player: "Ann")
        let warning = RoomTimer.turnWarning(token: clock.token, player: "Ann", secondsLeft: 10)
        let at = clock.armTurn(of: "Ann", seconds: 10, end: end, warningSeconds: 10, at: 0)
        #expect(Self.armed(at) == [Armed(end, 10)])
        let over = clock.armTurn(of: "Ann", seconds: 11, end: end, warningSeconds: 10, at: 1_000_000_000)
        #expect(Self.armed(over) == [Armed(warning, 1), Armed(end, 11)])
        #expect(clock.deadline == 12_000_000_000)
    }

    /// A timer an action arms, and after how long.
    struct Armed: Equatable {
        var timer: RoomTimer
        var seconds: Int
        init(_ timer: RoomTimer, _ seconds: Int) { (self.timer, self.seconds) = (timer, seconds) }
    }

    static func armed(_ actions: [RoomAction]) -> [Armed] {
        actions.map { action in
            guard case .arm(let timer, let seconds) = action else { return Armed(.deferredStart(token: .max), -1) }
            return Armed(timer, seconds)
        }
    }
}

/// The round's hint (`RoundHint`): hidden until revealed, hidden again by a new round.
struct RoundHintTests {
    @Test func revealedUntilTheNextRound() {
        var hint = RoundHint()
        hint.newRound("a fruit")
        #expect(hint.text == "a fruit" && hint.shown == nil)
        hint.reveal()
        #expect(hint.shown == "a fruit")
        hint.replace(with: nil)
        #expect(hint.shown == nil && hint.isShown, "the round ended: nothing to show")
        hint.newRound("a colour")
        #expect(hint.shown == nil && !hint.isShown)
    }

    @Test func aSettersHintReplacesTheListsAndStaysHidden() {
        var hint = RoundHint()
        hint.newRound(nil)
        hint.replace(with: "rhymes with cat")
        #expect(hint.text == "rhymes with cat" && hint.shown == nil)
    }
}
