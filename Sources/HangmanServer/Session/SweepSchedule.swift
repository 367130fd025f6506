/// When a throttle's table of failures is swept of entries that no longer count: once it holds more
/// than `from` entries, then each time it has doubled since the last sweep. A table whose entries
/// are all recent is not swept again at every failure (each sweep is a pass over the whole table
/// under the throttle's lock). Kept inside the throttle's locked state.
struct SweepSchedule {
    let from: Int
    private var next: Int
    /// Sweeps so far (tests check the schedule).
    private(set) var sweeps = 0

    init(from: Int) {
        self.from = from
        next = from
    }

    /// Whether a table of `count` entries is due a sweep.
    func isDue(count: Int) -> Bool { count > next }

    /// A sweep left `remaining` entries.
    mutating func swept(remaining: Int) {
        next = max(from, 2 * remaining)
        sweeps += 1
    }
}
