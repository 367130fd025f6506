import Dispatch
import HangmanCore
import HangmanNet
import HangmanStore
import HangmanSync

/// A room's driver: it owns a `RoomState` (the rules) on the room's serial queue, feeds it inputs
/// (requests from members, timers, the store's answers) and performs the actions it returns
/// through the server's ports (members, lobby, store, clock). It holds nothing a rule depends on.
/// The one exception to the queue is `directory`, a small summary behind a mutex that the lobby
/// reads to list rooms and pick one for quick play without waiting on the room.
/// Every request method is one line into the private `perform`/`step` driver below, which stays
/// private to this file so nothing reaches `RoomState` but through it; the timers are `RoomTimers`.
final class Room: @unchecked Sendable {  // mutable state confined to `queue` (directory: Locked)
    let name: String
    let key: String
    let isQuick: Bool
    let queue: DispatchQueue
    /// Strong: timers and store callbacks of a room may fire after the last member left.
    private let server: GameServer
    private let directoryLock: Locked<Directory>

    private var state: RoomState
    /// The members the state knows by `ClientID`.
    private var clients: [RoomState.ClientID: any RoomMember] = [:]
    /// The room's timers, ringing into `step` on the queue (weakly: a room gone rings nothing).
    private lazy var timers = RoomTimers(clock: server.clock, queue: queue) { [weak self] timer in
        guard let self else { return }
        self.step(.timerFired(timer))
        self.flushOutbox()
    }
    /// Events broadcast during the current turn of `queue`, sent together by `flushOutbox`; and the
    /// last batch's emptied buffer, swapped in as the next outbox (no buffer allocated a flush).
    private var outbox: [Outbound] = []
    private var spareOutbox: [Outbound] = []
    /// Events for one member each, sent by `flushOutbox` after the broadcasts.
    private var privateOutbox: [(RoomState.ClientID, Outbound)] = []
    /// The last guesses and chat lines, for a web page that opens (`room-history-lines`).
    private var history: RoomHistory

    init(name: String, password: String?, isQuick: Bool, settings: Settings, server: GameServer) {
        self.name = name
        self.key = PlayerID.fold(name)
        self.isQuick = isQuick
        self.server = server
        self.queue = DispatchQueue(label: "hangman.room.\(name)", target: server.roomTargetQueue)
        let state = RoomState(
            name: name, password: password, isQuick: isQuick, settings: settings, words: server.words,
            rng: server.makeRandom(), library: server.library,
            limits: RoomLimits(server.config, blocklist: server.blocklist))
        self.state = state
        self.directoryLock = Locked(Directory(summary: state.summary))
        self.history = RoomHistory(capacity: server.config.roomHistoryLines)
    }

    var directory: Directory { directoryLock.withLock { $0 } }

    // MARK: requests from members (each answered on the room's queue)

    /// Seats (or, with `spectator`, adds as a watcher) a player.
    func join(
        member: any RoomMember, id: PlayerID, password: String?, spectator: Bool,
        reply: @escaping @Sendable (Result<Void, ServerError>) -> Void
    ) {
        perform(.join(Self.client(member), id, password: password, spectator: spectator), from: member) {
            reply($0.map { .failure($0) } ?? .success(()))
        }
    }

    /// Why `join` would turn the player away now (`RoomMembership.refusal`), nil if it would not.
    func refusal(id: PlayerID, password: String?, spectator: Bool, reply: @escaping @Sendable (ServerError?) -> Void) {
        queue.async { [self, clock = server.clock] in
            reply(RoomMembership.refusal(state, id, password: password, spectator: spectator, at: clock.nanoseconds))
        }
    }

    /// A player who came back within the grace period takes their seat again.
    func resume(member: any RoomMember, id: PlayerID, reply: @escaping @Sendable (Bool) -> Void) {
        perform(.resume(Self.client(member), id), from: member) { reply($0 == nil) }
    }

    /// The player leaves (typed leave, joined elsewhere, quit, or the seat went with a closed member).
    func leave(id: PlayerID, member: (any RoomMember)?, reason: String?, reply: (@Sendable () -> Void)? = nil) {
        perform(.leave(id, member.map(Self.client), reason: reason), from: member)
        if let reply { queue.async { reply() } }
    }

    /// A member's connection dropped. Seated players keep their seat for the grace period.
    func disconnected(id: PlayerID, member: any RoomMember) {
        perform(.dropped(id, Self.client(member)), from: member)
    }

