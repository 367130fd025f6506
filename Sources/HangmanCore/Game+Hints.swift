/// Hints: a classic round's word may carry one (from its word list); taking it costs a miss.
extension Game {
    /// The hint of the current round's word in the list the game draws from; nil when it has none
    /// or the round is evil (no word is fixed, so there is nothing to hint at).
    public var roundWordHint: String? {
        guard roundNumber >= 1, roundNumber <= plan.count, case .word(let word) = plan[roundNumber - 1] else { return nil }
        return words.hint(for: word)
    }

    /// `player` takes the round's hint on their turn: one miss is spent and the turn stays with
    /// them. Refused with `.invalidInput` when that miss would hang the man (one miss left).
    public mutating func chargeHint(player: PlayerID) throws(GameError) {
        _ = try checkTurn(player)
        guard round.status == .playing else { throw .gameOver }
        guard round.missesLeft > 1 else {
            throw .invalidInput("a hint costs a miss, and only 1 miss is left: it would hang the man")
        }
        round.spendMiss()
    }

    /// Like `updateSettings(_:rng:)`, with the rounds after this one drawn from `words` (the room's
    /// category or language changed). On error nothing changes.
    public mutating func updateSettings(_ new: Settings, words: WordList, rng: inout some RandomNumberGenerator)
        throws(SettingsError)
    {
        let previous = self.words
        self.words = words
        do throws(SettingsError) {
            try updateSettings(new, rng: &rng)
        } catch {
            self.words = previous
            throw error
        }
    }
}
