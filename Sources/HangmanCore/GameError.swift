/// Why a game refused a guess. Nothing changes when one is thrown.
public enum GameError: Error, Equatable, Sendable {
    /// Someone else holds the turn.
    case notYourTurn
    /// The letter (or the wrong word) was already guessed this round.
    case alreadyGuessed
    /// Not a letter a–z, or not a word of the round's length in a–z; the text says which.
    case invalidInput(String)
    /// The game has ended.
    case gameOver
    /// The name is not seated in this game.
    case notAPlayer
}
