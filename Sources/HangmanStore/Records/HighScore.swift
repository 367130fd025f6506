/// One of the best single-game results (one row per player per game).
public struct HighScore: Sendable, Equatable {
    /// The fewest points that earn a place: a game that scored nothing is no feat, and must not fill
    /// the table while it has fewer scoring rows than places (issue 34 item 4). Every engine's query
    /// and the cache's test of whether a merged game could enter use it.
    public static let minimumScore = 1

    /// Whether a result of `score` points may have a place in the table.
    public static func earnsAPlace(_ score: Int) -> Bool { score >= minimumScore }

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
