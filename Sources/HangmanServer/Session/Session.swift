import Dispatch
import HangmanCore
import HangmanNet
import HangmanStore
import HangmanSync
import Synchronization

/// One connected client: the login dialogue, its output style, and the routing of its commands to
/// the lobby, its room or the store. Its state is confined to the connection's queue. Commands run
/// one at a time: while one waits for an answer from another queue, later lines wait in `backlog`,
/// so a client's commands always take effect in the order they were typed; when it is full the
/// transport holds the next ones (`setInputPaused`) rather than anything being dropped.
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

    var phase: Phase = .login
    var login: LoginFlow
    /// The room a claimed name resumes (set by the lobby's answer, used once login completes).
    var resuming: Room?
    /// On a resume: why the server cut the last connection, told after the greeting.
    var resumeCut: SlowReadCut?
    /// The name's resume token from the lobby's answer, shown once at login (unregistered names).
    var resumeToken: String?
    /// Who this player is, set once at login (empty key before).
    var id = PlayerID("")
    var registered = false
    /// The password this registered player logged in (or registered) with, as the store stamped it:
    /// compared with the store's every `account-check-seconds` (`Session+PasswordCheck.swift`).
    var passwordStamp: PasswordStamp?
    /// A `password <old> <new>` of this session is with the store: a stamp that changes meanwhile is
    /// (probably) its own doing, and signs nobody out.
    var changingPassword = false
    /// Whether that password has a space in it (nil: not registered): `PasswordChange.start` refuses,
    /// uncounted, a change whose old part cannot be it.
    var passwordHasSpace: Bool?
    var room: Room?
    var savedSettings: Settings?
    /// Seated (not watching) in `room`.
    var seated = false
    /// `play` was refused once because it would leave a running game: the next `play` confirms.
    var playNeedsConfirm = false
    var backlog: [InputEvent] = []
    var busy = false
    /// An earlier command may still have answers to send from the room's or the lobby's queue
    /// (`state`, chat, a join's `joined`): the next command answered from anywhere else waits for a
    /// turn of that queue first (`Session+AnswerOrder.swift`).
    var answersMayBePending = false
    /// The client ended its input: the session closes once what it sent is answered
    /// (`Session+InputEnd.swift`).
    var inputEnded = false
    var inputEndClosing = false
    /// The backlog is full: the transport holds further lines (and stops reading) until it drains.
    var inputPaused = false
    /// The banner, waiting for a telnet client's window size (`afterWindowSize`).
    var bannerWaiting: (@Sendable () -> Void)?
    var chatLimiter: TokenBucket
    /// `watch` commands (`watch-per-minute`, `watch-burst`): a spectator's churn is slowed at its source.
    var watchLimiter: TokenBucket
    /// When the last `rate_limited` notice for chat went out (at most one a second).
    var lastBusyNotice: UInt64 = 0

    init(server: GameServer, connection: any SessionTransport) {
        self.server = server
        self.connection = connection
        self.output = MemberOutput(sink: connection)
        self.login = LoginFlow(maxPasswordAttempts: server.config.passwordAttempts)
        self.chatLimiter = TokenBucket(rate: server.config.chatPerSecond, burst: server.config.chatBurst)
        self.watchLimiter = TokenBucket(
            rate: server.config.watchPerMinute, burst: server.config.watchBurst, periodSeconds: 60)
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

    /// A line (or a notice about input) arrived.
    public func receive(_ event: InputEvent) {
        // The player pressed Enter: their terminal's cursor is at the start of a new line.
        if case .line = event { output.lineTyped() }
        // Errors about input wait their turn like lines: reported before the lines typed earlier
        // ran, they could come in the wrong output mode (a `json` still waiting) or order.
        if busy {
            // Full, the transport holds the next lines (TCP pushes back): nothing is dropped.
            backlog.append(event)
            if !inputPaused, backlog.count >= server.config.commandBacklog {
                inputPaused = true
                connection.setInputPaused(true)
            }
        } else {
            run(event)
        }
    }

    func run(_ event: InputEvent) {
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

    /// The server is about to close the connection: the last chance to say why.
    public func willClose(reason: CloseReason) {
        switch reason {
        case .idle:
            let seconds = id.key.isEmpty ? server.config.limits.idleLoginSeconds : server.config.limits.idleSeconds
            sendLast(.goodbye("Disconnected: nothing typed for \(seconds) s. Come back any time!"))
        case .rateAbuse:
            sendLast(.goodbye("Disconnected: far too many commands too fast."))
        case .loginDeadline:
            sendLast(
                .goodbye("Disconnected: logging in took over \(server.config.limits.loginDeadlineSeconds) s. Come back any time!")
            )
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
        phase = .closed
        output.endPlay()
        backlog.removeAll()
        server.logger.info("disconnect \(connection.peer) \(displayName.isEmpty ? "(no name)" : displayName): \(reason)")
        guard wasPlaying else { return }
        if let room {
            if seated, let cut = SlowReadCut(reason, limitBytes: server.config.limits.maxOutputBytes) {
                server.lobby.noteCut(id: id, member: self, cut)
            }
            // The room keeps a seated player's name for the grace period and releases a spectator's.
            room.disconnected(id: id, member: self)
        } else {
            server.lobby.release(id: id, member: self)
        }
    }

    // MARK: command flow

    /// Marks the session busy until `finish()`; lines typed meanwhile wait their turn.
    func begin() { busy = true }

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
        if inputPaused, backlog.count < server.config.commandBacklog {
            inputPaused = false
            connection.setInputPaused(false)
        }
        closeIfAnswered()
    }

    /// Runs `body` back on this session's queue.
    func onQueue(_ body: @escaping @Sendable () -> Void) {
        connection.queue.async(execute: body)
    }

    func handle(_ line: String) {
        dispatchPrecondition(condition: .onQueue(connection.queue))
        switch phase {
        case .closed: return
        case .login: loginLine(line)
        case .playing:
            let parsed = CommandParser.parse(line)
            if waitsForEarlierAnswers(.line(line), answeredThere: isAnsweredThere(parsed)) { return }
            if output.takeAway(), let room { room.active(member: self, id: id) }
            switch parsed {
            case .success(let command): run(command)
            case .failure(let error): sendError(error.code, error.message)
            }
            answersMayBePending = true
        }
    }
}
