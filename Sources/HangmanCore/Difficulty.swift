/// A difficulty level: which words it draws (by number of distinct letters), how many misses it
/// allows and how much its points are worth.
///
/// More distinct letters means harder, as the product brief asks: a word needs one correct guess
/// per distinct letter, so more of them means more guesses to find before the misses run out.
///
/// | level     | distinct letters | misses | score |
/// |-----------|------------------|--------|-------|
/// | noob      | 1–3              | 10     |  50 % |
/// | very-easy | 4                |  9     |  75 % |
/// | easy      | 5                |  8     | 100 % |
/// | moderate  | 6                |  7     | 125 % |
/// | hard      | 7                |  6     | 150 % |
/// | very-hard | 8–9              |  5     | 200 % |
/// | deity     | 10–26            |  3     | 300 % |
/// | custom    | any              | as set | 100 % |
///
/// The ranges are cut so that every level has thousands of words in the shipped list
/// (docs/RULES.md has the counts).
public enum Difficulty: String, Sendable, CaseIterable, Codable {
    case noob
    case veryEasy = "very-easy"
    case easy
    case moderate
    case hard
    case veryHard = "very-hard"
    case deity
    /// Any word; length and misses as the settings say.
    case custom

    /// The distinct-letter range selecting this level's words; nil for custom (any word).
    public var distinctLetters: ClosedRange<Int>? {
        switch self {
        case .noob: 1...3
        case .veryEasy: 4...4
        case .easy: 5...5
        case .moderate: 6...6
        case .hard: 7...7
        case .veryHard: 8...9
        case .deity: 10...26
        case .custom: nil
        }
    }

    /// The allowed misses this level sets; nil for custom, which uses `Settings.misses`.
    public var misses: Int? {
        switch self {
        case .noob: 10
        case .veryEasy: 9
        case .easy: 8
        case .moderate: 7
        case .hard: 6
        case .veryHard: 5
        case .deity: 3
        case .custom: nil
        }
    }

    /// Score percentage for the level (100 = points as they are). Scoring uses this integer;
    /// `multiplier` is the same figure as a fraction, for display.
    public var scorePercent: Int {
        switch self {
        case .noob: 50
        case .veryEasy: 75
        case .easy: 100
        case .moderate: 125
        case .hard: 150
        case .veryHard: 200
        case .deity: 300
        case .custom: 100
        }
    }

    /// Score multiplier as a fraction (`scorePercent / 100`): 0.5 for noob … 3.0 for deity, 1.0 for custom.
    public var multiplier: Double { Double(scorePercent) / 100 }

    /// Parses a level name, ignoring case and accepting `_` or nothing for the hyphen
    /// ("very-easy", "VERY_EASY", "veryeasy").
    public init?(name: String) {
        let folded = String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
        guard let level = Difficulty.allCases.first(where: { $0.rawValue.filter { $0 != "-" } == folded }) else {
            return nil
        }
        self = level
    }
}
