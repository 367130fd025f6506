import Dispatch
import HangmanCore
import HangmanNet
import HangmanStore

/// The commands of a logged-in player: where each goes (lobby, room, store) and what it answers.
extension Session {

    /// Commands that work at any phase.
    func runAnywhere(_ command: Command) {
        switch command {
        case .json:
            // Text prompts have no line end; finish that line so the first JSON object starts a line of its own.
            if style != .json { connection.send([13, 10]) }
            output.setStyle(.json)
            send(.info("JSON mode: one object per line. Type text to go back."))
            if case .login = phase {
                // A bot that asks for JSON at the name prompt missed the text banner: say it again,
                // then the name prompt (as on connect: welcome, then prompt; the prompt used to
                // come first). Not begin()/finish(): this may run inside the login flow's own busy
                // step, and a second finish() would let later lines overtake the login. The lobby
                // answers in order, so the welcome still comes before the answer to a name typed
                // after `json`; the prompt is left out once such a name is on its way.
                server.lobby.countOnline { count in
                    self.onQueue {
                        self.send(.welcome(server: GameServer.name, version: GameServer.version, playersOnline: count))
                        if case .name = self.login.step, case .login = self.phase { self.sendPrompt("name") }
                    }
                }
            }
        case .text:
            output.setStyle(.text)
            send(.info("Text mode."))
        case .color(let on):
            guard style != .json else { return sendError(.invalidInput, "colour is for text mode; type text first") }
            output.chooseColor(on)
            send(.info(on ? "Colour on." : "Colour off."))
        case .help(let topic):
            // Text is paged to the window (`help 2`); JSON gets the command table whole.
            let layout = style == .json ? nil : TextLayout(connection.terminal)
            switch layout.map({ Help.text(for: topic, layout: $0) }) ?? Help.text(for: topic) {
            case .some(let lines): send(.help(topic: topic, text: lines))
            case .none: sendError(.invalidInput, Help.missing(topic, layout: layout))
            }
        case .quit:
            sendLast(.goodbye("Thanks for playing. Goodbye!"))
            leaveRoom(reason: "quit")
            if !id.key.isEmpty { server.lobby.release(id: id, member: self) }
            phase = .closed
            connection.close(reason: .requested)
        default:
            break
        }
    }

