/// A room's game settings, with the ranges the protocol promises.
///
/// | key        | values                                   | default  |
/// |------------|------------------------------------------|----------|
/// | mode       | `Mode.names` (the modes offered)         | classic  |
/// | difficulty | noob … deity, custom (see `Difficulty`)  | custom   |
/// | length     | 1...n (n = longest word in the list), any | any     |
/// | misses     | 1...26 (used when difficulty is custom)  | 7        |
/// | rounds     | 1...50                                   | 3        |
/// | turn       | 5...600 seconds, off                     | 60       |
/// | seats      | 1...32                                   | 8        |
/// | category   | a category's name, none                  | none     |
/// | language   | en, or a language the server loaded       | en       |
/// | teams      | 2...4 (once teams mode is offered)       | 2        |
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

    /// The setting keys, in display order (`teams` once teams mode is offered: `ModeRules.isOffered`).
    public static let keys =
        ["mode", "difficulty", "length", "misses", "rounds", "turn", "seats", "category", "language"]
        + (Mode.teams.isOffered ? ["teams"] : [])

    /// Allowed misses: 1...26.
    public static let missesRange = 1...26
    /// Rounds in a game: 1...50.
    public static let roundsRange = 1...50
    /// Turn time in seconds: 5...600 (or off).
    public static let turnRange = 5...600
    /// Seats in a room: 1...32.
    public static let seatsRange = 1...32
    /// Teams in teams mode: 2...4, 2 by default.
    public static let teamsRange = 2...4
    public static let defaultTeams = 2

    /// Teams in teams mode: `teams`, or the default.
    public var teamCount: Int { teams ?? Self.defaultTeams }

    /// The allowed misses actually in force: the difficulty's value, or `misses` when custom.
    public var effectiveMisses: Int { difficulty.misses ?? misses }

    /// `[(key, display value)]` in `keys` order, e.g. `("length", "any")`, `("turn", "off")`.
    /// Misses show the value in force; under a level other than custom the level is named:
    /// `("misses", "3 (deity)")`. Use `values` to save settings, not this.
    public var described: [(key: String, value: String)] {
        [
            ("mode", mode.rawValue),
            ("difficulty", difficulty.rawValue),
            ("length", length.map(String.init) ?? "any"),
            ("misses", difficulty == .custom ? "\(misses)" : "\(effectiveMisses) (\(difficulty.rawValue))"),
            ("rounds", "\(rounds)"),
            ("turn", turnSeconds.map(String.init) ?? "off"),
            ("seats", "\(seats)"),
            ("category", category ?? "none"),
            ("language", language ?? "en"),
        ] + (Mode.teams.isOffered ? [("teams", "\(teamCount)")] : [])
    }

    /// How a `set` of `key` is announced: its `described` value, but `misses` set under a level
    /// also names the value kept for `custom` (`3 (deity; 5 with custom)`): a host's `set misses 5`
    /// in a deity room was answered "misses to 3 (deity)", as if refused.
    public func announced(_ key: String) -> String? {
        if key == "misses", difficulty != .custom {
            return "\(effectiveMisses) (\(difficulty.rawValue); \(misses) with \(Difficulty.custom.rawValue))"
        }
        return described.first { $0.key == key }?.value
    }

    /// Every key with a value `set` accepts back (misses as stored, not as in force): for saving.
    public var values: [String: String] {
        var values: [String: String] = [:]
        for (key, value) in described { values[key] = value }
        values["misses"] = "\(misses)"
        return values
    }
}
