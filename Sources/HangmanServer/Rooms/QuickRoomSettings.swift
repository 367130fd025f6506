import HangmanCore

/// What a quick room opened by `play` (or at login) takes from its opener's remembered settings.
///
/// Quick play promises that play starts at once, at a public table strangers are put at. So the
/// room keeps what the words and the scoring are (difficulty, length, misses, rounds, category,
/// language, and the mode when one player can start it), and takes from the server's defaults
/// what shapes the table: its seats (a remembered `seats 1` made a table nobody else could join),
/// its turn time (a remembered `turn off` let one idle stranger hold everyone up), and the mode
/// when the remembered one cannot start with one seated player (`ModeRules.minimumPlayers`).
/// Rooms made with `create` keep every remembered key. A pure rule: tested with values.
enum QuickRoomSettings {
    /// The settings of a quick room opened by a player who remembers `remembered`; `defaults` are the
    /// server's (`ServerConfig.game`).
    static func settings(remembered: Settings, defaults: Settings) -> Settings {
        var quick = remembered
        quick.seats = defaults.seats
        quick.turnSeconds = defaults.turnSeconds
        if !startsAlone(quick.mode) {
            quick.mode = startsAlone(defaults.mode) ? defaults.mode : .classic
        }
        return quick
    }

    /// A game in `mode` can start with one seated player (`Mode.minimumPlayers`).
    static func startsAlone(_ mode: Mode) -> Bool { mode.minimumPlayers <= 1 }
}
