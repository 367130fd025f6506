import HangmanCore

/// A setting's value on the wire: one JSON type per key, whatever the difficulty (`misses` is
/// always the integer in force, `length` and `turn` an integer or null for `any`/`off`).
public enum SettingValue: Sendable, Equatable {
    case int(Int)
    case text(String)
    /// `any` (length), `off` (turn) or `none` (category).
    case none
}

extension Settings {
    /// `key`'s typed value: a `.number` key's integer (null for its `any`/`off`; `misses` the
    /// value in force), the others' text (null for `category none`).
    public func typed(_ key: SettingKey) -> SettingValue {
        switch key.kind {
        case .number:
            let value = key == .misses ? effectiveMisses : number(key)
            return value.map(SettingValue.int) ?? .none
        case .choice, .name:
            let value = text(key)
            return value == key.word ? .none : .text(value)
        }
    }

    /// Every key with its typed value, in the order `described` shows them.
    public var typed: [(key: String, value: SettingValue)] {
        SettingKey.offered.map { ($0.name, typed($0)) }
    }
}
