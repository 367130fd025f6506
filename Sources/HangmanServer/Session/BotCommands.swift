import HangmanCore

/// House bots: the host's `bot add` and `bot remove`. A bot is a session of its own on a
/// `BotTransport`, playing exactly as a client plays through a socket. No state of its own.
final class BotCommands: CommandFamily, Sendable {
    func run(_ command: Command, for session: Session) -> Bool {
        switch command {
        case .botAdd(let level):
            guard let room = session.rooms.room else {
                session.sendError(.notHost, "you are in the lobby; create a room, then add bots to it")
                return true
            }
            add(level: level, to: room, by: session)
        case .botRemove(let target):
            guard let room = session.rooms.room else {
                session.sendError(.notHost, "you are in the lobby; only a room's host can remove bots")
                return true
            }
            room.removeBot(by: session, id: session.id, target: target) { error in
                if let error { session.send(error.outbound) }
            }
        default:
            return false
        }
        return true
    }

    /// `bot add <level>`: a new session on a `BotTransport`, a name from the lobby, then a seat in
    /// the host's room if the room agrees (host, a free seat).
    private func add(level: BotLevel, to room: Room, by session: Session) {
        session.begin()
        let server = session.server
        let transport = BotTransport(server: server, level: level)
        transport.seated(in: room)  // first on its queue: before anything the room sends it
        let bot = Session(server: server, connection: transport)
        transport.attach(bot)
        let host = session.id
        server.lobby.claimBot(level: level, member: bot) { botID in
            // Queued on the bot's queue before the room can send it anything.
            bot.onQueue { bot.becomeBot(botID, in: room) }
            room.addBot(by: session, id: host, bot: bot, botID: botID) { error in
                session.onQueue {
                    if let error {
                        session.send(error.outbound)
                        transport.close(reason: .requested)  // frees the name
                    }
                    session.finish()
                }
            }
        }
    }
}
