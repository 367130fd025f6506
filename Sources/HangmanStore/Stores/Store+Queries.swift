import Dispatch

/// The read and delete calls, the same for every engine: keys folded here, "absent" mapped to the
/// protocol's errors here, each run on a reader connection within the time limit.
extension Store {
    public func leaderboard(
        limit: Int, player: String?, completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void
    ) {
        let key = player.map(HangmanStoreKey.key(for:))
        perform("top", completion) { try $0.leaderboard(limit: limit, key: key) }
    }

    public func monthlyLeaderboard(
        month: LeaderboardMonth, limit: Int, player: String?,
        completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void
    ) {
        let key = player.map(HangmanStoreKey.key(for:))
        perform("top \(month)", completion) { try $0.monthlyLeaderboard(month: month, limit: limit, key: key) }
    }

    public func monthlyStandings(
        month: LeaderboardMonth, players: [String],
        completion: @escaping @Sendable (Result<[MonthlyStanding], StoreError>) -> Void
    ) {
        let asked = players.map { (name: $0, key: HangmanStoreKey.key(for: $0)) }
        perform("standings \(month)", completion) { connection in
            Self.standings(asked, found: try connection.monthlyStandings(month: month, keys: asked.map(\.key)))
        }
    }

    /// From `highScoreCache` while it holds (see there), else read and kept.
    public func highScores(limit: Int, completion: @escaping @Sendable (Result<[HighScore], StoreError>) -> Void) {
        let cache = highScoreCache
        if let table = cache.table(limit: limit, now: DispatchTime.now().uptimeNanoseconds) {
            return completion(.success(table))
        }
        let generation = cache.generation()
        perform("highscores", completion) { connection in
            // Asked while the table was being read: a read that waited for a lane answers from the table
            // a read before it kept, so the games ending meanwhile do not each read it again (issue 16).
            if let table = cache.table(limit: limit, now: DispatchTime.now().uptimeNanoseconds) { return table }
            let (table, lastEnded) = try connection.highScoresAndLastEnd(limit: limit)
            cache.fill(
                table, lastEnded: lastEnded, limit: limit, generation: generation, now: DispatchTime.now().uptimeNanoseconds)
            return table
        }
    }

    public func history(player: String, limit: Int, completion: @escaping @Sendable (Result<[HistoryEntry], StoreError>) -> Void)
    {
        let key = HangmanStoreKey.key(for: player)
        perform("history", completion) { try $0.history(key: key, limit: limit) }
    }

    public func game(id: Int64, completion: @escaping @Sendable (Result<GameDetail, StoreError>) -> Void) {
        perform("game", completion) { connection in
            guard let detail = try connection.game(id: id) else { throw StoreError.notFound }
            return detail
        }
    }

    public func stats(player: String, completion: @escaping @Sendable (Result<PlayerStats, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: player)
        perform("stats", completion) { connection in
            guard let stats = try connection.stats(key: key) else { throw StoreError.notFound }
            return stats
        }
    }

    public func deleteHistory(player: String, gameID: Int64, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: player)
        let cache = highScoreCache
        perform("delete history", completion) { connection in
            guard try connection.deleteResult(key: key, gameID: gameID) else { throw StoreError.notFound }
            cache.invalidate()
        }
    }

    public func resetHistory(player: String, completion: @escaping @Sendable (Result<Int, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: player)
        let cache = highScoreCache
        perform("reset history", completion) { connection in
            defer { cache.invalidate() }
            return try connection.deleteResults(key: key)
        }
    }

    public func ratingLeaderboard(
        limit: Int, minGames: Int, player: String?,
        completion: @escaping @Sendable (Result<RatingBoardPage, StoreError>) -> Void
    ) {
        let key = player.map(HangmanStoreKey.key(for:))
        perform("top rating", completion) { try $0.ratingLeaderboard(limit: limit, minGames: minGames, key: key) }
    }

    /// Replays every rated game against the stored ratings (issue 32; `hangman-server check-ratings`).
    public func checkRatings(completion: @escaping @Sendable (Result<RatingCheck, StoreError>) -> Void) {
        perform("check ratings", completion) { try $0.checkRatings() }
    }

    public func isRegistered(name: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: name)
        perform("login check", completion) { try $0.passwordHash(key: key).hash != nil }
    }
}
