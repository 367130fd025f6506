import HangmanCore

/// A setting's value on the wire: one JSON type per key, whatever the difficulty (`misses` is
/// always the integer in force, `length` and `turn` an integer or null for `any`/`off`).
public enum SettingValue: Sendable, Equatable {
    case int(Int)
    case text(String)
    /// `any` (length) or `off` (turn).
    case none
}

extension Settings {
    /// Every key with its typed value, in the order `described` shows them.
    public var typed: [(key: String, value: SettingValue)] {
        [
            ("mode", .text(mode.rawValue)),
            ("difficulty", .text(difficulty.rawValue)),
            ("length", length.map(SettingValue.int) ?? .none),
            ("misses", .int(effectiveMisses)),
            ("rounds", .int(rounds)),
            ("turn", turnSeconds.map(SettingValue.int) ?? .none),
            ("seats", .int(seats)),
            ("category", category.map(SettingValue.text) ?? .none),
            ("language", .text(language ?? "en")),
        ]
    }
}
