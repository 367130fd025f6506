/// A finished round, as kept by `Game.finishedRounds` (e.g. for the game's record).
public struct RoundSummary: Sendable, Equatable {
    /// 1-based round number.
    public var round: Int
    /// The word (evil: the last candidate, or the alphabetically first one left if lost).
    public var word: String
    /// `.won` or `.lost`.
    public var result: RoundStatus
    /// Who completed the word; nil if lost.
    public var solver: String?
    /// Misses spent.
    public var mistakes: Int
    /// Each player's own misses, by name (`PlayerID.name`), in a mode where each has their own
    /// board (`ModeRules.ownMisses`); nil in the others.
    public var ownMisses: [String: Int]?
    /// The mode and difficulty the round was played in (a change made during a round applies from
    /// the next one).
    public var mode: Mode
    public var difficulty: Difficulty

    /// A summary from its fields.
    public init(
        round: Int, word: String, result: RoundStatus, solver: String?, mistakes: Int, ownMisses: [String: Int]? = nil,
        mode: Mode = .classic, difficulty: Difficulty = .custom
    ) {
        self.ownMisses = ownMisses
        self.mode = mode
        self.difficulty = difficulty
        self.round = round
        self.word = word
        self.result = result
        self.solver = solver
        self.mistakes = mistakes
    }
}
