import HangmanCore

/// The turns' clock of a room, a pure value: the token that tells the live turn timers from stale
/// ones, when the turn (or the earliest racer's time) runs out, each racer's own time in a race, and
/// each player's time-outs in a row. Times are the clock's monotonic nanoseconds, given by the caller.
struct TurnClock {
    /// Carried by every turn timer armed; a new turn (or none) moves it on.
    private(set) var token: UInt64 = 0
    /// When the turn runs out (a race: the earliest racer's time); nil while no turn timer is armed.
    private(set) var deadline: UInt64?
    /// Race mode with a turn timer: when each racer's time since their last guess (or the round's
    /// start) runs out.
    private var raceDeadlines: [PlayerID: UInt64] = [:]
    /// Turn time-outs in a row, per player (reset by any move of theirs).
    private var timeoutsInARow: [PlayerID: Int] = [:]

    /// Drops the turn's timers: their token is stale from now on. True when one was armed (the driver
    /// then drops them).
    mutating func cancel() -> Bool {
        token &+= 1
        defer { deadline = nil }
        return deadline != nil
    }

    /// The turn runs out at `deadline` (the timers are armed with `token`).
    mutating func armTurn(until deadline: UInt64) {
        self.deadline = deadline
    }

    /// Whether a timer armed with `token` is the live one.
    func isCurrent(_ token: UInt64) -> Bool { token == self.token }

    /// Whole seconds left until `deadline` at `now`, rounded up (nil: no deadline).
    static func secondsLeft(until deadline: UInt64?, at now: UInt64) -> Int? {
        guard let deadline else { return nil }
        return deadline > now ? Int((deadline - now + 999_999_999) / 1_000_000_000) : 0
    }

    // MARK: time-outs in a row

    /// One more time of `player`'s ran out: their time-outs in a row now.
    mutating func timedOut(_ player: PlayerID) -> Int {
        let missed = timeoutsInARow[player, default: 0] + 1
        timeoutsInARow[player] = missed
        return missed
    }

    /// `player` moved (a guess, a hint, a word set, a return): their count starts again.
    mutating func moved(_ player: PlayerID) {
        timeoutsInARow[player] = nil
    }

    func timeouts(of player: PlayerID) -> Int { timeoutsInARow[player, default: 0] }

    /// A new game: "in a row" counts within a game, and no racer has a time yet.
    mutating func newGame() {
        timeoutsInARow = [:]
        raceDeadlines = [:]
    }

    // MARK: a race's clocks

    func raceDeadline(of racer: PlayerID) -> UInt64? { raceDeadlines[racer] }

    /// Everyone's time afresh (a new round, or nobody left racing).
    mutating func clearRaceDeadlines() {
        raceDeadlines = [:]
    }

    /// Keeps the times of `racing`, giving those without one `length` from `now`, forgets the others'
    /// and returns the earliest, now the turn's deadline (nil: nobody racing).
    mutating func armRace(_ racing: [PlayerID], now: UInt64, length: UInt64) -> UInt64? {
        var kept: [PlayerID: UInt64] = [:]
        for racer in racing { kept[racer] = raceDeadlines[racer] ?? now + length }
        raceDeadlines = kept
        guard let earliest = kept.values.min() else { return nil }
        deadline = earliest
        return earliest
    }

    /// `racer` guessed: their time runs until `deadline`.
    mutating func racerMoved(_ racer: PlayerID, until deadline: UInt64) {
        raceDeadlines[racer] = deadline
    }

    /// Whether `racer`'s time has run out at `now`.
    func racerTimedOut(_ racer: PlayerID, at now: UInt64) -> Bool {
        raceDeadlines[racer].map { $0 <= now } == true
    }

    /// `racer` is out of the round: no time of theirs runs.
    mutating func racerOut(_ racer: PlayerID) {
        raceDeadlines[racer] = nil
    }
}
