import Dispatch
import HangmanCore
import HangmanNet
import HangmanStore
import Synchronization

/// One connected client: the login dialogue, its output style, and the routing of its commands to
/// the lobby, its room or the store. Its state is confined to the connection's queue. Commands run
/// one at a time: while one waits for an answer from another queue, later lines wait in `backlog`,
/// so a client's commands always take effect in the order they were typed.
public final class Session: ConnectionHandler, @unchecked Sendable {  // state confined to connection.queue; style is atomic
    enum Phase {
        case name
        case password(id: PlayerID, attempts: Int)
        case playing
        case closed
    }

    let connection: any SessionTransport
    /// Strong: a session (and its pending callbacks) must never outlive the server it talks to.
    let server: GameServer
    private let styleRaw = Atomic<UInt8>(OutputStyle.text.rawValue)
    private let nameLock = Locked<String>("")
    /// Logged in and not gone: text output ends with a prompt.
    private let inPlay = Atomic<Bool>(false)
    /// The prompt is the last thing sent (the cursor waits after it).
    private let promptShowing = Atomic<Bool>(false)
    /// The last words were said (goodbye, the shutdown notice): nothing more is sent, no prompt.
    private let silenced = Atomic<Bool>(false)

    var phase: Phase = .name
    /// Who this player is, set once at login (empty key before).
    var id = PlayerID("")
    var registered = false
    var room: Room?
    var savedSettings: Settings?
    /// A terminal bell when this player's turn comes (`bell on|off`, saved with the settings).
    var bell = false
    /// Seated (not watching) in `room`.
    var seated = false
    /// `play` was refused once because it would leave a running game: the next `play` confirms.
    var playNeedsConfirm = false
    private var backlog: [InputEvent] = []
    private var busy = false
    private var chatLimiter: TokenBucket

    /// Chat back-pressure: lines this session handed to the lobby or its room that are not
    /// broadcast yet, and output waiting for this client (who receives their own lines). Past
    /// either bound a chat line is dropped with `rate_limited` (at most one notice a second), so a
    /// flood from senders faster than the readers can take costs bounded memory instead of
    /// queues and output buffers that grow until readers are disconnected. The bounds are the
    /// settings `chat-in-flight` and `chat-output-bytes`.
    private let chatInFlight = Atomic<Int>(0)
    private var lastBusyNotice: UInt64 = 0

    init(server: GameServer, connection: any SessionTransport) {
        self.server = server
        self.connection = connection
        self.chatLimiter = TokenBucket(rate: server.config.chatPerSecond, burst: server.config.chatBurst)
    }

    /// True once the connection is gone: callbacks that arrive later must not claim names or seats.
    private var isClosed: Bool {
        if case .closed = phase { return true }
        return false
    }

    var style: OutputStyle { OutputStyle(rawValue: styleRaw.load(ordering: .relaxed)) ?? .text }

    /// The player's name once chosen ("" before). Readable from any queue.
    var displayName: String { nameLock.withLock { $0 } }

    // MARK: output

    /// The lobby or room has broadcast one of this session's chat lines. Any queue.
    func chatBroadcast() {
        chatInFlight.subtract(1, ordering: .relaxed)
    }

    /// Sends one event rendered in this session's style. Any queue.
    func deliver(_ event: Outbound) {
        let style = self.style
        output(Renderer.render(event, style: style), style: style, prompt: event.wantsPrompt)
    }

    /// Sends a broadcast's bytes for this session's style, rendering them at most once per style.
    func deliver(_ rendered: inout RenderedEvent) {
        let style = self.style
        output(rendered.bytes(for: style), style: style, prompt: rendered.wantsPrompt)
    }

    private static let crlf: [UInt8] = [13, 10]
    private static let promptBytes = Array("> ".utf8)

