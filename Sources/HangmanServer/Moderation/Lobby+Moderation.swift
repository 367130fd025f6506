import HangmanCore

/// What operators' commands need of the lobby: the member online under a name, and a line to everyone.
extension Lobby {
    /// The connected member holding `name` (not one away in its grace period), on the lobby's queue.
    func member(named name: String, reply: @escaping @Sendable ((any LobbyMember)?) -> Void) {
        queue.async { reply(self.players[PlayerID(name)]?.member) }
    }

    /// `event` to every connected person, in the lobby and in rooms (not to house bots).
    func announce(_ event: Outbound) {
        queue.async {
            var rendered = RenderedEvent(event)
            for entry in self.players.entries.values where !entry.id.key.hasPrefix(CommandParser.houseBotPrefix) {
                entry.member?.output.deliver(&rendered)
            }
        }
    }
}
