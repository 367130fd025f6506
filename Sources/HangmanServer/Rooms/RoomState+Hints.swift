import HangmanCore

/// The round's hint (`hint`, a `RoundHint`: this file alone changes it), taken at the cost of a miss.
extension RoomState {
    /// A round began: its hint comes from the word's list (a hint a player gives with their own
    /// word is set by that mode over this one) and is hidden until someone takes it.
    mutating func startRoundHint() {
        hint.newRound(isPlaying ? current?.roundWordHint : nil)
    }

    /// The round's hint is now `text` (a player's, a drawn word's; nil once the round ended).
    mutating func setRoundHint(_ text: String?) { hint.replace(with: text) }

    /// `hint`: the player on turn reveals the round's hint to the room at the cost of one miss
    /// (refused when that miss would hang the man); once revealed, `hint` shows it again to any
    /// seated player for free.
    mutating func takeHint(by client: ClientID, _ id: PlayerID) {
        if let refused = membership.seating.playRefusal(id, client: client, room: name) { return reply(refused) }
        guard isPlaying, var game = current else {
            return reply(.noGame("no game is running in \(name); a hint belongs to a round"))
        }
        if let hint = hint.shown {
            reply(nil)
            return emit(.send(client, .hint(room: name, player: id.name, text: hint, cost: 0)))
        }
        if let refusal = ModeFlows.hintRefusal(game) { return reply(refusal) }
        guard game.turn == id else { return reply(ServerError(.notYourTurn, turn: game.turn, letter: nil)) }
        guard let text = hint.text else {
            let why = game.settings.mode == .evil ? "evil rounds have no hint (no word is fixed)" : "this word has no hint"
            return reply(.invalid(why))
        }
        do throws(GameError) {
            try game.chargeHint(player: id)
        } catch {
            return reply(ServerError(error, turn: game.turn, letter: nil))
        }
        play(game)
        hint.reveal()
        resetTimeouts(of: id)
        reply(nil)
        broadcast(.hint(room: name, player: id.name, text: text, cost: 1))
        broadcastState()
    }
}