    /// In text mode during play every output ends with the `> ` prompt; output that comes while the
    /// prompt waits first ends its line. The event's own bytes stay the shared broadcast bytes.
    private func output(_ bytes: [UInt8], style: OutputStyle, prompt: Bool) {
        guard !silenced.load(ordering: .relaxed) else { return }
        guard style != .json, inPlay.load(ordering: .relaxed) else { return connection.send(bytes) }
        if promptShowing.exchange(false, ordering: .relaxed) { connection.send(Self.crlf) }
        connection.send(bytes)
        if prompt {
            connection.send(Self.promptBytes)
            promptShowing.store(true, ordering: .relaxed)
        }
    }

    private func send(_ event: Outbound) { deliver(event) }

    /// Sends the last words of a connection (goodbye, the shutdown notice): no prompt after them,
    /// and nothing at all once they are out. Any queue.
    func deliverLast(_ rendered: inout RenderedEvent) {
        let style = self.style
        guard !silenced.exchange(true, ordering: .relaxed) else { return }
        if style != .json, promptShowing.exchange(false, ordering: .relaxed) { connection.send(Self.crlf) }
        connection.send(rendered.bytes(for: style))
    }

    private func sendLast(_ event: Outbound) {
        var rendered = RenderedEvent(event)
        deliverLast(&rendered)
    }

    private func sendError(_ code: ErrorCode, _ message: String) {
        send(.error(code: code, message: message))
    }

    private func sendPrompt(_ what: String) {
        switch style {
        case .json: send(.prompt(for: what))
        case .text, .color:
            connection.send(TextRenderer.prompt(what, color: style == .color))
        }
    }

    // MARK: ConnectionHandler (the real transport forwards to the entry points below)

    public func connectionDidOpen(_ connection: Connection) { didOpen() }
    public func connection(_ connection: Connection, received event: InputEvent) { receive(event) }
    public func connectionWillClose(_ connection: Connection, reason: CloseReason) { willClose(reason: reason) }
    public func connectionDidClose(_ connection: Connection, reason: CloseReason) { didClose(reason: reason) }

    // MARK: entry points, each on the transport's queue

    /// The connection is open: welcome and the name prompt.
    public func didOpen() {
        // Lines typed before the banner is out wait for it, so `json` sent at once still sees a text banner first.
        begin()
        server.lobby.countOnline { count in
            self.onQueue {
                self.send(.welcome(server: GameServer.name, version: GameServer.version, playersOnline: count))
                self.sendPrompt("name")
                self.finish()
            }
        }
    }

    /// A line (or a notice about input) arrived.
    public func receive(_ event: InputEvent) {
        // The player pressed Enter: their terminal's cursor is at the start of a new line.
        if case .line = event { promptShowing.store(false, ordering: .relaxed) }
        // Errors about input wait their turn like lines: reported before the lines typed earlier
        // ran, they could come in the wrong output mode (a `json` still waiting) or order.
        if busy {
            guard backlog.count < server.config.commandBacklog else {
                return sendError(.rateLimited, "slow down: wait for the answers to your last commands")
            }
            backlog.append(event)
        } else {
            run(event)
        }
    }

    private func run(_ event: InputEvent) {
        switch event {
        case .line(let line):
            handle(line)
        case .lineTooLong:
            sendError(.lineTooLong, "that line was longer than \(server.config.limits.maxLineBytes) bytes and was ignored")
        case .rateLimited:
            sendError(.rateLimited, "too many commands; at most \(server.config.limits.commandsPerSecond) a second")
        }
    }

    /// The server is about to close the connection: the last chance to say why.
    public func willClose(reason: CloseReason) {
        switch reason {
        case .idle:
            let seconds = id.key.isEmpty ? server.config.limits.idleLoginSeconds : server.config.limits.idleSeconds
            sendLast(.goodbye("Disconnected: nothing typed for \(seconds) s. Come back any time!"))
        case .rateAbuse:
            sendLast(.goodbye("Disconnected: far too many commands too fast."))
        case .serverShutdown:
            // Logged-in players were told by the lobby's broadcast; tell those still at a prompt.
            if case .playing = phase { return }
            sendLast(.goodbye("The server is shutting down now. See you soon!"))
        default:
            return
        }
    }