    /// A seated player's vote to remove another (`RoomMembership.votekick`).
    func votekick(
        by member: any RoomMember, id: PlayerID, target: String, reply: @escaping @Sendable (Result<Void, ServerError>) -> Void
    ) {
        perform(.votekick(by: Self.client(member), id, target: target), from: member) {
            reply($0.map { .failure($0) } ?? .success(()))
        }
    }

    /// The host removes someone from the room.
    func kick(
        by member: any RoomMember, id: PlayerID, target: String, reply: @escaping @Sendable (Result<Void, ServerError>) -> Void
    ) {
        perform(.kick(by: Self.client(member), id, target: target), from: member) {
            reply($0.map { .failure($0) } ?? .success(()))
        }
    }

    /// `start`: the host begins a new game (quick rooms start on their own).
    func start(by member: any RoomMember, id: PlayerID, reply: @escaping @Sendable (Result<Void, ServerError>) -> Void) {
        perform(.start(by: Self.client(member), id), from: member) { reply($0.map { .failure($0) } ?? .success(())) }
    }

    /// A letter or whole-word guess, applied at once on the caller's thread (`performNow`) where the
    /// member's transport allows it: the play path's one request, read, applied and written without
    /// waking another thread.
    func guess(
        by member: any RoomMember, id: PlayerID, letter: Character?, word: String?,
        reply: @escaping @Sendable (Result<Void, ServerError>) -> Void
    ) {
        let input = RoomState.Input.guess(by: Self.client(member), id, letter: letter, word: word)
        let answer: @Sendable (ServerError?) -> Void = { reply($0.map { .failure($0) } ?? .success(())) }
        if member.mayWaitForRooms {
            performNow(input, from: member, answer: answer)
        } else {
            perform(input, from: member, answer: answer)
        }
    }

    /// `word <word> [hint]`: a player's own word and hint for the round (answered privately; never
    /// echoed to the room).
    func setWord(
        by member: any RoomMember, id: PlayerID, word: String, hint: String?, bare: Bool = false,
        reply: @escaping @Sendable (Result<Void, ServerError>) -> Void
    ) {
        perform(.setWord(by: Self.client(member), id, word: word, hint: hint, bare: bare), from: member) {
            reply($0.map { .failure($0) } ?? .success(()))
        }
    }

    /// `words`, `words add …`, `words clear`: the room's own words.
    func words(
        by member: any RoomMember, id: PlayerID, request: WordsRequest,
        reply: @escaping @Sendable (Result<Void, ServerError>) -> Void
    ) {
        perform(.words(by: Self.client(member), id, request), from: member) { reply($0.map { .failure($0) } ?? .success(())) }
    }

    /// `team <n>`: the member's team for the next teams game.
    func team(
        by member: any RoomMember, id: PlayerID, team: String, reply: @escaping @Sendable (Result<Void, ServerError>) -> Void
    ) {
        perform(.team(by: Self.client(member), id, team), from: member) { reply($0.map { .failure($0) } ?? .success(())) }
    }

    /// `hint`: the round's hint, at the cost of a miss.
    func hint(by member: any RoomMember, id: PlayerID, reply: @escaping @Sendable (Result<Void, ServerError>) -> Void) {
        perform(.hint(by: Self.client(member), id), from: member) { reply($0.map { .failure($0) } ?? .success(())) }
    }

    func set(
        by member: any RoomMember, id: PlayerID, setting: String, value: String,
        reply: @escaping @Sendable (Result<[String: String], ServerError>) -> Void
    ) {
        perform(
            .set(by: Self.client(member), id, key: setting, value: value), from: member,
            answer: { error in if let error { reply(.failure(error)) } },
            saved: { reply(.success($0)) })
    }

    /// The host seats a house bot: `bot` is the bot itself, `botID` the name the lobby gave it.
    func addBot(
        by member: any RoomMember, id: PlayerID, bot: any RoomMember, botID: PlayerID,
        reply: @escaping @Sendable (ServerError?) -> Void
    ) {
        queue.async {
            // Known before the step, so that the state's first broadcast already reaches the bot.
            self.clients[Self.client(bot)] = bot
            self.step(.addBot(by: Self.client(member), id, bot: Self.client(bot), botID), from: member, answer: reply)
            self.flushOutbox()
        }
    }

    /// The host removes a house bot (`target` nil: the one added last).
    func removeBot(by member: any RoomMember, id: PlayerID, target: String?, reply: @escaping @Sendable (ServerError?) -> Void) {
        perform(.removeBot(by: Self.client(member), id, target: target), from: member, answer: reply)
    }

