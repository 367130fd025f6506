import HangmanCore

/// A finished game's mode and difficulty as its record (history, `game <id>`, the leaderboard's
/// store) keeps them: those its rounds were played in, never the room's settings at the end (a
/// change made in the last round applies to a next round that never comes). A game whose rounds
/// all had one mode says that mode; a game of several names each in the order first played,
/// joined by `separator` (`classic+evil`). Likewise the difficulty.
struct PlayedModes: Equatable {
    /// Between the modes (or difficulties) of a game that had several.
    static let separator = "+"

    let mode: String
    let difficulty: String

    init(_ game: Game) {
        let rounds = game.finishedRounds
        if rounds.isEmpty {
            self.init(game.settings)
        } else {
            self.init(mode: Self.joined(rounds.map(\.mode.rawValue)), difficulty: Self.joined(rounds.map(\.difficulty.rawValue)))
        }
    }

    /// A game that ended before any round did: the settings it was played in.
    init(_ settings: Settings) {
        self.init(mode: settings.mode.rawValue, difficulty: settings.difficulty.rawValue)
    }

    private init(mode: String, difficulty: String) {
        self.mode = mode
        self.difficulty = difficulty
    }

    /// Each value once, in the order first seen.
    static func joined(_ values: [String]) -> String {
        var seen: [String] = []
        for value in values where !seen.contains(value) { seen.append(value) }
        return seen.joined(separator: separator)
    }
}
