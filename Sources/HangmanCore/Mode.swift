/// How a round chooses its word.
public enum Mode: String, Sendable, CaseIterable, Codable {
    /// One word is drawn at the start of the round and never changes.
    case classic
    /// No word is fixed: the engine keeps every word consistent with what has been shown and, at
    /// each guess, keeps the largest family of them (see `Round` and docs/RULES.md).
    case evil

    /// Score percentage for the mode: evil rounds are worth 150 % of classic ones.
    public var scorePercent: Int {
        switch self {
        case .classic: 100
        case .evil: 150
        }
    }
}
