/// Spectators coming and going, told to the room at most once a flush period: counts of who started
/// and stopped watching since the last notice, and whether a flush is armed. A pure value; the room's
/// `RoomMembership` arms its timer and broadcasts what `flush` returns. Without it, 200
/// connections toggling `watch`/`leave` sent every member a line (and a board) per toggle.
struct SpectatorChurn {
    /// Arrivals and departures not told yet.
    private(set) var started = 0
    private(set) var stopped = 0
    /// A flush is armed (its token is `token`): the next change waits for it.
    private(set) var armed = false
    private(set) var token: UInt64 = 0

    /// A spectator arrived; true when the caller must arm the flush (with `token`).
    mutating func arrived() -> Bool {
        started += 1
        return armIfIdle()
    }

    /// A spectator left; true when the caller must arm the flush (with `token`).
    mutating func departed() -> Bool {
        stopped += 1
        return armIfIdle()
    }

    private mutating func armIfIdle() -> Bool {
        guard !armed else { return false }
        armed = true
        token &+= 1
        return true
    }

    /// The flush `token` rang: the counts to tell (nil when stale or nothing changed), then a clean
    /// slate.
    mutating func flush(token: UInt64) -> (started: Int, stopped: Int)? {
        guard armed, token == self.token else { return nil }
        armed = false
        defer { (started, stopped) = (0, 0) }
        guard started > 0 || stopped > 0 else { return nil }
        return (started, stopped)
    }
}
