/// Classic mode: one word drawn from the room's list for each round; players take turns on one
/// board in seat order. Every rule is `ModeRules`' default.
public struct ClassicRules: ModeRules {
    public var mode: Mode { .classic }
    public var help: String { "one word from the list per round; players take turns in seat order" }
}

/// Evil mode: no word is fixed. Each round plays every fitting word of a length drawn with the
/// game, and at each guess the engine keeps the largest family of them (`Round+Evil.swift`).
/// Turns as in classic mode; every score is worth 150 %.
public struct EvilRules: ModeRules {
    public var mode: Mode { .evil }
    public var help: String { "the word dodges your guesses (it keeps the largest family); scores 150 %" }
    public var scorePercent: Int { 150 }

    /// Each round's length: `settings.length`, or a length drawn with probability proportional to
    /// its number of fitting words.
    public func drawPlan(settings: Settings, words: WordList, rng: inout some RandomNumberGenerator)
        -> [Game.RoundPlan]
    {
        let distinct = settings.difficulty.distinctLetters
        let lengths: [(length: Int, weight: Int)] =
            if let length = settings.length {
                [(length, 1)]
            } else {
                words.lengths.map { ($0, words.count(length: $0, distinctLetters: distinct)) }.filter { $0.1 > 0 }
            }
        let total = lengths.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return [] }
        return (0..<settings.rounds).map { _ in
            var ticket = Int.random(in: 0..<total, using: &rng)
            for entry in lengths {
                if ticket < entry.weight { return .evil(length: entry.length) }
                ticket -= entry.weight
            }
            return .evil(length: lengths[lengths.count - 1].length)
        }
    }
}
