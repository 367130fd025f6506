/// One round of a finished game, as the store keeps it.
public struct RoundRecord: Sendable, Equatable, Codable {
    /// The word of the round (evil mode: the word it ended on).
    public var word: String
    /// True when the word was solved.
    public var won: Bool
    /// The room's misses in this round.
    public var mistakes: Int
    /// Who completed the word, nil when nobody did.
    public var solver: String?

    public init(word: String, won: Bool, mistakes: Int, solver: String? = nil) {
        self.word = word
        self.won = won
        self.mistakes = mistakes
        self.solver = solver
    }
}
