import Dispatch
import HangmanCore
import HangmanNet
import HangmanStore

/// One connected client: the driver that composes its parts. Its login conversation
/// (`LoginConversation`), the order its input runs in (`InputOrder`), its command families (rooms,
/// chat, account, bots, leaderboard: `CommandFamily`) and its output endpoint (`MemberOutput`, the
/// one thing other queues touch) are each their own type with their own state. What the session
/// holds itself (phase, identity, the banner waiting) is confined to the connection's queue, as is
/// every part but the output; rooms, the lobby and the store reach it only through `onQueue`.
public final class Session: ConnectionHandler, LobbyMember, @unchecked Sendable {  // state confined to connection.queue
    enum Phase {
        /// The login dialogue (`login` says where in it).
        case login
        case playing
        case closed
    }

    let connection: any SessionTransport
    /// Strong: a session (and its pending callbacks) must never outlive the server it talks to.
    let server: GameServer
    /// What rooms, the lobby and this session send this player: the one state shared across queues.
    let output: MemberOutput
    let login: LoginConversation
    let rooms: RoomCommands
    let account = AccountCommands()
    /// The command families `run` offers a command to, in order (`rooms` first: it sees every
    /// command, since only `play` straight after its warning confirms it).
    let families: [any CommandFamily]

    private(set) var phase: Phase = .login
    /// Who this player is, set once at login (empty key before).
    private(set) var id = PlayerID("")
    private var order: InputOrder
    /// The banner, waiting for a telnet client's window size (`afterWindowSize`).
    private var bannerWaiting: (@Sendable () -> Void)?

    init(server: GameServer, connection: any SessionTransport) {
        self.server = server
        self.connection = connection
        self.output = MemberOutput(sink: connection)
        self.login = LoginConversation(maxPasswordAttempts: server.config.passwordAttempts)
        self.rooms = RoomCommands(config: server.config)
        self.order = InputOrder(backlogLimit: server.config.commandBacklog)
        self.families = [
            rooms, ChatCommand(config: server.config), account, BotCommands(), LeaderboardCommands(), ModerationCommands(),
        ]
    }

    /// True once the connection is gone: callbacks that arrive later must not claim names or seats.
    var isClosed: Bool {
        if case .closed = phase { return true }
        return false
    }

    var mayWaitForRooms: Bool { connection.mayWaitForRooms }

    // MARK: ConnectionHandler (the real transport forwards to the entry points below)

    public func connectionDidOpen(_ connection: Connection) { didOpen() }
    public func connection(_ connection: Connection, received event: InputEvent) { receive(event) }
    public func connectionWillClose(_ connection: Connection, reason: CloseReason) { willClose(reason: reason) }
    public func connectionDidClose(_ connection: Connection, reason: CloseReason) { didClose(reason: reason) }
    public func connectionInputEnded(_ connection: Connection) { endOfInput() }
    public func connection(_ connection: Connection, terminalChanged terminal: TerminalInfo) {
        terminalChanged(terminal)
    }

    // MARK: entry points, each on the transport's queue

    /// The connection is open: welcome and the name prompt.
    public func didOpen() {
        guard !refusedAddress() else { return }
        // Lines typed before the banner is out wait for it, so `json` sent at once still sees a text banner first.
        begin()
        // A telnet client may have told of its terminal before the session opened (telnet port).
        if connection.isTelnet { terminalChanged(connection.terminal) }
        afterWindowSize {
            self.server.lobby.countOnline { count in
                self.onQueue {
                    self.send(.welcome(server: GameServer.name, version: GameServer.version, playersOnline: count))
                    self.sendPrompt("name")
                    self.finish()
                }
            }
        }
    }

    /// How long the banner waits for a telnet client's window size (NAWS), so that its first
    /// screen already fits: clients answer the server's `DO NAWS` within a round trip.
    static let windowSizeWaitSeconds = 0.3

    /// Runs `banner` once the window size is known: at once for `nc` and for a telnet client that
    /// already said it, else when NAWS arrives or after `windowSizeWaitSeconds`. On the queue.
    private func afterWindowSize(_ banner: @escaping @Sendable () -> Void) {
        guard connection.isTelnet, !Self.welcomeMayGo(connection.terminal) else { return banner() }
        bannerWaiting = banner
        server.clock.schedule(after: Self.windowSizeWaitSeconds, on: connection.queue) { self.showBanner() }
    }

    /// The welcome is still waiting for the window size or an MTTS answer.
    var bannerIsWaiting: Bool { bannerWaiting != nil }

    /// The banner that waited for the window size goes out (once).
    func showBanner() {
        guard let banner = bannerWaiting else { return }
        bannerWaiting = nil
        banner()
    }

