/// What a whole-word guess did to a round.
public enum WordOutcome: Equatable, Sendable {
    /// The guess is the word: every letter is revealed and the round is won.
    case solved
    /// Not the word (in evil mode also: a candidate the engine dodged); one miss was spent.
    case wrong
    /// Empty, a character outside a–z, or not the round's length; nothing changed.
    case invalid
    /// The round is already won or lost; nothing changed.
    case roundOver
}
