/// Why `Settings.set` refused a value. `message` is written for the player.
public enum SettingsError: Error, Equatable, Sendable {
    /// No such setting; the message lists the keys.
    case unknownKey(String)
    /// The value is not of the right kind (a word where a number belongs, an unknown mode…).
    /// Maps to the protocol's `invalid_input`.
    case invalidValue(key: String, value: String, message: String)
    /// The value is of the right kind but outside its range, or leaves no word in the list; the
    /// message names what is allowed or what exists. Maps to the protocol's `out_of_range`.
    case outOfRange(key: String, message: String)

    /// A one-line explanation for the player.
    public var message: String {
        switch self {
        case .unknownKey(let key):
            "unknown setting '\(key)'; settings are \(SettingKey.names.joined(separator: ", "))"
        case .invalidValue(_, _, let message), .outOfRange(_, let message):
            message
        }
    }
}
