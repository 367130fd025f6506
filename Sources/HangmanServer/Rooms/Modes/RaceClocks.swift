import HangmanCore

/// Race mode with a turn timer: when each racer's time since their last guess (or the round's
/// start) runs out, a pure value with private state (changed only in RaceRoom.swift). Times are the
/// clock's monotonic nanoseconds, given by the caller; the room's one turn timer is armed for the
/// earliest (`TurnClock`).
struct RaceClocks {
    private var deadlines: [PlayerID: UInt64] = [:]

    func deadline(of racer: PlayerID) -> UInt64? { deadlines[racer] }

    /// Everyone's time afresh (a new game or round, or nobody left racing).
    mutating func clear() {
        deadlines = [:]
    }

    /// Keeps the times of `racing`, giving those without one `length` from `now`, forgets the others'
    /// and returns the earliest (nil: nobody racing).
    mutating func arm(_ racing: [PlayerID], now: UInt64, length: UInt64) -> UInt64? {
        var kept: [PlayerID: UInt64] = [:]
        for racer in racing { kept[racer] = deadlines[racer] ?? now + length }
        deadlines = kept
        return kept.values.min()
    }

    /// `racer` guessed: their time runs until `deadline`.
    mutating func moved(_ racer: PlayerID, until deadline: UInt64) {
        deadlines[racer] = deadline
    }

    /// Whether `racer`'s time has run out at `now`.
    func timedOut(_ racer: PlayerID, at now: UInt64) -> Bool {
        deadlines[racer].map { $0 <= now } == true
    }

    /// `racer` is out of the round: no time of theirs runs.
    mutating func out(_ racer: PlayerID) {
        deadlines[racer] = nil
    }
}