    /// A line (or a notice about input) arrived.
    public func receive(_ event: InputEvent) {
        // The player pressed Enter: their terminal's cursor is at the start of a new line.
        if case .line = event { output.lineTyped() }
        // Errors about input wait their turn like lines: reported before the lines typed earlier
        // ran, they could come in the wrong output mode (a `json` still waiting) or order.
        switch order.arrived(event) {
        case .run: run(event)
        case .wait(let pause):
            // Full, the transport holds the next lines (TCP pushes back): nothing is dropped.
            if pause { connection.setInputPaused(true) }
        }
    }

    private func run(_ event: InputEvent) {
        switch event {
        case .line(let line):
            handle(line)
        case .lineTooLong:
            if waitsForEarlierAnswers(event) { return }
            sendError(.lineTooLong, "that line was longer than \(server.config.limits.maxLineBytes) bytes and was ignored")
        case .rateLimited:
            if waitsForEarlierAnswers(event) { return }
            sendError(.rateLimited, "too many commands; at most \(server.config.limits.commandsPerSecond) a second")
        }
    }

    /// The transport says no more lines will come (on the transport's queue, after the last one).
    /// A client that ends its input (`printf 'ann\ntop\n' | nc -N host 4000`) still gets every answer.
    public func endOfInput() {
        order.endInput()
        closeIfAnswered()
    }

