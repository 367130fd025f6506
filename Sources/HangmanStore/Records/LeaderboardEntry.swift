/// One player's line on the global leaderboard.
public struct LeaderboardEntry: Sendable, Equatable {
    /// 1-based position; unique (ties are broken by wins, games, then name; see docs/STORE.md).
    public var rank: Int
    public var name: String
    /// Total score over every game the player has a result in.
    public var score: Int
    public var games: Int
    /// Games the player finished with rank 1 and a score above 0.
    public var wins: Int

    public init(rank: Int, name: String, score: Int, games: Int, wins: Int) {
        self.rank = rank
        self.name = name
        self.score = score
        self.games = games
        self.wins = wins
    }
}
