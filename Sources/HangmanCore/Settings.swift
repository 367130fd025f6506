/// A room's game settings. What each key takes, its range, default and help are in the one table,
/// `SettingKey`; this is the values.
///
/// A length, or a difficulty and length together, that leaves no word in the list is out of range,
/// and the message names the lengths (or levels) that do have words.
public struct Settings: Sendable, Equatable, Codable {
    /// Classic or evil.
    public var mode: Mode = .classic
    /// Which words are drawn and (unless custom) how many misses are allowed.
    public var difficulty: Difficulty = .custom
    /// Word length, nil = any.
    public var length: Int?
    /// Allowed misses when difficulty is custom (1...26); see `effectiveMisses`.
    public var misses = 7
    /// Words in a game (1...50).
    public var rounds = 3
    /// Seconds a player has for a guess (5...600), nil = no limit.
    public var turnSeconds: Int? = 60
    /// Seats in a room (1...32).
    public var seats = 8
    /// The category the room's words come from (`WordLibrary.categories`); nil = the main list.
    public var category: String?
    /// The language of the room's words (`WordLibrary.languages`); nil = English, the main list.
    public var language: String?
    /// Teams mode: how many teams (`teamsRange`); nil = `defaultTeams`, so that saved settings keep
    /// their shape. Read `teamCount`.
    public var teams: Int?

    /// The defaults (mode classic, difficulty custom, length any, misses 7, rounds 3, turn 60, seats 8).
    public init() {}

    /// The setting keys, in display order (`SettingKey.names`).
    public static var keys: [String] { SettingKey.names }

    /// Allowed misses: 1...26.
    public static var missesRange: ClosedRange<Int> { SettingKey.misses.range ?? 1...1 }
    /// Rounds in a game: 1...50.
    public static var roundsRange: ClosedRange<Int> { SettingKey.rounds.range ?? 1...1 }
    /// Turn time in seconds: 5...600 (or off).
    public static var turnRange: ClosedRange<Int> { SettingKey.turn.range ?? 1...1 }
    /// Seats in a room: 1...32.
    public static var seatsRange: ClosedRange<Int> { SettingKey.seats.range ?? 1...1 }
    /// Teams in teams mode: 2...4, 2 by default.
    public static var teamsRange: ClosedRange<Int> { SettingKey.teams.range ?? 1...1 }
    public static let defaultTeams = 2

    /// Teams in teams mode: `teams`, or the default.
    public var teamCount: Int { teams ?? Self.defaultTeams }

    /// The allowed misses actually in force: the difficulty's value, or `misses` when custom.
    public var effectiveMisses: Int { difficulty.misses ?? misses }

    /// `key`'s value as `settings` shows it: `length any`, `turn off`, `category none`. Misses show
    /// the value in force; under a level other than custom the level is named: `3 (deity)`.
    public func text(_ key: SettingKey) -> String {
        switch key {
        case .mode: mode.rawValue
        case .difficulty: difficulty.rawValue
        case .length: length.map(String.init) ?? key.word ?? ""
        case .misses: difficulty == .custom ? "\(misses)" : "\(effectiveMisses) (\(difficulty.rawValue))"
        case .rounds: "\(rounds)"
        case .turn: turnSeconds.map(String.init) ?? key.word ?? ""
        case .seats: "\(seats)"
        case .category: category ?? key.word ?? ""
        case .language: language ?? WordLibrary.mainLanguage
        case .teams: "\(teamCount)"
        }
    }

    /// `[(key, display value)]` in `keys` order, e.g. `("length", "any")`, `("turn", "off")`
    /// (`text(_:)`). Use `values` to save settings, not this.
    public var described: [(key: String, value: String)] {
        SettingKey.offered.map { ($0.name, text($0)) }
    }

    /// How a `set` of `key` is announced: its `text`, but `misses` set under a level also names the
    /// value kept for `custom` (`3 (deity; 5 with custom)`): a host's `set misses 5` in a deity room
    /// was answered "misses to 3 (deity)", as if refused.
    public func announced(_ key: SettingKey) -> String {
        if key == .misses, difficulty != .custom {
            return "\(effectiveMisses) (\(difficulty.rawValue); \(misses) with \(Difficulty.custom.rawValue))"
        }
        return text(key)
    }

    /// `announced(_:)` for a key by name; nil for an unknown one.
    public func announced(_ name: String) -> String? {
        SettingKey(name: name).map(announced)
    }

    /// `key`'s value as `set` takes it back (misses as stored, not as in force): for saving.
    public func savedText(_ key: SettingKey) -> String {
        key == .misses ? "\(misses)" : text(key)
    }

    /// Every key with a value `set` accepts back (`savedText`): for saving.
    public var values: [String: String] {
        var values: [String: String] = [:]
        for key in SettingKey.offered { values[key.name] = savedText(key) }
        return values
    }
}
