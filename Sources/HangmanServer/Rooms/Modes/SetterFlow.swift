import HangmanCore

/// Setter mode's board and refusals; the room's asking and taking of the word is in
/// RoomState+Setter.swift and RoomState+BotSetter.swift.
struct SetterFlow: ModeFlow {
    /// The word is the setter's (a drawn one only stands in for a setter who did not answer).
    var drawsListWords: Bool { false }

    /// Who sets (or set) the word, and while it is awaited an empty board (the drawn fallback word
    /// stays unseen).
    func decorate(_ snapshot: inout RoomSnapshot, _ game: Game) {
        guard let setterRound = game.setterRound, !setterRound.drawn else { return }
        snapshot.setter = setterRound.setter.name
        snapshot.awaitingWord = setterRound.awaiting
        if setterRound.awaiting {
            snapshot.pattern = ""
            snapshot.guessed = []
        }
    }

    /// Nobody guesses before the word is set, and its setter never guesses it.
    func guessRefusal(_ player: PlayerID, _ game: Game) -> ServerError? {
        if let awaited = game.awaitedSetter {
            return .notYourTurn(
                awaited == player
                    ? "you set this round's word: type word <word> [hint]"
                    : "\(awaited.name) is choosing the word; guesses start when it is set")
        }
        if game.setterRound?.wordOwner == player {
            return .notYourTurn("you set this word, so you cannot guess it; you score if the man hangs")
        }
        return nil
    }
}
