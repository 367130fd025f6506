/// How well a house bot plays. The names are what a host types: `bot add easy|fair|strong`.
public enum BotLevel: String, CaseIterable, Sendable, Codable {
    /// A beginner: tries common letters (vowels first, by everyday English frequency) with some
    /// randomness, and never looks at which words could still fit.
    case easy
    /// Half the time the strong choice, otherwise one of the five letters most common among the
    /// words that still fit.
    case fair
    /// The letter found in the most words that still fit (in evil mode too: the server keeps the
    /// largest family, so the likeliest letter is still the best bet); guesses the word outright
    /// once a single candidate is left.
    case strong

    /// The level for a typed name (case-insensitive), nil when unknown.
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }
}

/// A bot's move: a letter, or the whole word once it is sure.
public enum BotMove: Sendable, Equatable {
    case letter(Character)
    case word(String)
}
