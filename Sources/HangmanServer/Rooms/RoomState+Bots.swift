import HangmanCore

/// House bots at the table. A bot is seated like anyone else (its own session plays through the same
/// commands as a client); the rules only need to know which seats are bots: the host adds and removes
/// them, a bot never becomes host, its result is kept off the global leaderboard (`ranked` false),
/// and bots leave once no person is seated.
extension RoomState {
    mutating func addBot(by client: ClientID, _ id: PlayerID, bot: ClientID, _ botID: PlayerID) {
        guard host == id, isSeated(id, client) else { return reply(.notHost) }
        guard seats.count < settings.seats else { return reply(.roomFull(name)) }
        bots.insert(botID)
        // The host let it in: a private room's password is not asked of a bot.
        join(bot, botID, password: password, spectator: false)
        if !seats.contains(where: { $0.id == botID }) { bots.remove(botID) }
    }

    mutating func removeBot(by client: ClientID, _ id: PlayerID, target: String?) {
        guard host == id, isMember(id, client) else { return reply(.notHost) }
        let seated = seats.filter { bots.contains($0.id) }
        let chosen: Member?
        if let target {
            chosen = seated.first { $0.id == PlayerID(target) }
        } else {
            chosen = seated.last
        }
        guard let bot = chosen else {
            let message =
                target.map { "\($0) is not a bot in \(name); who lists the players" } ?? "there is no bot in \(name)"
            return reply(.noSuchPlayer(message))
        }
        reply(nil)
        // The bot hears its own `left` and closes its session, which frees its name.
        remove(bot.id, client: nil, reason: "removed by \(id.name)")
    }

    /// After every input: forget bots no longer seated, and send the bots away once no person is
    /// seated (a player away within the grace period still counts as seated).
    mutating func settleBots() {
        guard !bots.isEmpty else { return }
        bots = bots.filter { bot in seats.contains { $0.id == bot } }
        guard !bots.isEmpty, !seats.contains(where: { !bots.contains($0.id) }) else { return }
        for bot in seats.map(\.id) where bots.contains(bot) {
            remove(bot, client: nil, reason: "no players left")
        }
        bots.removeAll()
    }
}

extension RoomState {
    /// The list a house bot plans from: the game's under way (its category, language or the room's
    /// own words, as it drew them), else the room's; nil while a player's own word is played (it is on
    /// no list: the bot falls back to the server's main list).
    var botWords: WordList? {
        guard let game else { return words }
        if ModeFlows.wordChooser(game) != nil { return nil }
        return game.words
    }
}