    func run(_ command: Command) {
        // Only `play` straight after the warning confirms it.
        let confirming = playNeedsConfirm
        playNeedsConfirm = false
        if case .play = command, confirming { return quickPlay() }
        switch command {
        case .empty: return
        case .json, .text, .color, .help, .quit: runAnywhere(command)
        case .name: sendError(.invalidInput, "you are \(displayName) already; quit and connect again to change names")
        case .password(let arguments): changePassword(arguments)
        case .register(let secret): register(secret)
        case .bare(let text):
            // In a room it may be the answer to a word prompt (`castle a fortress`); the room
            // decides, and answers anyone it did not ask as any unknown line is answered.
            guard room != nil, case .setWord(let word, let hint)? = CommandParser.setterAnswer(text) else {
                let word = text.split(separator: " ").first.map(String.init) ?? text
                return send(ServerError.unknownCommand(word).outbound)
            }
            setWord(word, hint: hint, bare: true)
        case .play:
            if seated, !playNeedsConfirm, let room, room.directory.summary.status == .playing {
                playNeedsConfirm = true
                return send(
                    .info(
                        "You are playing in \(room.name): quick play would leave your seat and score there. "
                            + "Type play again (or play confirm) to leave for a new game; anything else keeps your seat."))
            }
            quickPlay()
        case .playConfirm: quickPlay()
        case .bell(let on):
            output.bell = on
            send(.info(on ? "Bell on: your terminal rings when your turn comes." : "Bell off."))
            saveSettings()
        case .rooms:
            begin()
            server.lobby.listRooms { rooms in
                self.onQueue {
                    self.send(.rooms(rooms)); self.finish()
                }
            }
        case .create(let name, let password): create(name: name, password: password)
        case .join(let name, let password): join(name: name, password: password, spectator: false)
        case .watch(let name, let password):
            guard watchLimiter.take(now: server.clock.nanoseconds) else {
                return sendError(.rateLimited, "watch slower: at most \(server.config.watchPerMinute) a minute")
            }
            join(name: name, password: password, spectator: true)
        case .leave:
            guard room != nil else { return sendError(.invalidInput, "you are in the lobby already") }
            begin()
            leaveRoom(reason: nil) {
                self.send(.info(Outbound.lobbyHint))
                self.finish()
            }
        case .start:
            guard let room else { return sendError(.noGame, "you are in the lobby; type play or join a room first") }
            roomCall { reply in room.start(by: self, id: self.id, reply: reply) }
        case .guessLetter(let letter):
            guard let room else { return sendError(.noGame, "you are in the lobby; type play to start a game") }
            roomCall { reply in room.guess(by: self, id: self.id, letter: letter, word: nil, reply: reply) }
        case .guessWord(let word):
            guard let room else { return sendError(.noGame, "you are in the lobby; type play to start a game") }
            roomCall { reply in room.guess(by: self, id: self.id, letter: nil, word: word, reply: reply) }
        case .setWord(let word, let hint): setWord(word, hint: hint, bare: false)
        case .words(let request):
            guard let room else { return sendError(.invalidInput, "you are in the lobby; a room has words, join one first") }
            roomCall { reply in room.words(by: self, id: self.id, request: request, reply: reply) }
        case .team(let team):
            guard let room else { return sendError(.noGame, "you are in the lobby; team is for a teams game's room") }
            roomCall { reply in room.team(by: self, id: self.id, team: team, reply: reply) }
        case .hint:
            guard let room else { return sendError(.noGame, "you are in the lobby; type play to start a game") }
            roomCall { reply in room.hint(by: self, id: self.id, reply: reply) }
        case .say(let text):
            guard !text.isEmpty else { return sendError(.invalidInput, "usage: say <text>") }
            let now = server.clock.nanoseconds
            guard chatLimiter.take(now: now) else {
                return chatNotice(now: now, "chat slower: at most \(server.config.chatPerSecond) lines a second")
            }
            // Back-pressure: lines in flight (`chat-in-flight`) and output waiting for this client,
            // who receives their own lines (`chat-output-bytes`): a flood costs bounded memory.
            guard connection.pendingOutputBytes <= server.config.chatOutputBytes,
                output.chatSent(limit: server.config.chatInFlight)
            else {
                return chatNotice(now: now, "chat is busy: your line was not sent; slow down")
            }
            if let room {
                room.chat(from: displayName, text: text, sender: self)
            } else {
                server.lobby.chat(from: displayName, text: text, sender: self)
            }
        case .set(let setting, let value):
            guard let room else { return sendError(.notHost, "you are in the lobby; create a room to change its settings") }
            begin()
            room.set(by: self, id: id, setting: setting, value: value) { result in
                self.onQueue {
                    switch result {
                    case .success(let values):
                        var settings = self.server.config.game
                        settings.apply(values, library: self.server.library)
                        self.savedSettings = settings
                        self.saveSettings()
                    case .failure(let error): self.send(error.outbound)
                    }
                    self.finish()
                }
            }
        case .settings:
            if let room {
                room.sendSettings(to: self)
            } else {
                let settings = savedSettings ?? server.config.game
                send(.settings(room: Outbound.newRooms, settings: settings, pending: false))
            }
        case .state:
            guard let room else { return sendError(.noGame, "you are in the lobby; type play to start a game") }
            room.sendState(to: self)
        case .who:
            begin()
            server.lobby.lobbyNames { names in
                self.onQueue {
                    if let room = self.room {
                        room.sendWho(to: self, lobby: names)
                    } else {
                        self.send(.who(room: nil, players: [], spectators: [], lobby: names, host: nil))
                    }
                    self.finish()
                }
            }
        case .kick(let target):
            guard let room else { return sendError(.notHost, "you are in the lobby; only a room's host can kick") }
            roomCall { reply in room.kick(by: self, id: self.id, target: target, reply: reply) }
        case .botAdd(let level): addBot(level: level)
        case .botRemove(let name): removeBot(named: name)
        case .top(let count):
            let limit = min(count ?? server.config.topDefault, server.config.topMax)
            storeCall({ done in self.server.store.leaderboard(limit: limit, player: self.displayName, completion: done) }) {
                .leaderboard(entries: $0.entries, mine: $0.mine)
            }
        case .topRating(let count):
            let limit = min(count ?? server.config.topDefault, server.config.topMax)
            let minGames = server.config.ratingProvisionalGames
            storeCall({ done in
                self.server.store.ratingLeaderboard(limit: limit, minGames: minGames, player: self.displayName, completion: done)
            }) {
                .ratingBoard(entries: $0.entries, mine: $0.mine)
            }
        case .topMonth(let month, let count):
            // `top month` is the month the server's clock is in, UTC (as every board's month is).
            let limit = min(count ?? server.config.topDefault, server.config.topMax)
            let board = month ?? LeaderboardMonth(containing: server.clock.wallSeconds)
            storeCall({ done in
                self.server.store.monthlyLeaderboard(month: board, limit: limit, player: self.displayName, completion: done)
            }) {
                .leaderboard(entries: $0.entries, mine: $0.mine, month: board.description)
            }
        case .highscores:
            storeCall({ done in self.server.store.highScores(limit: 10, completion: done) }) {
                .highscores(entries: $0, highlight: nil)
            }
        case .history(let player):
            let who = player ?? displayName
            storeCall({ done in self.server.store.history(player: who, limit: self.server.config.historyLimit, completion: done) }
            ) {
                .history(player: who, entries: $0)
            }
        case .stats(let player): showStats(of: player ?? displayName)
        case .game(let id):
            storeCall(
                { done in self.server.store.game(id: id, completion: done) },
                notFound: "there is no game \(id); history shows the ids of your games"
            ) { .gameDetail($0) }
        case .historyDelete(let id):
            guard registered else {
                return sendError(.invalidInput, "only a registered player can delete history; type register <password>")
            }
            storeCall(
                { done in self.server.store.deleteHistory(player: self.displayName, gameID: id, completion: done) },
                notFound: "game \(id) is not in your history"
            ) { _ in
                .info("Game \(id) was removed from your history.")
            }
        case .historyReset:
            guard registered else {
                return sendError(.invalidInput, "only a registered player can reset history; type register <password>")
            }
            storeCall({ done in self.server.store.resetHistory(player: self.displayName, completion: done) }) { count in
                .info("Your history was reset (\(count) \(count == 1 ? "game" : "games") removed).")
            }
        }
    }