    /// A player marked away typed again.
    func active(member: any RoomMember, id: PlayerID) {
        perform(.active(id, Self.client(member)), from: member)
    }

    func chat(from name: String, text: String, sender: (any RoomMember)? = nil) {
        queue.async {
            self.step(.chat(from: name, text: text))
            sender?.output.chatBroadcast()
            self.flushOutbox()
        }
    }

    /// `event` to `member` alone, after what the room has queued so far (its chat lines included).
    func tell(_ member: any RoomMember, _ event: Outbound) {
        queue.async { member.output.deliver(event) }
    }

    /// Once a game's scores are in, tell the room that they landed (after a deferred save).
    func deferredSaved(gameID: Int64) {
        perform(.deferredSaved(gameID: gameID))
    }

    // MARK: views

    func sendSettings(to member: any RoomMember) {
        queue.async {
            member.output.deliver(
                .settings(room: self.name, settings: self.state.settings, pending: self.state.hasPendingSettings))
        }
    }

    func sendState(to member: any RoomMember) {
        queue.async {
            member.output.deliver(.state(self.state.snapshot(at: self.server.clock.nanoseconds, for: Self.client(member))))
        }
    }

    func sendWho(to member: any RoomMember, lobby: [String]) {
        queue.async {
            member.output.deliver(
                .who(
                    room: self.name, players: self.state.playerViews(), spectators: self.state.spectators.map(\.name),
                    lobby: lobby, host: self.state.hostName))
        }
    }

    /// The board as someone outside the room sees it (the web page's, issue 31): never the word
    /// while a round is on.
    func snapshot(reply: @escaping @Sendable (RoomSnapshot) -> Void) {
        queue.async { reply(self.state.snapshot(at: self.server.clock.nanoseconds)) }
    }

    /// The board as an outsider sees it and the last guesses and chat lines the room keeps, oldest
    /// first (the web's room page).
    func pageView(reply: @escaping @Sendable (RoomSnapshot, [Outbound]) -> Void) {
        queue.async { reply(self.state.snapshot(at: self.server.clock.nanoseconds), self.history.events(room: self.name)) }
    }

    /// Adds a spectator that is told, before anything this join broadcasts, what the room kept
    /// (`history`): a web page's stream, which goes live with nothing missed and nothing twice.
    func watch(member: any RoomMember, id: PlayerID, reply: @escaping @Sendable (Result<[Outbound], ServerError>) -> Void) {
        perform(.join(Self.client(member), id, password: nil, spectator: true), from: member) { error in
            // On the queue, within the join's step: every earlier batch is in `history` already.
            reply(error.map { .failure($0) } ?? .success(self.history.events(room: self.name)))
        }
    }

    /// The list a house bot seated here plans from (`RoomState.botWords`), read on the room's queue.
    func botWords(reply: @escaping @Sendable (WordList?) -> Void) {
        queue.async { reply(self.state.botWords) }
    }

    // MARK: the driver

    private static func client(_ member: any RoomMember) -> RoomState.ClientID { ObjectIdentifier(member) }

    /// Runs `input` on the room's queue, then sends what it broadcast. Every request goes through here.
    private func perform(
        _ input: RoomState.Input, from member: (any RoomMember)? = nil, answer: (@Sendable (ServerError?) -> Void)? = nil,
        saved: (@Sendable ([String: String]) -> Void)? = nil
    ) {
        queue.async {
            self.step(input, from: member, answer: answer, saved: saved)
            self.flushOutbox()
        }
    }

    /// `perform`, run on the caller's thread holding the room's queue (waiting while it runs
    /// something else) rather than handed to it: no thread wake-up. For requests made on a member's
    /// queue that targets nothing rooms run on. Nothing run on a room's queue waits for another
    /// queue (members' output is sent under a lock, their commands and the store's answers are
    /// handed over asynchronously), so this wait cannot close a cycle.
    private func performNow(
        _ input: RoomState.Input, from member: any RoomMember, answer: @escaping @Sendable (ServerError?) -> Void
    ) {
        queue.sync {
            self.step(input, from: member, answer: answer)
            self.flushOutbox()
        }
    }