    /// The connection is gone (once): the seat is kept for the grace period, the name released.
    public func didClose(reason: CloseReason) {
        let wasPlaying: Bool
        if case .playing = phase { wasPlaying = true } else { wasPlaying = false }
        phase = .closed
        inPlay.store(false, ordering: .relaxed)
        backlog.removeAll()
        server.logger.info("disconnect \(connection.peer) \(displayName.isEmpty ? "(no name)" : displayName): \(reason)")
        guard wasPlaying else { return }
        if let room {
            // The room keeps a seated player's name for the grace period and releases a spectator's.
            room.disconnected(id: id, session: self)
        } else {
            server.lobby.release(id: id, session: self)
        }
    }

    // MARK: command flow

    /// Marks the session busy until `finish()`; lines typed meanwhile wait their turn.
    private func begin() { busy = true }

    /// Called (on the connection queue) when an asynchronous command is done: runs waiting lines.
    func finish() {
        dispatchPrecondition(condition: .onQueue(connection.queue))
        busy = false
        while !busy, !backlog.isEmpty {
            if case .closed = phase {
                backlog.removeAll()
                return
            }
            run(backlog.removeFirst())
        }
    }

    /// Runs `body` back on this session's queue.
    func onQueue(_ body: @escaping @Sendable () -> Void) {
        connection.queue.async(execute: body)
    }

    private func handle(_ line: String) {
        dispatchPrecondition(condition: .onQueue(connection.queue))
        switch phase {
        case .closed: return
        case .name: handleAtNamePrompt(line)
        case .password(let id, let attempts): handleAtPasswordPrompt(line, id: id, attempts: attempts)
        case .playing:
            switch CommandParser.parse(line) {
            case .success(let command): run(command)
            case .failure(let error): sendError(error.code, error.message)
            }
        }
    }

    // MARK: login

    private func handleAtNamePrompt(_ line: String) {
        let candidate: String
        switch CommandParser.parse(line) {
        case .success(.empty): return sendPrompt("name")
        case .success(.name(let name)): candidate = name
        case .success(.bare(let text)): candidate = text
        case .success(.guessLetter(let letter)): candidate = String(letter)
        case .success(let command) where command.worksBeforeLogin:
            runAnywhere(command)
            if case .name = phase { sendPrompt("name") }
            return
        case .success:
            sendError(.nameInvalid, "choose a name first (a command word is not a name)")
            return sendPrompt("name")
        case .failure(let error):
            sendError(error.code, error.message)
            return sendPrompt("name")
        }
        if let problem = CommandParser.validateName(candidate) {
            sendError(.nameInvalid, problem)
            return sendPrompt("name")
        }
        let id = PlayerID(candidate)
        begin()
        server.lobby.isOnline(id) { online in
            self.onQueue {
                guard online == false else {
                    self.sendError(.nameTaken, "\(candidate) is playing right now; choose another name")
                    self.sendPrompt("name")
                    return self.finish()
                }
                self.server.store.isRegistered(name: candidate) { result in
                    self.onQueue {
                        switch result {
                        case .success(true):
                            self.phase = .password(id: id, attempts: 0)
                            self.connection.setEchoHidden(true)
                            self.sendPrompt("password")
                            self.finish()
                        case .success(false):
                            self.completeLogin(id: id, registered: false)
                        case .failure(let error):
                            self.server.logger.error("store: isRegistered failed: \(error)")
                            // Without the store we cannot tell whether the name is protected: refuse it safely.
                            self.sendError(.unavailable, "the account store is unavailable; try again in a moment")
                            self.sendPrompt("name")
                            self.finish()
                        }
                    }
                }
            }
        }
    }

