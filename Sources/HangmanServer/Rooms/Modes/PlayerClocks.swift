import HangmanCore

/// Each player's own time, for a mode whose players play against their own clocks (each from the
/// round's start, or their last move): when each runs out, a pure value with private state. Times
/// are the clock's monotonic nanoseconds, given by the caller; the room's one turn timer is armed
/// for the earliest (`TurnClock`).
struct PlayerClocks {
    private var deadlines: [PlayerID: UInt64] = [:]

    func deadline(of player: PlayerID) -> UInt64? { deadlines[player] }

    /// Everyone's time afresh (a new game or round, or nobody left playing).
    mutating func clear() {
        deadlines = [:]
    }

    /// Keeps the times of `playing`, giving those without one `length` from `now`, forgets the others'
    /// and returns the earliest (nil: nobody playing).
    mutating func arm(_ playing: [PlayerID], now: UInt64, length: UInt64) -> UInt64? {
        var kept: [PlayerID: UInt64] = [:]
        for player in playing { kept[player] = deadlines[player] ?? now + length }
        deadlines = kept
        return kept.values.min()
    }

    /// `player` guessed: their time runs until `deadline`.
    mutating func moved(_ player: PlayerID, until deadline: UInt64) {
        deadlines[player] = deadline
    }

    /// Whether `player`'s time has run out at `now`.
    func timedOut(_ player: PlayerID, at now: UInt64) -> Bool {
        deadlines[player].map { $0 <= now } == true
    }

    /// `player` is out of the round: no time of theirs runs.
    mutating func out(_ player: PlayerID) {
        deadlines[player] = nil
    }
}
