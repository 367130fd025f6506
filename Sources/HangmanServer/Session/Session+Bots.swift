import HangmanCore

/// House bots: the host's `bot add` and `bot remove`, and the bot's own session, which plays through
/// a `BotTransport` exactly as a client plays through a socket.
extension Session {
    /// `bot add <level>`: a new session on a `BotTransport`, a name from the lobby, then a seat in
    /// this player's room if the room agrees (host, a free seat).
    func addBot(level: BotLevel) {
        guard let room else { return sendError(.notHost, "you are in the lobby; create a room, then add bots to it") }
        begin()
        let transport = BotTransport(server: server, level: level)
        transport.seated(in: room)  // first on its queue: before anything the room sends it
        let bot = Session(server: server, connection: transport)
        transport.attach(bot)
        let host = id
        server.lobby.claimBot(level: level, member: bot) { botID in
            // Queued on the bot's queue before the room can send it anything.
            bot.onQueue { bot.becomeBot(botID, in: room) }
            room.addBot(by: self, id: host, bot: bot, botID: botID) { error in
                self.onQueue {
                    if let error {
                        self.send(error.outbound)
                        transport.close(reason: .requested)  // frees the name
                    }
                    self.finish()
                }
            }
        }
    }

    /// `bot remove [name]`.
    func removeBot(named target: String?) {
        guard let room else { return sendError(.notHost, "you are in the lobby; only a room's host can remove bots") }
        roomCall { reply in
            room.removeBot(by: self, id: self.id, target: target) { error in reply(error.map { .failure($0) } ?? .success(())) }
        }
    }

    /// This is a house bot's session: logged in as `id` (no login dialogue: the name came from the
    /// lobby), in JSON mode, seated in `room`. On the queue.
    func becomeBot(_ id: PlayerID, in room: Room) {
        self.id = id
        output.begin(as: id.name, inPlay: false)
        output.setStyle(.json)
        phase = .playing
        self.room = room
        seated = true
    }
}