    private func handleAtPasswordPrompt(_ line: String, id: PlayerID, attempts: Int) {
        let name = id.name
        var secret = line.trimmingSpaces()
        switch CommandParser.parse(line) {
        case .success(.password(let given)): secret = given
        case .success(.quit): return runAnywhere(.quit)
        case .success(.empty): return sendPrompt("password")
        default: break
        }
        let address = connection.peerAddress
        if let wait = server.throttle.blockedSeconds(address: address) {
            sendError(.rateLimited, "too many wrong passwords from your address; try again in \(wait) s")
            return sendPrompt("password")
        }
        begin()
        server.store.verify(name: name, password: secret) { result in
            self.onQueue {
                guard case .password = self.phase else { return self.finish() }
                // With echo off the client did not echo the Enter either: end the prompt's line ourselves.
                if self.connection.isTelnet, self.style != .json { self.connection.send([13, 10]) }
                switch result {
                case .success(true):
                    self.connection.setEchoHidden(false)
                    self.completeLogin(id: id, registered: true)
                case .success(false):
                    self.server.throttle.recordFailure(address: address)
                    self.server.logger.warning("bad password for \(name) from \(self.connection.peer)")
                    let used = attempts + 1
                    if used >= self.server.config.passwordAttempts {
                        self.sendError(.badPassword, "wrong password \(used) times; goodbye")
                        self.connection.setEchoHidden(false)
                        self.phase = .closed
                        self.connection.close(reason: .requested)
                        return
                    }
                    self.phase = .password(id: id, attempts: used)
                    self.sendError(
                        .badPassword,
                        "that is not the password of \(name) (\(self.server.config.passwordAttempts - used) tries left)")
                    self.sendPrompt("password")
                    self.finish()
                case .failure(let error):
                    self.server.logger.error("store: verify failed: \(error)")
                    self.sendError(.unavailable, "the account store is unavailable; try again in a moment")
                    self.sendPrompt("password")
                    self.finish()
                }
            }
        }
    }

    /// The name is free (and its password right): claim it, load the player's settings, start playing.
    private func completeLogin(id claimed: PlayerID, registered: Bool) {
        let name = claimed.name
        server.lobby.claim(id: claimed, session: self) { result in
            self.onQueue {
                switch result {
                case .taken:
                    self.phase = .name
                    self.sendError(.nameTaken, "\(name) is playing right now; choose another name")
                    self.sendPrompt("name")
                    self.finish()
                case .claimed(let id, let resumed):
                    guard !self.isClosed else {
                        // The client left while we asked: give the name back at once.
                        self.server.lobby.release(id: id, session: self)
                        return
                    }
                    // The one place login completes: from here on the player is `id`.
                    self.id = id
                    self.nameLock.withLock { $0 = id.name }
                    self.registered = registered
                    self.phase = .playing
                    self.inPlay.store(true, ordering: .relaxed)
                    self.connection.setIdleTimeout(seconds: self.server.config.limits.idleSeconds)
                    self.server.logger.info("login \(name) from \(self.connection.peer)\(resumed != nil ? " (resumed)" : "")")
                    self.send(.loggedIn(name: id.name, registered: registered, resumed: resumed != nil))
                    self.server.store.loadSettings(name: name) { loaded in
                        self.onQueue {
                            guard !self.isClosed else { return }  // connectionDidClose released the name
                            if case .success(let values?) = loaded {
                                var settings = self.server.config.game
                                settings.apply(values, words: self.server.words)
                                self.savedSettings = settings
                                self.bell = values[Self.bellKey] == "on"
                            }
                            if let room = resumed {
                                self.resume(in: room)
                            } else {
                                self.quickPlay()
                            }
                        }
                    }
                }
            }
        }
    }

