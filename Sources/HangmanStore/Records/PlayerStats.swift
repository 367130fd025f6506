/// A player's totals over all their games.
public struct PlayerStats: Sendable, Equatable {
    public var name: String
    public var games: Int
    public var wins: Int
    /// Total score.
    public var score: Int
    /// Best single-game score (0 with no games).
    public var best: Int
    /// Words solved / failed, summed over the player's results.
    public var solved: Int
    public var failed: Int
    /// Position on the global leaderboard; nil with no games.
    public var rank: Int?
    /// The skill rating (issue 32); nil when never rated.
    public var rating: PlayerRating?

    public init(
        name: String, games: Int, wins: Int, score: Int, best: Int, solved: Int, failed: Int, rank: Int?,
        rating: PlayerRating? = nil
    ) {
        self.rating = rating
        self.name = name
        self.games = games
        self.wins = wins
        self.score = score
        self.best = best
        self.solved = solved
        self.failed = failed
        self.rank = rank
    }
}
