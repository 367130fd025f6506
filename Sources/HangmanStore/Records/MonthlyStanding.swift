/// Where one player stands on a monthly board (the end-of-game summary: "This month: 3rd of 41").
public struct MonthlyStanding: Sendable, Equatable {
    /// The name as the caller passed it.
    public var name: String
    /// 1-based position on the month's board (the same order as `top`).
    public var rank: Int
    /// Players on the month's board.
    public var players: Int
    /// The player's points, games and wins that month.
    public var score: Int
    public var games: Int
    public var wins: Int

    public init(name: String, rank: Int, players: Int, score: Int, games: Int, wins: Int) {
        self.name = name
        self.rank = rank
        self.players = players
        self.score = score
        self.games = games
        self.wins = wins
    }
}