    private func resume(in room: Room) {
        room.resume(session: self, id: id) { ok in
            self.onQueue {
                if self.isClosed {
                    // Gone again before the seat was back; the name was already released, so the seat goes too.
                    if ok { room.leave(id: self.id, session: self, reason: "disconnected") }
                    return
                }
                if ok {
                    self.room = room
                    self.seated = true
                    self.finish()
                } else {
                    self.server.lobby.setLocation(id: self.id, session: self, room: nil)
                    self.quickPlay()
                }
            }
        }
    }

    // MARK: commands

    /// Commands that work at any phase.
    private func runAnywhere(_ command: Command) {
        switch command {
        case .json:
            // Text prompts have no line end; finish that line so the first JSON object starts a line of its own.
            if style != .json { connection.send([13, 10]) }
            styleRaw.store(OutputStyle.json.rawValue, ordering: .relaxed)
            send(.info("JSON mode: one object per line. Type text to go back."))
        case .text:
            styleRaw.store(OutputStyle.text.rawValue, ordering: .relaxed)
            send(.info("Text mode."))
        case .color(let on):
            guard style != .json else { return sendError(.invalidInput, "colour is for text mode; type text first") }
            styleRaw.store((on ? OutputStyle.color : OutputStyle.text).rawValue, ordering: .relaxed)
            send(.info(on ? "Colour on." : "Colour off."))
        case .help(let topic):
            switch Help.text(for: topic) {
            case .some(let lines): send(.help(topic: topic, text: lines))
            case .none: sendError(.invalidInput, "no help for '\(topic ?? "")'; type help for the list")
            }
        case .quit:
            sendLast(.goodbye("Thanks for playing. Goodbye!"))
            leaveRoom(reason: "quit")
            if !id.key.isEmpty { server.lobby.release(id: id, session: self) }
            phase = .closed
            connection.close(reason: .requested)
        default:
            break
        }
    }