    /// The server is about to close the connection: the last chance to say why.
    public func willClose(reason: CloseReason) {
        let limits = server.config.limits
        switch reason {
        case .idle:
            let seconds = id.key.isEmpty ? limits.idleLoginSeconds : limits.idleSeconds
            sendLast(.goodbye("Disconnected: nothing typed for \(seconds) s. Come back any time!"))
        case .rateAbuse:
            sendLast(.goodbye("Disconnected: far too many commands too fast."))
        case .loginDeadline:
            sendLast(.goodbye("Disconnected: logging in took over \(limits.loginDeadlineSeconds) s. Come back any time!"))
        case .loginDisplaced:
            sendLast(.goodbye("Disconnected: too many connections are logging in from your address. Try again soon."))
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
        stop()
        server.logger.info("disconnect \(connection.peer) \(displayName.isEmpty ? "(no name)" : displayName): \(reason)")
        guard wasPlaying else { return }
        if let room = rooms.room {
            if rooms.seated, let cut = SlowReadCut(reason, limitBytes: server.config.limits.maxOutputBytes) {
                server.lobby.noteCut(id: id, member: self, cut)
            }
            // The room keeps a seated player's name for the grace period and releases a spectator's.
            room.disconnected(id: id, member: self)
        } else {
            server.lobby.release(id: id, member: self)
        }
    }

    /// Nothing more runs or is prompted for.
    private func stop() {
        phase = .closed
        output.endPlay()
        order.clear()
    }

    /// Closes at once with last words, dropping the lines still waiting to run (an operator's ban,
    /// a refused address).
    func closeDroppingInput(goodbye: Outbound) {
        order.clear()
        phase = .closed
        sendLast(goodbye)
        connection.close(reason: .requested)
    }

    /// Closes the connection at this session's request (quit, too many wrong passwords).
    func close(reason: CloseReason) {
        phase = .closed
        connection.close(reason: reason)
    }

    // MARK: command flow

    /// Marks the session busy until `finish()`; lines typed meanwhile wait their turn.
    func begin() { order.begin() }

    /// Called (on the connection queue) when an asynchronous command is done: runs waiting lines.
    func finish() {
        dispatchPrecondition(condition: .onQueue(connection.queue))
        order.finished()
        while let event = order.next() {
            if isClosed { return order.clear() }
            run(event)
        }
        if order.takeResume() { connection.setInputPaused(false) }
        closeIfAnswered()
    }

    /// Runs `body` back on this session's queue.
    func onQueue(_ body: @escaping @Sendable () -> Void) {
        connection.queue.async(execute: body)
    }

    private func handle(_ line: String) {
        dispatchPrecondition(condition: .onQueue(connection.queue))
        switch phase {
        case .closed: return
        case .login: login.line(line, self)
        case .playing:
            let parsed = CommandParser.parse(line)
            if waitsForEarlierAnswers(.line(line), answeredThere: isAnsweredThere(parsed)) { return }
            if output.takeAway(), let room = rooms.room { room.active(member: self, id: id) }
            switch parsed {
            case .success(let command): run(command)
            case .failure(let error): sendError(error.code, error.message)
            }
            order.answersMayFollow()
        }
    }

    /// True when `event` must first wait for the answers of earlier commands: it is then put back
    /// at the head of the backlog and runs after one turn of the queue they come from (a room's,
    /// else the lobby's). A program that pipelines commands matches each answer to its command by
    /// order alone (the protocol has no request ids), so an answer made here must never overtake
    /// one an earlier command gets from there (`AnswerOrderTests`).
    private func waitsForEarlierAnswers(_ event: InputEvent, answeredThere: Bool = false) -> Bool {
        guard case .playing = phase, order.mustWait(event, answeredThere: answeredThere) else { return false }
        let queue = rooms.room?.queue ?? server.lobby.queue
        queue.async { self.onQueue { self.finish() } }
        return true
    }

    /// Commands whose every answer (refusals included) is made on the queue earlier answers come
    /// from, in order with what it sends: the room's for these commands typed in a room, the
    /// lobby's for chat typed in the lobby. Such commands typed in a row need no wait.
    private func isAnsweredThere(_ parsed: Result<Command, CommandError>) -> Bool {
        guard case .success(let command) = parsed else { return false }
        switch command {
        case .empty: return true
        case .say(let text): return !text.isEmpty
        case .guessLetter, .guessWord, .start, .hint, .team, .words, .kick, .votekick, .state, .settings:
            return rooms.room != nil
        default: return false
        }
    }

    /// Closes once the input ended and nothing the client sent is still waiting or running, after
    /// one turn of its room's and the lobby's queues, so what they sent in answer went out first.
    /// Closing with `.inputEnded` flushes the output.
    private func closeIfAnswered() {
        guard !isClosed, order.takeClose() else { return }
        let queues = [rooms.room?.queue, server.lobby.queue].compactMap { $0 }
        after(queues[...]) { self.connection.close(reason: .inputEnded) }
    }

    /// Runs `body` on this session's queue after one turn of each of `queues`, in order.
    private func after(_ queues: ArraySlice<DispatchQueue>, _ body: @escaping @Sendable () -> Void) {
        guard let first = queues.first else { return onQueue(body) }
        first.async { self.after(queues.dropFirst(), body) }
    }

    // MARK: who this is

    /// The one place login completes (`LoginConversation`): from here on the player is `id`. (A
    /// transport that wants to know, e.g. to end a hard login deadline, is told here.)
    /// `cut`: on a resume, why the server cut the last connection (told after the greeting).
    func completeLogin(_ id: PlayerID, registered: Bool, resuming resumed: Room?, token: String?, cut: SlowReadCut?) {
        self.id = id
        phase = .playing
        // The first room's `joined` and `state` go out on its queue just after its reply.
        order.answersMayFollow()
        output.begin(as: id.name, inPlay: true)
        connection.loginCompleted()
        connection.setIdleTimeout(seconds: server.config.limits.idleSeconds)
        server.logger.info("login \(id.name) from \(connection.peer)\(resumed != nil ? " (resumed)" : "")")
        send(.loggedIn(name: id.name, registered: registered, resumed: resumed != nil, resumeToken: token))
        if resumed != nil, let cut { send(.info(cut.message)) }
        rooms.enter(resuming: resumed, self)
    }

    /// This is a house bot's session: logged in as `id` (no login dialogue: the name came from the
    /// lobby), in JSON mode, seated in `room`. On the queue.
    func becomeBot(_ id: PlayerID, in room: Room) {
        self.id = id
        output.begin(as: id.name, inPlay: false)
        output.setStyle(.json)
        phase = .playing
        rooms.seatBot(in: room)
    }

    /// The right password for this player's name was given on another connection: say so and
    /// close. The seat and the name now belong to the new session, so closing this one must not
    /// mark the seat away or release the name; a spectator's place is given up. Any queue.
    func displace(by peer: String) {
        onQueue {
            guard case .playing = self.phase else { return }
            self.server.logger.info("\(self.displayName) logged in again from \(peer); closing \(self.connection.peer)")
            self.rooms.handOver(self)
            self.stop()
            self.sendLast(.goodbye("You logged in from elsewhere; this connection is closed."))
            self.connection.close(reason: .requested)
        }
    }

    /// The account's password stamp as the store holds it now (`Lobby+PasswordCheck.swift`). A
    /// password changed elsewhere signs this login out; its seat is kept for the grace period, as
    /// for any lost connection, for a login with the new password. Any queue.
    func passwordChecked(_ stored: PasswordStamp) {
        onQueue {
            guard case .playing = self.phase, self.account.changedElsewhere(stored) else { return }
            self.server.logger.info("\(self.displayName): password changed elsewhere; signing out \(self.connection.peer)")
            let seat = self.rooms.seated ? " Your seat is kept for \(self.server.config.graceSeconds) s." : ""
            self.sendLast(
                .goodbye(
                    "The password of \(self.displayName) was changed elsewhere, so this connection is closed: "
                        + "log in again with the new one.\(seat)"))
            self.connection.close(reason: .requested)
        }
    }

    /// The room removed this player (kicked): back to the lobby, told so and what to type next. The
    /// prompt is plain at once, before the room's `left` reaches them (one kicked on their turn kept
    /// `your turn> ` in the lobby). Any queue.
    func removed(from room: Room, by: String) {
        output.turnEnded()
        onQueue { self.rooms.removed(from: room, by: by, self) }
    }
}
