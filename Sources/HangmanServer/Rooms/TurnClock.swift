import HangmanCore

/// The turns' clock of a room, a pure value: the token that tells the live turn timers from stale
/// ones, when the turn (or the earliest of the players' own times: `PlayerClocks`) runs out, and
/// each player's time-outs in a row. Times are the clock's monotonic nanoseconds, given by the caller.
struct TurnClock {
    /// Carried by every turn timer armed; a new turn (or none) moves it on.
    private(set) var token: UInt64 = 0
    /// When the turn runs out (own clocks: the earliest); nil while no turn timer is armed.
    private(set) var deadline: UInt64?
    /// Turn time-outs in a row, per player (reset by any move of theirs).
    private var timeoutsInARow: [PlayerID: Int] = [:]

    /// Drops the turn's timers: their token is stale from now on. True when one was armed (the driver
    /// then drops them).
    mutating func cancel() -> Bool {
        token &+= 1
        defer { deadline = nil }
        return deadline != nil
    }

    /// `player`'s time of `seconds` starts at `now`: the timers to arm, with `token` (the warning
    /// `warningSeconds` before the end when the time is longer than that, then `end`).
    mutating func armTurn(of player: PlayerID, seconds: Int, end: RoomTimer, warningSeconds: Int, at now: UInt64)
        -> [RoomAction]
    {
        deadline = now + UInt64(seconds) * 1_000_000_000
        guard seconds > warningSeconds else { return [.arm(end, afterSeconds: seconds)] }
        let warning = RoomTimer.turnWarning(token: token, player: player, secondsLeft: warningSeconds)
        return [.arm(warning, afterSeconds: seconds - warningSeconds), .arm(end, afterSeconds: seconds)]
    }

    /// The turn (a mode's own clock: the earliest of the players' own times) runs out at `deadline`:
    /// the timer to arm (`timer`, made with `token`), ringing no sooner than a second from `now`.
    mutating func armTurn(until deadline: UInt64, at now: UInt64, _ timer: (UInt64) -> RoomTimer) -> RoomAction {
        self.deadline = deadline
        return .arm(timer(token), afterSeconds: max(1, Self.secondsLeft(until: deadline, at: now) ?? 0))
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
        // Every guess comes here: with no time-out counted (the common case) nothing is hashed.
        guard !timeoutsInARow.isEmpty else { return }
        timeoutsInARow[player] = nil
    }

    func timeouts(of player: PlayerID) -> Int { timeoutsInARow[player, default: 0] }

    /// A new game: "in a row" counts within a game.
    mutating func newGame() {
        timeoutsInARow = [:]
    }
}
