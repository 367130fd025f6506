import HangmanCore

/// House bots at the table (which seats are bots is `houseBots`, a `HouseBots`: this file alone
/// changes it): the host adds and removes them; they leave once no person is seated.
extension RoomState {
    mutating func addBot(by client: ClientID, _ id: PlayerID, bot: ClientID, _ botID: PlayerID) {
        guard host == id, isSeated(id, client) else { return reply(.notHost) }
        guard seats.count < settings.seats else { return reply(.roomFull(name)) }
        houseBots.admit(botID)
        // The host let it in: a private room's password is not asked of a bot.
        RoomMembership.join(&self, bot, botID, password: password, spectator: false)
        if !seats.contains(where: { $0.id == botID }) { houseBots.forget(botID) }
    }

    mutating func removeBot(by client: ClientID, _ id: PlayerID, target: String?) {
        guard host == id, isMember(id, client) else { return reply(.notHost) }
        guard let bot = houseBots.chosen(target, seated: seats.map(\.id)) else {
            let message =
                target.map { "\($0) is not a bot in \(name); who lists the players" } ?? "there is no bot in \(name)"
            return reply(.noSuchPlayer(message))
        }
        reply(nil)
        // The bot hears its own `left` and closes its session, which frees its name.
        RoomMembership.remove(&self, bot, client: nil, reason: "removed by \(id.name)")
    }

    /// After every input: forget bots no longer seated, and send the bots away once no person is
    /// seated (a player away within the grace period still counts as seated).
    mutating func settleBots() {
        for bot in houseBots.settle(seated: seats.map(\.id)) {
            RoomMembership.remove(&self, bot, client: nil, reason: "no players left")
        }
    }

    /// The list a house bot plans from: the game's under way (its category, language or the room's
    /// own words, as it drew them), else the room's; nil while a player's own word is played (it is on
    /// no list: the bot falls back to the server's main list).
    var botWords: WordList? {
        guard let game else { return words }
        if ModeFlows.wordChooser(game) != nil { return nil }
        return game.words
    }
}
