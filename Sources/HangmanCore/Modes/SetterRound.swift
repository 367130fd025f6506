/// Setter mode: who sets the current round's word (see `SetterRules.swift`).
public struct SetterRound: Sendable, Equatable {
    /// The player who sets (or set) the word; skipped in the turn order once it is set.
    public var setter: PlayerID
    /// True until the setter's word is in: nobody guesses meanwhile.
    public var awaiting: Bool
    /// Setters skipped this round for not answering in time.
    public var skipped: Int
    /// True when every connected player was skipped and the server drew the word instead: then
    /// nobody is the setter and everyone guesses.
    public var drawn: Bool

    public init(setter: PlayerID, awaiting: Bool = true, skipped: Int = 0, drawn: Bool = false) {
        self.setter = setter
        self.awaiting = awaiting
        self.skipped = skipped
        self.drawn = drawn
    }

    /// The player who set the word being played (nil while awaited or when the server drew it).
    public var wordOwner: PlayerID? { awaiting || drawn ? nil : setter }
}
