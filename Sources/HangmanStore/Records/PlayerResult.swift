/// One seated player's result in a finished game.
public struct PlayerResult: Sendable, Equatable, Codable {
    /// Display name; the store matches players by its lower-cased key.
    public var name: String
    /// Points earned in this game.
    public var score: Int
    /// 1 = best in the game (ties may share a rank). A player wins a game when rank is 1 and score > 0.
    public var rank: Int
    /// Words solved in this game (room-wide, per round they sat through).
    public var solved: Int
    /// Words failed in this game.
    public var failed: Int

    public init(name: String, score: Int, rank: Int, solved: Int, failed: Int) {
        self.name = name
        self.score = score
        self.rank = rank
        self.solved = solved
        self.failed = failed
    }
}