    private func run(_ command: Command) {
        // Only `play` straight after the warning confirms it.
        let confirming = playNeedsConfirm
        playNeedsConfirm = false
        if case .play = command, confirming { return quickPlay() }
        switch command {
        case .empty: return
        case .json, .text, .color, .help, .quit: runAnywhere(command)
        case .name: sendError(.invalidInput, "you are \(displayName) already; quit and connect again to change names")
        case .password: sendError(.invalidInput, "no password was asked for")
        case .register(let secret): register(secret)
        case .bare(let text):
            let word = text.split(separator: " ").first.map(String.init) ?? text
            sendError(.unknownCommand, "unknown command '\(word)'; type help for the list")
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
            bell = on
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
        case .watch(let name, let password): join(name: name, password: password, spectator: true)
        case .leave:
            guard room != nil else { return sendError(.invalidInput, "you are in the lobby already") }
            begin()
            leaveRoom(reason: nil) {
                self.send(.info("You are in the lobby. Type play, rooms, or create <room>."))
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
        case .say(let text):
            guard !text.isEmpty else { return sendError(.invalidInput, "usage: say <text>") }
            let now = server.clock.nanoseconds
            guard chatLimiter.take(now: now) else {
                return chatNotice(now: now, "chat slower: at most \(server.config.chatPerSecond) lines a second")
            }
            guard chatInFlight.load(ordering: .relaxed) < server.config.chatInFlight,
                connection.pendingOutputBytes <= server.config.chatOutputBytes
            else {
                return chatNotice(now: now, "chat is busy: your line was not sent; slow down")
            }
            chatInFlight.add(1, ordering: .relaxed)
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
                        settings.apply(values, words: self.server.words)
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
                send(.settings(room: "your new rooms", values: settings.described, pending: false))
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
                        self.send(.who(room: nil, players: [], spectators: [], lobby: names))
                    }
                    self.finish()
                }
            }
        case .kick(let target):
            guard let room else { return sendError(.notHost, "you are in the lobby; only a room's host can kick") }
            roomCall { reply in room.kick(by: self, id: self.id, target: target, reply: reply) }
        case .top(let count):
            let limit = min(count ?? server.config.topDefault, server.config.topMax)
            storeCall({ done in self.server.store.leaderboard(limit: limit, player: self.displayName, completion: done) }) {
                .leaderboard(entries: $0.entries, mine: $0.mine)
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
        case .stats(let player):
            let who = player ?? displayName
            storeCall({ done in self.server.store.stats(player: who, completion: done) }) { .stats($0) }
        case .game(let id):
            storeCall({ done in self.server.store.game(id: id, completion: done) }) { .gameDetail($0) }
        case .historyDelete(let id):
            guard registered else {
                return sendError(.invalidInput, "only a registered player can delete history; type register <password>")
            }
            storeCall({ done in self.server.store.deleteHistory(player: self.displayName, gameID: id, completion: done) }) { _ in
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

    /// At most one chat-rate notice a second, as the notice itself says (lines over the rate are
    /// dropped either way).
    private func chatNotice(now: UInt64, _ message: String) {
        guard lastBusyNotice == 0 || now &- lastBusyNotice >= 1_000_000_000 else { return }
        lastBusyNotice = now
        sendError(.rateLimited, message)
    }

    /// Saves the player's settings for new rooms and their bell with the store (best effort).
    private func saveSettings() {
        var values = (savedSettings ?? server.config.game).values
        values[Self.bellKey] = bell ? "on" : "off"
        server.store.saveSettings(name: displayName, settings: values) { saved in
            if case .failure(let error) = saved {
                self.server.logger.warning("could not save settings of \(self.displayName): \(error)")
            }
        }
    }

    /// The key of the bell among the saved settings (the room settings ignore it).
    static let bellKey = "bell"

    /// Sends a room request (guess, start, kick) without waiting for it: this session's requests
    /// reach the room's queue in the order typed anyway, and an error is delivered by the room itself,
    /// in order with the room's broadcasts. Saves a hop back to this queue per guess.
    private func roomCall(_ call: (@escaping @Sendable (Result<Void, ServerError>) -> Void) -> Void) {
        call { result in
            if case .failure(let error) = result { self.deliver(error.outbound) }
        }
    }

    /// Runs a store query and shows its result.
    private func storeCall<Value: Sendable>(
        _ call: (@escaping @Sendable (Result<Value, StoreError>) -> Void) -> Void,
        render: @escaping @Sendable (Value) -> Outbound
    ) {
        begin()
        call { result in
            self.onQueue {
                switch result {
                case .success(let value): self.send(render(value))
                case .failure(.notFound): self.sendError(.invalidInput, "nothing found")
                case .failure(let error):
                    self.server.logger.error("store query failed: \(error)")
                    self.sendError(.unavailable, "the leaderboard is unavailable right now; try again soon")
                }
                self.finish()
            }
        }
    }

    private func register(_ secret: String) {
        guard !registered else { return sendError(.invalidInput, "\(displayName) is registered already") }
        guard (4...72).contains(secret.utf8.count) else {
            return sendError(.invalidInput, "a password is 4 to 72 bytes long")
        }
        begin()
        server.store.register(name: displayName, password: secret) { result in
            self.onQueue {
                switch result {
                case .success:
                    self.registered = true
                    self.send(.info("\(self.displayName) is now registered: next time this name asks for the password."))
                case .failure(.nameTaken):
                    self.sendError(.nameTaken, "\(self.displayName) is registered already")
                case .failure(let error):
                    self.server.logger.error("store: register failed: \(error)")
                    self.sendError(.unavailable, "could not register right now; try again soon")
                }
                self.finish()
            }
        }
    }

    // MARK: moving between rooms

    /// Leaves the current room (if any) and goes back to the lobby.
    private func leaveRoom(reason: String?, then: (@Sendable () -> Void)? = nil) {
        guard let current = room else {
            then?()
            return
        }
        room = nil
        seated = false
        server.lobby.setLocation(id: id, session: self, room: nil)
        current.leave(id: id, session: self, reason: reason) {
            if let then { self.onQueue(then) }
        }
    }

    /// The room removed this player (kicked): back to the lobby.
    func wasRemoved(from room: Room, message: String) {
        onQueue {
            guard self.room === room else { return }
            self.room = nil
            self.seated = false
            self.server.lobby.setLocation(id: self.id, session: self, room: nil)
            self.send(.info(message))
        }
    }

    private func quickPlay(attempt: Int = 1) {
        begin()
        leaveRoom(reason: nil) {
            let settings = self.savedSettings ?? self.server.config.game
            // The directory the lobby picks from lags a burst of joins; a retry takes a room of its own.
            self.server.lobby.quickRoom(settings: settings, fresh: attempt > 2) { result in
                switch result {
                case .failure(let error):
                    self.onQueue {
                        self.send(error.outbound)
                        self.finish()
                    }
                case .success(let room):
                    self.enter(room, password: nil, spectator: false) { error in
                        self.server.lobby.quickJoinFinished(room)
                        // The room filled up or emptied between the lobby's pick and our arrival: pick again.
                        if let error, attempt < 3, error.code == .roomFull || error.code == .noSuchRoom {
                            return self.quickPlay(attempt: attempt + 1)
                        }
                        if let error { self.send(error.outbound) }
                        self.finish()
                    }
                }
            }
        }
    }

    private func create(name: String, password: String?) {
        if let problem = CommandParser.validateRoomName(name) { return sendError(.invalidInput, problem) }
        begin()
        leaveRoom(reason: nil) {
            let settings = self.savedSettings ?? self.server.config.game
            self.server.lobby.createRoom(name: name, password: password, settings: settings) { result in
                switch result {
                case .failure(let error):
                    self.onQueue {
                        self.send(error.outbound)
                        self.finish()
                    }
                case .success(let room):
                    self.enter(room, password: password, spectator: false) { error in
                        if let error {
                            self.send(error.outbound)
                        } else if let password {
                            // `create friday night` must not make a private room silently.
                            self.send(
                                .info(
                                    "\(room.name) is private: its password is \(password) (only you see this). "
                                        + "Friends join with: join \(room.name) \(password)"))
                        }
                        self.finish()
                    }
                }
            }
        }
    }

    private func join(name: String, password: String?, spectator: Bool) {
        if let problem = CommandParser.validateRoomName(name) { return sendError(.invalidInput, problem) }
        begin()
        server.lobby.room(named: name) { found in
            self.onQueue {
                guard let room = found else {
                    self.send(ServerError.noSuchRoom(name).outbound)
                    return self.finish()
                }
                if room === self.room {
                    // Same room: the room decides (a spectator may take a seat; anything else is refused).
                    return self.enterThenFinish(room, password: password, spectator: spectator)
                }
                self.leaveRoom(reason: nil) {
                    self.enterThenFinish(room, password: password, spectator: spectator)
                }
            }
        }
    }

    /// `enter`, then shows its error (if any) and lets the next waiting line run.
    private func enterThenFinish(_ room: Room, password: String?, spectator: Bool) {
        enter(room, password: password, spectator: spectator) { error in
            if let error { self.send(error.outbound) }
            self.finish()
        }
    }

    /// Takes a seat (or a spectator's place) in `room`; `done` runs on the session's queue.
    private func enter(_ room: Room, password: String?, spectator: Bool, done: @escaping @Sendable (ServerError?) -> Void) {
        room.join(session: self, id: id, password: password, spectator: spectator) { result in
            self.onQueue {
                switch result {
                case .success:
                    guard !self.isClosed else {
                        // Seated after the connection went (its name is already released): free the seat.
                        room.leave(id: self.id, session: self, reason: "disconnected")
                        return done(nil)
                    }
                    self.room = room
                    self.seated = !spectator
                    self.server.lobby.setLocation(id: self.id, session: self, room: room)
                    done(nil)
                case .failure(let error):
                    done(error)
                }
            }
        }
    }
}
