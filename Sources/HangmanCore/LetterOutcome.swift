/// What a letter guess did to a round.
public enum LetterOutcome: Equatable, Sendable {
    /// The letter is in the word: `count` positions were revealed.
    case hit(count: Int)
    /// The letter is not in the word; one miss was spent.
    case miss
    /// The letter was guessed before in this round; nothing changed and nothing was spent.
    case alreadyGuessed
    /// Not a letter a–z (upper-case A–Z is accepted as lower-case); nothing changed.
    case invalid
    /// The round is already won or lost; nothing changed.
    case roundOver
}
