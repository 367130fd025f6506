/// Something that happened in a game, in order, for the room to render and send.
public enum GameEvent: Sendable, Equatable {
    /// A guess was taken: `letter` or `word` (the other nil), whether it hit, how many positions it
    /// revealed and the points it earned (solve bonus included).
    case guessed(player: PlayerID, letter: Character?, word: String?, hit: Bool, count: Int, points: Int)
    /// The turn is now `player`'s (nil: nobody connected is seated).
    case turn(player: PlayerID?)
    /// Round `round` ended: its word, won or lost, who completed it (nil if lost) and the misses spent.
    case roundOver(round: Int, word: String, result: RoundStatus, solver: PlayerID?, mistakes: Int)
    /// Round `round` (1-based) began.
    case roundStarted(round: Int)
    /// Setter mode: the round waits for `setter` to set its word (nobody may guess meanwhile).
    case awaitingWord(setter: PlayerID)
    /// Setter mode: the man hanged, so the round's setter earned `points`.
    case setterScored(player: PlayerID, points: Int)
    /// The last round ended; players best first.
    case gameOver(ranking: [GamePlayer])
}
