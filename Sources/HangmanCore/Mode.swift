/// How a round chooses its word, and who guesses it.
public enum Mode: String, Sendable, CaseIterable, Codable {
    /// One word is drawn at the start of the round and never changes.
    case classic
    /// No word is fixed: the engine keeps every word consistent with what has been shown and, at
    /// each guess, keeps the largest family of them (see `Round` and docs/RULES.md).
    case evil
    /// Each round one seated player, in seat order, sets the word (and a hint); the others take
    /// turns guessing it (see `Game+Setter.swift`).
    case setter
    /// Every seated player races on their own board of the same word, without turns; the first to
    /// solve it wins the round (see `Game+Race.swift`).
    case race

    /// Score percentage for the mode: evil rounds are worth 150 % of classic ones.
    public var scorePercent: Int {
        switch self {
        case .classic, .setter, .race: 100
        case .evil: 150
        }
    }

    /// The seated players a game in this mode needs to start: a setter game needs one to set the
    /// word and one to guess it; the others start with one player.
    public var minimumPlayers: Int {
        switch self {
        case .classic, .evil, .race: 1
        case .setter: 2
        }
    }

    /// The modes as `set mode` names them: `classic, evil, setter or race`.
    public static var names: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