    /// Feeds one input to the state and performs its actions, on the queue.
    private func step(
        _ input: RoomState.Input, from member: (any RoomMember)? = nil, answer: (@Sendable (ServerError?) -> Void)? = nil,
        saved: (@Sendable ([String: String]) -> Void)? = nil
    ) {
        dispatchPrecondition(condition: .onQueue(queue))
        if let member { clients[Self.client(member)] = member }
        // The actions are moved out in order, each leaving a payload-free action in its place (a copy
        // retains all an event holds; reversing the array to pop from its end copied every action).
        var actions = state.handle(input, at: server.clock.nanoseconds, wall: server.clock.wallSeconds)
        actions.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                let action = buffer.moveElement(from: index)
                buffer.initializeElement(at: index, to: .cancelTurnTimers)
                perform(action, answer: answer, saved: saved)
            }
        }
        // Forget members the state no longer knows (left, kicked, replaced). Every client the state
        // knows is in `clients` (it came in through `step(from:)` or `addBot`), so there is one to
        // forget only when `clients` is larger: most inputs (guesses) build no set.
        let knownCount =
            state.seats.reduce(0) { $0 + ($1.client == nil ? 0 : 1) }
            + state.spectators.reduce(0) { $0 + ($1.client == nil ? 0 : 1) }
        if clients.count > knownCount {
            let known = Set(state.seats.compactMap(\.client) + state.spectators.compactMap(\.client))
            clients = clients.filter { known.contains($0.key) }
        }
        let summary = state.summary
        let closed = state.closed
        directoryLock.withLock {
            $0.summary = summary
            if closed { $0.isClosed = true }
        }
    }

    private func perform(
        _ action: consuming RoomState.Action, answer: (@Sendable (ServerError?) -> Void)?,
        saved: (@Sendable ([String: String]) -> Void)?
    ) {
        switch consume action {
        case .reply(let error): answer?(error)
        case .settingsSaved(let values): saved?(values)
        case .send(let client, let event):
            // The broadcasts made before it go first: a client gets events in the order they were made.
            if !outbox.isEmpty { flushOutbox() }
            clients[client]?.output.deliver(event)
        case .sendAfter(let client, let event): privateOutbox.append((client, event))
        case .broadcast(let event): outbox.append(event)
        case .arm(let timer, let seconds): timers.arm(timer, afterSeconds: seconds)
        case .cancelTurnTimers: timers.cancelTurnTimers()
        case .saveGame(let record, let views):
            // One call: the save, then the high scores and where each player stands this month.
            server.store.finishGame(record, highScores: 10) { end in
                self.perform(.gameSaved(views: views, ranked: record.ranked, end))
            }
        case .releaseName(let id, let client):
            server.lobby.release(id: id, member: client.flatMap { clients[$0] })
        case .markAway(let id, let client):
            if let member = clients[client] { server.lobby.markAway(id: id, member: member) }
        case .markedAway(let client):
            clients[client]?.markedAway()
        case .removed(let client, let by):
            clients[client]?.removed(from: self, by: by)
        case .close:
            timers.close()
            server.lobby.removeRoom(self)
        case .log(let message): server.logger.error(message)
        case .audit(let entry): server.audit(entry)
        case .next(let input):
            perform(input)
        }
    }

    /// Renders the events of this turn of the queue once per output style and hands the same bytes
    /// to every member and spectator: one send per recipient, and one prompt after the batch.
    /// A member with events of their own (`sendAfter`) gets the batch and those in one send, so
    /// text output still ends with one prompt.
    private func flushOutbox() {
        guard !outbox.isEmpty || !privateOutbox.isEmpty else { return }
        var own: [RoomState.ClientID: [Outbound]] = [:]
        if !privateOutbox.isEmpty {
            for (client, event) in privateOutbox { own[client, default: []].append(event) }
            privateOutbox.removeAll(keepingCapacity: true)
        }
        var shared = spareOutbox
        swap(&shared, &outbox)
        history.record(shared)
        deliver(shared, own: &own)
        shared.removeAll(keepingCapacity: true)  // the rendering is gone: the buffer is ours alone again
        spareOutbox = shared
    }

    /// Renders `shared` once per style for the seats, then the spectators (`state.audience`'s order).
    private func deliver(_ shared: [Outbound], own: inout [RoomState.ClientID: [Outbound]]) {
        var rendered = RenderedEvent(shared)
        func deliver(to member: RoomState.Member) {
            guard let client = member.client else { return }
            if !own.isEmpty, let extra = own.removeValue(forKey: client) {
                clients[client]?.output.deliver(&rendered, then: extra)
            } else if !shared.isEmpty {
                clients[client]?.output.deliver(&rendered)
            }
        }
        for member in state.seats { deliver(to: member) }
        for member in state.spectators { deliver(to: member) }
    }
}
