import HangmanSync

/// The high-score table, reused between game ends. Every game's end shows it, so without this each
/// finished game cost a query (and one more per game in it for the words): 6 % of the server's CPU
/// at 500 rooms playing. The table is kept until a game merged here could enter it (a counting result
/// above its lowest score, or on it with fewer misses, or as many and an earlier end than the lowest
/// row's game when the engine said when that was, or fewer rows than asked for), a result is deleted, or `refresh`
/// nanoseconds pass: other servers sharing the database merge games this one does not see, so their
/// high scores show within that time (`high-scores-refresh-ms`; 0 reads the table every time).
///
/// A read that began before an invalidation never fills the cache (the generation moved on), so a
/// game that was just merged is always in the next table shown.
final class HighScoreCache: Sendable {
    private struct State {
        var entries: [HighScore] = []
        /// When the game of the last entry ended (nil: not known).
        var lastEnded: Int64?
        /// The `limit` the entries were read with (0: nothing cached).
        var limit = 0
        var readAt: UInt64 = 0
        var generation: UInt64 = 0
    }

    private let state = Locked(State())
    let refreshNanos: UInt64

    init(refreshNanos: UInt64) {
        self.refreshNanos = refreshNanos
    }

    /// The cached table cut to `limit`, if it is fresh and was read with at least that limit.
    func table(limit: Int, now: UInt64) -> [HighScore]? {
        guard refreshNanos > 0 else { return nil }
        return state.withLock { state in
            guard state.limit >= limit, limit > 0, now &- state.readAt < refreshNanos else { return nil }
            return Array(state.entries.prefix(limit))
        }
    }

    /// Call before reading the table; pass the answer to `fill`.
    func generation() -> UInt64 { state.withLock { $0.generation } }

    /// Keeps a table read with `limit` since `generation()` answered `generation`, unless it is stale.
    func fill(_ entries: [HighScore], lastEnded: Int64? = nil, limit: Int, generation: UInt64, now: UInt64) {
        guard refreshNanos > 0, limit > 0 else { return }
        state.withLock { state in
            guard state.generation == generation else { return }
            state.entries = entries
            state.lastEnded = lastEnded
            state.limit = limit
            state.readAt = now
        }
    }

    /// A game was merged here: the table is dropped if any of its counting results could be in it.
    func merged(_ record: GameRecord) {
        state.withLock { state in
            guard state.limit > 0 else { return }
            let full = state.entries.count >= state.limit
            let lowest = state.entries.last
            let couldEnter = record.results.contains { result in
                guard result.counts(in: record), HighScore.earnsAPlace(result.score) else { return false }
                guard full, let lowest, result.score == lowest.score else {
                    return !full || result.score > (lowest?.score ?? .min)
                }
                // A tie on the lowest score: ordered by misses (more cannot enter), then by when the game
                // ended, then by game number, which a game stored now only makes larger: so as many misses
                // enter only from a game that ended before the lowest row's (a replay from the outbox), or
                // when that time is not known. Bots' perfect games tie the whole table (issue 16).
                let mistakes = record.mistakes(ofKey: HangmanStoreKey.key(for: result.name), from: result.firstRound)
                guard mistakes == lowest.mistakes, let lastEnded = state.lastEnded else { return mistakes <= lowest.mistakes }
                return record.ended < lastEnded
            }
            if couldEnter { Self.drop(&state) }
        }
    }

    /// Results were deleted (or anything else changed that the table may show).
    func invalidate() {
        state.withLock { Self.drop(&$0) }
    }

    private static func drop(_ state: inout State) {
        state.entries = []
        state.lastEnded = nil
        state.limit = 0
        state.generation &+= 1
    }
}
