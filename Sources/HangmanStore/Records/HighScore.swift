/// One of the best single-game results (one row per player per game).
public struct HighScore: Sendable, Equatable {
    /// 1-based position in the high-score list.
    public var rank: Int
    public var name: String
    public var score: Int
    public var gameID: Int64
    /// The game's words, in round order.
    public var words: [String]
    /// The player's own misses in the game (sum over its rounds; in a race round, their own board's).
    public var mistakes: Int
    /// Words solved in the game (rounds won).
    public var solved: Int
    public var difficulty: String
    /// True when no word of the game was solved.
    public var failed: Bool

    public init(
        rank: Int, name: String, score: Int, gameID: Int64, words: [String], mistakes: Int, solved: Int,
        difficulty: String, failed: Bool
    ) {
        self.rank = rank
        self.name = name
        self.score = score
        self.gameID = gameID
        self.words = words
        self.mistakes = mistakes
        self.solved = solved
        self.difficulty = difficulty
        self.failed = failed
    }
}