    /// A refused chat line's notice (the line is dropped either way): in JSON one for every such
    /// line, since a program matches each command to its answer; in text at most one a second, so a
    /// person's paste is not answered by as many errors. It goes the way this player's chat lines
    /// go (their room's queue, or the lobby's), so it comes after the lines typed before it that
    /// went through, not above them.
    func chatNotice(now: UInt64, _ message: String) {
        guard style == .json || lastBusyNotice == 0 || now &- lastBusyNotice >= 1_000_000_000 else { return }
        lastBusyNotice = now
        let notice = Outbound.error(code: .rateLimited, message: message)
        if let room {
            room.tell(self, notice)
        } else {
            server.lobby.tell(self, notice)
        }
    }

    /// Saves the player's settings for new rooms and their bell with the store (best effort).
    func saveSettings() {
        var values = (savedSettings ?? server.config.game).values
        values[Self.bellKey] = output.bell ? "on" : "off"
        server.store.saveSettings(name: displayName, settings: values) { saved in
            if case .failure(let error) = saved {
                self.server.logger.warning("could not save settings of \(self.displayName): \(error)")
            }
        }
    }

    /// The key of the bell among the saved settings (the room settings ignore it).
    static let bellKey = "bell"

    /// The setter's answer (`word <word> [hint]`, or `bare`: the line alone), answered before the
    /// next line runs (unlike guesses): a refusal is the setter's only answer.
    private func setWord(_ word: String, hint: String?, bare: Bool) {
        guard let room else { return sendError(.noGame, "you are in the lobby; word is for a setter game's setter") }
        begin()
        room.setWord(by: self, id: id, word: word, hint: hint, bare: bare) { result in
            self.onQueue {
                if case .failure(let error) = result { self.send(error.outbound) }
                self.finish()
            }
        }
    }

    /// Sends a room request (guess, start, kick) without waiting for it: this session's requests
    /// reach the room's queue in the order typed anyway, and an error is delivered by the room itself,
    /// in order with the room's broadcasts. Saves a hop back to this queue per guess.
    func roomCall(_ call: (@escaping @Sendable (Result<Void, ServerError>) -> Void) -> Void) {
        call { result in
            if case .failure(let error) = result { self.send(error.outbound) }
        }
    }

    /// Runs a store query and shows its result; `notFound` says what the query did not find.
    func storeCall<Value: Sendable>(
        _ call: (@escaping @Sendable (Result<Value, StoreError>) -> Void) -> Void,
        notFound: String = "nothing found",
        render: @escaping @Sendable (Value) -> Outbound
    ) {
        begin()
        call { result in
            self.onQueue {
                switch result {
                case .success(let value): self.send(render(value))
                case .failure(.notFound): self.sendError(.invalidInput, notFound)
                case .failure(let error): self.answerStoreFailure(error)
                }
                self.finish()
            }
        }
    }

    /// A store query failed (other than finding nothing): logged, and the player told to try again.
    func answerStoreFailure(_ error: StoreError) {
        server.logger.warning("store query failed: \(error)")  // the store logs the cause
        sendError(.unavailable, "the leaderboard is unavailable right now; try again soon")
    }
}
