/// Setter mode with a setter that has no word of its own (a house bot): it sets the word the server
/// drew for the round from the room's list when the game was made, so the round keeps the room's
/// length, category and language. Nobody at the table has seen that word, so it does not count
/// as a player's word (`playerSetRounds`).
extension Game {
    /// The awaited `player` sets this round's drawn word; the turn goes to the next connected seat
    /// after them, and they score on a hang as any setter.
    public mutating func setDrawnWord(by player: PlayerID) throws(GameError) -> [GameEvent] {
        guard !isOver, var current = setterRound, current.awaiting, current.setter == player else { throw .notYourTurn }
        current.awaiting = false
        setterRound = current
        turnIndex = nextConnected(startingAt: (seat(of: player) ?? -1) + 1)
        return [.turn(player: turn)]
    }
}
