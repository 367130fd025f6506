/// Where a round stands.
public enum RoundStatus: String, Sendable {
    /// Guesses are still being taken.
    case playing
    /// The word was completed (the last hidden letter found, or the whole word guessed).
    case won
    /// The misses ran out.
    case lost
}
