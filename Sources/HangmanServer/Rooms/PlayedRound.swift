import HangmanCore

/// What the board that closes a round needs of the game as it was before the guess that ended it
/// (`RoomState.endedSnapshot`): that round's own maximum, mode, length of game, setter and alphabet,
/// never the next round's. A summary rather than a copy of the `Game`: a second reference to the
/// game while a guess changes it made every guess copy the arrays it changed.
struct PlayedRound {
    let maxMisses: Int
    let mode: String
    let difficulty: String
    let rounds: Int
    /// The round's setter while their word was not drawn; nil otherwise.
    let setter: String?
    let guessable: [Character]

    init(_ game: Game) {
        maxMisses = game.round.maxMisses
        mode = game.settings.mode.rawValue
        difficulty = game.settings.difficulty.rawValue
        rounds = game.pendingSettings?.rounds ?? game.settings.rounds
        setter = game.setterRound.flatMap { $0.drawn ? nil : $0.setter.name }
        guessable = game.round.alphabet.guessable
    }
}
