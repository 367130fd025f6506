/// A room's mode: how a round chooses its word, who guesses it, and how it scores. Each mode is
/// one `ModeRules` type; `rules` below is the registry, the one place a mode is tied to its rules,
/// and everything else about a mode (its help line, score percentage, players needed, ranked or
/// not) is read from them.
public enum Mode: String, Sendable, CaseIterable, Codable {
    case classic
    case evil
    case setter
    case race
    case teams

    /// The registry: each mode's rules.
    public var rules: any ModeRules {
        switch self {
        case .classic: ClassicRules()
        case .evil: EvilRules()
        case .setter: SetterRules()
        case .race: RaceRules()
        case .teams: TeamsRules()
        }
    }

    /// What the mode is, in one line (`ModeRules.help`).
    public var help: String { rules.help }

    /// Score percentage for the mode: evil rounds are worth 150 % of classic ones.
    public var scorePercent: Int { rules.scorePercent }

    /// The seated players a game in this mode needs to start (`ModeRules.minimumPlayers`).
    public var minimumPlayers: Int { rules.minimumPlayers }

    /// Whether `set mode` offers the mode (`ModeRules.isOffered`).
    public var isOffered: Bool { rules.isOffered }

    /// The modes `set mode` offers, as it names them: `classic, evil, setter or race`.
    public static var names: String {
        let names = allCases.filter(\.isOffered).map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
