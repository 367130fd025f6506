/// The top of the leaderboard, plus the asking player's own row when it is not among them.
public struct LeaderboardPage: Sendable, Equatable {
    /// At most `limit` rows, rank 1 first.
    public var entries: [LeaderboardEntry]
    /// The player's own row when outside `entries`; nil when inside, or when they have no games.
    public var mine: LeaderboardEntry?

    public init(entries: [LeaderboardEntry], mine: LeaderboardEntry? = nil) {
        self.entries = entries
        self.mine = mine
    }
}
