import HangmanCore

/// Setter mode with house bots: a bot asked for the word answers at once (its setter timer is 0 s)
/// with the word the server drew for the round from the room's list (`Game.setDrawnWord`), so the
/// table never waits `setter-seconds` for a bot and the word keeps the room's length, category
/// and language.
extension RoomState {
    /// Seconds the setter timer of `setter` runs: none for a bot.
    func setterTimerSeconds(for setter: PlayerID) -> Int {
        bots.contains(setter) ? 0 : setterSeconds
    }

    /// The awaited bot sets the round's drawn word. False if `bot` is no bot awaited now.
    mutating func botSetsWord(_ bot: PlayerID) -> Bool {
        guard bots.contains(bot), isPlaying, var game = current, game.awaitedSetter == bot else { return false }
        let events: [GameEvent]
        do throws(GameError) {
            events = try game.setDrawnWord(by: bot)
        } catch {
            return false
        }
        play(game)
        // The drawn word's own hint, from the room's list (asking the setter cleared it).
        setRoundHint(game.roundWordHint)
        resetTimeouts(of: bot)
        broadcast(.info("\(bot.name) has set a word of \(game.round.length) letters. Guess away!"))
        apply(events, guessed: nil)
        return true
    }
}
