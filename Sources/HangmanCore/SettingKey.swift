/// The one table of a room's game settings. Each key's name, kind of value, range, default, help
/// line and when a change made during a game applies are given here, once; `set` and validation
/// (`Settings.set`), `settings` (`Settings.described`, and the typed JSON values in the server), the
/// server's config file and flags (`ServerConfig.options`), `help set` and the settings tables of
/// docs/PROTOCOL.md and docs/CONFIG.md are all derived from it. No other place spells a key's name.
///
/// These are room settings: a host's `set` changes their room's and is also remembered as that
/// host's own defaults for the rooms they open; the server's defaults come from `Config/`.
public enum SettingKey: String, CaseIterable, Sendable, Codable {
    case mode, difficulty, length, misses, rounds, turn, seats, category, language, teams

    /// The key as `set` takes it and `settings` shows it.
    public var name: String { rawValue }

    /// The key a player typed: case-insensitive, surrounding spaces ignored; nil for none, and for
    /// a key not offered.
    public init?(name: String) {
        guard let key = Self(rawValue: name.trimmingSpaces.lowercased()), key.isOffered else { return nil }
        self = key
    }

    /// Whether players see and may set the key: `teams` once teams mode is offered
    /// (`ModeRules.isOffered`), the others always.
    public var isOffered: Bool {
        self == .teams ? Mode.teams.isOffered : true
    }

    /// The keys offered, in display order (`settings`, `help set`, saving, the docs).
    public static var offered: [SettingKey] { allCases.filter(\.isOffered) }

    /// The names of the keys offered, in display order.
    public static var names: [String] { offered.map(\.name) }

    /// What kind of value a key takes.
    public enum Kind: Sendable, Equatable {
        /// One of a fixed list of words (`choices`).
        case choice
        /// A whole number in `range`, or the key's `word` where it has one.
        case number
        /// A name from the server's word library (a category, a language).
        case name
    }

    /// When a change made during a game applies.
    public enum Applies: Sendable, Equatable {
        /// At once (the seats of the table).
        case now
        /// From the next round: the round under way keeps its word and rules.
        case nextRound
        /// From the next game (the teams are fixed for a game).
        case nextGame
    }

    public var kind: Kind {
        switch self {
        case .mode, .difficulty: .choice
        case .length, .misses, .rounds, .turn, .seats, .teams: .number
        case .category, .language: .name
        }
    }

    /// The words a `.choice` key takes, in the order messages list them; empty for the others.
    public var choices: [String] {
        switch self {
        case .mode: Mode.allCases.filter(\.isOffered).map(\.rawValue)
        case .difficulty: Difficulty.allCases.map(\.rawValue)
        case .length, .misses, .rounds, .turn, .seats, .category, .language, .teams: []
        }
    }

    /// The numbers a `.number` key takes. `length`'s upper end is the longest word of the room's
    /// list; `WordList.maxWordLength` bounds it before a list is known (the config file).
    public var range: ClosedRange<Int>? {
        switch self {
        case .length: 1...WordList.maxWordLength
        case .misses: 1...26
        case .rounds: 1...50
        case .turn: 5...600
        case .seats: 1...32
        case .teams: 2...4
        case .mode, .difficulty, .category, .language: nil
        }
    }

    /// The word a key takes besides its numbers or names: `length any`, `turn off`,
    /// `category none` (the main list). The value of that word is nil in `Settings`.
    public var word: String? {
        switch self {
        case .length: "any"
        case .turn: "off"
        case .category: "none"
        case .mode, .difficulty, .misses, .rounds, .seats, .language, .teams: nil
        }
    }

    /// The value a new room gets unless the server's config or the host's saved settings say
    /// otherwise, as `settings` shows it (the defaults are `Settings()`'s).
    public var defaultValue: String { Settings().text(self) }

    /// One line for `help set`, `--help` and the docs: what the key is.
    public var help: String {
        switch self {
        case .mode: "how the word is chosen and who guesses it"
        case .difficulty: "which words are drawn and, unless custom, the misses allowed"
        case .length: "the word length, at most the longest word's"
        case .misses: "the misses allowed while the difficulty is custom"
        case .rounds: "words in a game"
        case .turn: "seconds a player has for a guess"
        case .seats: "seats at the table, not below the players seated"
        case .category: "the category the words come from"
        case .language: "the language of the words"
        case .teams: "teams in teams mode (players join one with team, or are balanced at start)"
        }
    }

    /// The values as `help set` writes them: the modes joined by `|`, `1-26`, `5-600|off`,
    /// `1..n|any` (n: the longest word), `<name>|none`.
    public var valuesSummary: String {
        let main: String
        switch kind {
        case .choice: main = choices.joined(separator: "|")
        case .number:
            let upper = self == .length ? "n" : range.map { "\($0.upperBound)" } ?? ""
            main = self == .length ? "1..\(upper)" : "\(range?.lowerBound ?? 0)-\(upper)"
        case .name: main = self == .language ? "en|<code>" : "<name>"
        }
        return main + (word.map { "|" + $0 } ?? "")
    }

    /// When a change made during a game applies: the seats at once, the teams from the next game,
    /// the rest from the next round.
    public var applies: Applies {
        switch self {
        case .seats: .now
        case .teams: .nextGame
        case .mode, .difficulty, .length, .misses, .rounds, .turn, .category, .language: .nextRound
        }
    }

    /// Whether the server's config file and flags set the default of new rooms for this key (the
    /// word library a category or language names is loaded after the config is read).
    public var isServerDefault: Bool { kind != .name && isOffered }

    /// Beyond the wire contract every client may rely on (marked *(extension)* in the docs).
    public var isExtension: Bool { kind == .name || self == .teams }

    /// The order saved values are applied in so that none trips over another: the word list first
    /// (`language`, then `category`), the length before the difficulty checked against it.
    public static let applyOrder: [SettingKey] = [
        .language, .category, .mode, .length, .difficulty, .misses, .rounds, .turn, .seats, .teams,
    ]
}

extension String {
    /// The text without surrounding whitespace (Foundation-free).
    var trimmingSpaces: String {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
