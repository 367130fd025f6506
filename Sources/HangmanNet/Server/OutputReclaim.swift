/// Which connections pay when the budget is over: a pure rule over what each one holds.
///
/// The connection that has been behind the longest goes first (the oldest byte it has not written
/// yet is from `since`), then the next, until the total is at most the target; among equals, the
/// one holding more. Not "the most bytes first": a never-reading attacker's connections can each
/// stay near the fair share, and a player whose burst (a room filling up) momentarily holds more
/// would then be the one cut. What a client that reads was sent is written within milliseconds,
/// however busy its stream; what a client that does not read was sent waits for ever, so time
/// picks the right one. A connection reserving no more than `floor` is never picked.
public enum OutputReclaim {
    /// What one connection holds.
    public struct Holding: Sendable, Equatable {
        public var id: UInt64
        /// Bytes it has reserved from the budget.
        public var bytes: Int
        /// Monotonic nanoseconds of the oldest byte it has not written yet.
        public var since: UInt64

        public init(id: UInt64, bytes: Int, since: UInt64) {
            self.id = id
            self.bytes = bytes
            self.since = since
        }
    }

    /// The ids to cut, in order, to bring `used` to at most `target`; fewer (or none) when the
    /// connections over `floor` do not hold enough.
    public static func victims(_ holdings: [Holding], used: Int, target: Int, floor: Int) -> [UInt64] {
        guard used > target else { return [] }
        let ranked = holdings.filter { $0.bytes > floor }.sorted {
            if $0.since != $1.since { return $0.since < $1.since }
            if $0.bytes != $1.bytes { return $0.bytes > $1.bytes }
            return $0.id < $1.id
        }
        var left = used
        var cut: [UInt64] = []
        for holding in ranked where left > target {
            cut.append(holding.id)
            left -= holding.bytes
        }
        return cut
    }
}
