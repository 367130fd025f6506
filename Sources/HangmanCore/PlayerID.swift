/// A player's identity: the case-folded `key` that uniqueness, seats, turns, accounts and throttles
/// compare, plus the `name` as the player first typed it, which is what is shown.
///
/// Two identities are equal when their keys are: `Ann` and `ann` are one player. Build one once, at
/// login, and pass it around; nothing else should fold a name's case.
public struct PlayerID: Hashable, Sendable, CustomStringConvertible {
    /// The case-folded name: what every comparison uses.
    public let key: String
    /// The name as first typed: what players see.
    public let name: String

    public init(_ name: String) {
        self.name = name
        self.key = Self.fold(name)
    }

    /// The comparison key of any name (room names use it too).
    public static func fold(_ name: String) -> String { name.lowercased() }

    public static func == (lhs: PlayerID, rhs: PlayerID) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    public var description: String { name }
}

extension PlayerID: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(value) }
}
