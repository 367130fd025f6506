import Dispatch
import Foundation
import HangmanCore
import HangmanNet
import HangmanStore

/// A room: seats, spectators, settings and the game being played. Every mutable field is confined to
/// `queue`; the one exception is `directory`, a small summary behind a mutex that the lobby reads to
/// list rooms and pick one for quick play without waiting on the room.
final class Room: @unchecked Sendable {  // mutable state confined to `queue` (directory: Locked)
    struct Member {
        var id: PlayerID
        var name: String { id.name }
        /// nil while the player is away (seat kept for the grace period).
        var session: Session?
        var graceToken: UInt64 = 0
    }

    /// What the lobby may read without hopping onto the room's queue.
    struct Directory: Sendable {
        var summary: RoomSummary
        /// Set when the room empties for good: quick play must not pick it while the lobby's
        /// removal is still on its way (a closed room refuses every join).
        var isClosed = false
        var players: Int { summary.players }
        var freeSeats: Int { isClosed ? 0 : max(0, summary.seats - summary.players) }
    }

    let name: String
    let key: String
    let isQuick: Bool
    let queue: DispatchQueue
    private let password: String?
    /// Strong: timers and store callbacks of a room may fire after the last session left.
    private let server: GameServer
    private let directoryLock: Locked<Directory>

    private var settings: Settings
    private var seats: [Member] = []
    private var spectators: [Member] = []
    private var host: PlayerID?
    private var game: Game?
    private var status: RoomSnapshot.Status = .waiting
    /// The last finished round, shown until the next game starts.
    private var finishedSnapshot: RoomSnapshot?
    private var rng: SeededRandom
    private var startedAt: Int64 = 0
    private var roundRecords: [RoundRecord] = []
    private var turnToken: UInt64 = 0
    /// When the turn runs out, in the clock's nanoseconds.
    private var turnDeadline: UInt64?
    private var turnTimers: [TimerToken] = []
    private var nextGraceToken: UInt64 = 0
    private var closed = false
    /// Events broadcast during the current turn of `queue`, sent together by `flushOutbox`.
    private var outbox: [Outbound] = []

    init(name: String, password: String?, isQuick: Bool, settings: Settings, server: GameServer) {
        self.name = name
        self.key = PlayerID.fold(name)
        self.password = password
        self.isQuick = isQuick
        self.settings = settings
        self.server = server
        self.rng = server.makeRandom()
        self.queue = DispatchQueue(label: "hangman.room.\(name)", target: server.roomTargetQueue)
        self.directoryLock = Locked(
            Directory(
                summary: RoomSummary(
                    name: name, players: 0, seats: settings.seats, spectators: 0, mode: settings.mode.rawValue,
                    difficulty: settings.difficulty.rawValue, status: .waiting, isPrivate: password != nil)))
    }

    var directory: Directory { directoryLock.withLock { $0 } }

    // MARK: joining and leaving

    /// Seats (or, with `spectator`, adds as a watcher) a player.
    func join(
        session: Session, id: PlayerID, password: String?, spectator: Bool,
        reply: @escaping @Sendable (Result<Void, ServerError>) -> Void
    ) {
        perform {
            guard !self.closed else { return reply(.failure(.noSuchRoom(self.name))) }
            if let required = self.password, required != password {
                return reply(.failure(.badRoomPassword(self.name)))
            }
            // The lobby gives a name to one session at a time, so a seat or place under this name with
            // another session is stale (its player dropped while moving): it passes to the claimant.
            if let index = self.seats.firstIndex(where: { $0.id == id }) {
                guard self.seats[index].session !== session else {
                    return reply(.failure(.invalid("you are in \(self.name) already")))
                }
                return self.reattach(seat: index, to: session) { reply(.success(())) }
            }
            if let index = self.spectators.firstIndex(where: { $0.id == id }) {
                // A spectator asking for a seat stands up from the gallery; other repeats are refused.
                guard self.spectators[index].session !== session || !spectator else {
                    return reply(.failure(.invalid("you are watching \(self.name) already")))
                }
                if self.spectators[index].session === session, self.seats.count >= self.settings.seats {
                    return reply(.failure(.roomFull(self.name)))
                }
                self.spectators.remove(at: index)
            }
            if spectator {
                self.spectators.append(Member(id: id, session: session))
            } else {
                guard self.seats.count < self.settings.seats else { return reply(.failure(.roomFull(self.name))) }
                self.seats.append(Member(id: id, session: session))
                if self.host == nil { self.host = id }
                if var game = self.game, self.status == .playing {
                    let events = game.join(id)
                    self.game = game
                    self.apply(events, guessed: nil)
                }
            }
            reply(.success(()))
            self.broadcast(.joined(room: self.name, player: id.name, spectator: spectator))
            if !spectator, self.isQuick, self.status != .playing {
                self.startGame(by: nil)
            } else {
                self.broadcastState()
            }
            self.publishDirectory()
        }
    }

    /// A player who came back within the grace period takes their seat again.
    func resume(session: Session, id: PlayerID, reply: @escaping @Sendable (Bool) -> Void) {
        perform {
            guard let index = self.seats.firstIndex(where: { $0.id == id }), !self.closed else { return reply(false) }
            self.reattach(seat: index, to: session) { reply(true) }
        }
    }

    /// `session` takes the seat at `index` back (a resume, or a stale seat passing to its name's new
    /// owner): connected again in the game, `reply` runs, and the room is told.
    private func reattach(seat index: Int, to session: Session, reply: () -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        seats[index].session = session
        seats[index].graceToken = 0
        if var game, status == .playing {
            let events = game.setConnected(seats[index].id, true)
            self.game = game
            apply(events, guessed: nil, broadcastStateAfter: false)
        }
        reply()
        broadcast(.joined(room: name, player: seats[index].name, spectator: false))
        broadcastState()
        publishDirectory()
    }

    /// The player leaves (typed leave, joined elsewhere, quit, kicked, or their grace ran out).
    func leave(id: PlayerID, session: Session?, reason: String?, reply: (@Sendable () -> Void)? = nil) {
        perform {
            self.remove(id: id, session: session, reason: reason)
            reply?()
        }
    }

    /// A member's connection dropped. Seated players keep their seat for the grace period.
    func disconnected(id: PlayerID, session: Session) {
        perform {
            if let index = self.spectators.firstIndex(where: { $0.id == id && $0.session === session }) {
                let member = self.spectators.remove(at: index)
                self.broadcast(.left(room: self.name, player: member.name, reason: "disconnected"))
                self.server.lobby.release(id: id, session: session)
                self.closeIfEmpty()
                self.publishDirectory()
                return
            }
            guard let index = self.seats.firstIndex(where: { $0.id == id && $0.session === session }) else {
                // Already gone from the room (left or kicked just before): nothing holds the name.
                self.server.lobby.release(id: id, session: session)
                return
            }
            let grace = self.server.config.graceSeconds
            guard grace > 0 else {
                self.remove(id: id, session: session, reason: "disconnected")
                self.server.lobby.release(id: id, session: nil)
                return
            }
            self.server.lobby.markAway(id: id, session: session)
            self.nextGraceToken += 1
            let token = self.nextGraceToken
            self.seats[index].session = nil
            self.seats[index].graceToken = token
            if var game = self.game, self.status == .playing {
                let events = game.setConnected(self.seats[index].id, false)
                self.game = game
                self.apply(events, guessed: nil, broadcastStateAfter: false)
            }
            self.broadcast(.info("\(self.seats[index].name) lost their connection; their seat is kept for \(grace) s."))
            self.broadcastState()
            self.performAfter(seconds: Double(grace)) {
                guard let index = self.seats.firstIndex(where: { $0.id == id }),
                    self.seats[index].session == nil, self.seats[index].graceToken == token
                else { return }
                self.remove(id: id, session: nil, reason: "did not come back in time")
                self.server.lobby.release(id: id, session: nil)
            }
        }
    }

    private func remove(id: PlayerID, session: Session?, reason: String?) {
        dispatchPrecondition(condition: .onQueue(queue))
        if let index = spectators.firstIndex(where: { $0.id == id && (session == nil || $0.session === session) }) {
            let member = spectators.remove(at: index)
            broadcast(.left(room: name, player: member.name, reason: reason))
            member.session?.deliver(.left(room: name, player: member.name, reason: reason))
        } else if let index = seats.firstIndex(where: { $0.id == id && (session == nil || $0.session === session) }) {
            let member = seats.remove(at: index)
            if var game, status == .playing {
                let events = game.leave(member.id)
                self.game = game
                apply(events, guessed: nil, broadcastStateAfter: false)
            }
            broadcast(.left(room: name, player: member.name, reason: reason))
            member.session?.deliver(.left(room: name, player: member.name, reason: reason))
            if host == id {
                let next = seats.first { $0.session != nil } ?? seats.first
                host = next?.id
                if let next { broadcast(.host(room: name, player: next.name)) }
            }
            if status == .playing, seats.isEmpty {
                // Nobody left to play: the game is abandoned, not recorded.
                game = nil
                status = .waiting
                cancelTurnTimer()
            } else if status == .playing {
                broadcastState()
            }
        } else {
            return
        }
        closeIfEmpty()
        publishDirectory()
    }

    private func closeIfEmpty() {
        guard seats.isEmpty, spectators.isEmpty, !closed else { return }
        closed = true
        directoryLock.withLock { $0.isClosed = true }
        cancelTurnTimer()
        server.lobby.removeRoom(self)
    }

    /// The host removes someone from the room.
    func kick(by session: Session, id: PlayerID, target: String, reply: @escaping @Sendable (Result<Void, ServerError>) -> Void) {
        perform {
            guard self.host == id, self.isMember(id: id, session: session) else { return reply(.failure(.notHost)) }
            let targetID = PlayerID(target)
            guard targetID != id else { return reply(.failure(.invalid("you cannot kick yourself; type leave"))) }
            let member = (self.seats + self.spectators).first { $0.id == targetID }
            guard let member else { return reply(.failure(.invalid("\(target) is not in \(self.name)"))) }
            reply(.success(()))
            self.remove(id: targetID, session: nil, reason: "kicked by \(id.name)")
            if let kicked = member.session {
                kicked.wasRemoved(from: self, message: "You were kicked from \(self.name) by \(id.name).")
            } else {
                self.server.lobby.release(id: targetID, session: nil)
            }
        }
    }

    // MARK: the game

    /// `start`: the host begins a new game (quick rooms start on their own).
    func start(by session: Session, id: PlayerID, reply: @escaping @Sendable (Result<Void, ServerError>) -> Void) {
        perform {
            guard self.isSeated(id: id, session: session) else {
                return reply(.failure(.invalid("only seated players can start a game; join \(self.name) first")))
            }
            guard self.host == id else { return reply(.failure(.notHost)) }
            guard self.status != .playing else {
                return reply(.failure(.invalid("a game is already running in \(self.name)")))
            }
            reply(.success(()))
            self.startGame(by: id.name)
        }
    }

    private func startGame(by starter: String?) {
        dispatchPrecondition(condition: .onQueue(queue))
        let names = seats.map(\.id)
        guard !names.isEmpty else { return }
        do throws(SettingsError) {
            var game = try Game(settings: settings, players: names, words: server.words, rng: &rng)
            for member in seats where member.session == nil {
                _ = game.setConnected(member.id, false)
            }
            self.game = game
        } catch {
            broadcast(.error(code: .outOfRange, message: "cannot start: \(error.message)"))
            return
        }
        status = .playing
        finishedSnapshot = nil
        roundRecords = []
        startedAt = server.clock.wallSeconds
        if let starter {
            broadcast(.info("\(starter) started a new game: \(settings.rounds) \(settings.rounds == 1 ? "word" : "words")."))
        }
        scheduleTurnTimer()
        broadcastState()
        publishDirectory()
    }

    /// A letter or whole-word guess.
    func guess(
        by session: Session, id: PlayerID, letter: Character?, word: String?,
        reply: @escaping @Sendable (Result<Void, ServerError>) -> Void
    ) {
        perform {
            if self.spectators.contains(where: { $0.id == id && $0.session === session }) {
                return reply(.failure(.notYourTurn("you are watching \(self.name); join \(self.name) to play")))
            }
            guard self.isSeated(id: id, session: session) else {
                return reply(.failure(.noGame("you are not in \(self.name)")))
            }
            guard var game = self.game, self.status == .playing else {
                let hint = self.host == id ? "type start for a new game" : "wait for the host to start a game"
                return reply(.failure(.noGame("no game is running in \(self.name); \(hint)")))
            }
            // The game as it was before this guess: a round the guess ends is shown as it was played.
            let played = game
            let before = game.round.guessed
            let events: [GameEvent]
            do throws(GameError) {
                if let letter {
                    events = try game.guess(player: id, letter: letter)
                } else {
                    events = try game.guess(player: id, word: word ?? "")
                }
            } catch {
                return reply(.failure(Self.map(error, game: game, letter: letter)))
            }
            self.game = game
            reply(.success(()))
            self.apply(events, guessed: before + (letter.map { [$0] } ?? []), played: played)
        }
    }

    private static func map(_ error: GameError, game: Game, letter: Character?) -> ServerError {
        switch error {
        case .notYourTurn: .notYourTurn("it is \(game.turn?.name ?? "nobody")'s turn")
        case .alreadyGuessed: .alreadyGuessed("\(letter.map { String($0) } ?? "that") was guessed already; try another letter")
        case .invalidInput(let message): .invalid(message)
        case .gameOver: .noGame("the game is over; type start for a new one")
        case .notAPlayer: .noGame("you are not playing in this game; wait for the next one")
        }
    }

    /// Turns the game's events into broadcasts, records rounds and finishes the game.
    private func apply(
        _ events: [GameEvent], guessed: [Character]?, played: Game? = nil, broadcastStateAfter: Bool = true
    ) {
        dispatchPrecondition(condition: .onQueue(queue))
        var needsState = false
        var gameOver: [GamePlayer]?
        for event in events {
            switch event {
            case .guessed(let player, let letter, let word, let hit, let count, let points):
                broadcast(
                    .guess(room: name, player: player.name, letter: letter, word: word, hit: hit, count: count, points: points))
                needsState = true
            case .turn:
                needsState = true
            case .roundOver(let round, let word, let result, let solver, let mistakes):
                roundRecords.append(RoundRecord(word: word, won: result == .won, mistakes: mistakes, solver: solver?.name))
                let ended = endedSnapshot(
                    round: round, word: word, won: result == .won, mistakes: mistakes, guessed: guessed, played: played)
                finishedSnapshot = ended
                broadcast(.state(ended))
                broadcast(
                    .roundOver(
                        room: name, round: round, word: word, won: result == .won, solver: solver?.name, mistakes: mistakes))
                needsState = false
            case .roundStarted:
                needsState = true
            case .gameOver(let ranking):
                gameOver = ranking
            }
        }
        if let ranking = gameOver {
            finishGame(ranking)
        } else if needsState, broadcastStateAfter {
            scheduleTurnTimer()
            broadcastState()
        } else if needsState {
            scheduleTurnTimer()
        }
    }

    /// The board that closes a round: that round as it finished (its misses of its own maximum, its
    /// mode and length), never the next round's settings, which may have changed meanwhile.
    private func endedSnapshot(
        round: Int, word: String, won: Bool, mistakes: Int, guessed: [Character]?, played: Game?
    ) -> RoomSnapshot {
        var snapshot = snapshot()
        if let played {
            snapshot.round = round
            snapshot.maxMisses = played.round.maxMisses
            snapshot.mode = played.settings.mode.rawValue
            snapshot.difficulty = played.settings.difficulty.rawValue
            snapshot.rounds = played.pendingSettings?.rounds ?? played.settings.rounds
        }
        snapshot.status = won ? .won : .lost
        snapshot.pattern = word
        snapshot.misses = mistakes
        if let guessed { snapshot.guessed = guessed }
        snapshot.available = Array("abcdefghijklmnopqrstuvwxyz").filter { !snapshot.guessed.contains($0) }
        snapshot.turn = nil
        snapshot.turnSecondsLeft = nil
        return snapshot
    }

    private func finishGame(_ ranking: [GamePlayer]) {
        dispatchPrecondition(condition: .onQueue(queue))
        cancelTurnTimer()
        status = .over
        let usedSettings = game?.settings ?? settings
        let record = GameRecord(
            room: name, mode: usedSettings.mode.rawValue, difficulty: usedSettings.difficulty.rawValue, rounds: roundRecords,
            results: ranking.enumerated().map { index, player in
                PlayerResult(
                    name: player.name, score: player.score, rank: index + 1, solved: player.solved, failed: player.failed)
            },
            started: startedAt, ended: server.clock.wallSeconds)
        let views = ranking.map { PlayerView(name: $0.name, score: $0.score, connected: $0.connected) }
        publishDirectory()
        server.store.recordGame(record) { result in
            self.perform {
                switch result {
                case .success(let id):
                    self.broadcast(.gameOver(room: self.name, ranking: views, gameID: id, saved: true, note: nil))
                    self.broadcastState()
                    self.showHighScores(gameID: id)
                case .failure(let error):
                    self.server.logger.error("room \(self.name): could not save a game yet: \(error)")
                    self.broadcast(
                        .gameOver(
                            room: self.name, ranking: views, gameID: nil, saved: false,
                            note: "The scores could not be saved yet (\(error)); the server keeps them and retries."))
                    self.broadcastState()
                }
            }
        }
    }

    /// Once a game's scores are in, tell the room that they landed (after a deferred save).
    func deferredSaved(gameID: Int64) {
        perform {
            self.broadcast(.info("The scores of the last game are now saved (game \(gameID))."))
        }
    }

    private func showHighScores(gameID: Int64) {
        server.store.highScores(limit: 10) { result in
            guard case .success(let entries) = result else { return }
            self.perform {
                self.broadcast(.highscores(entries: entries, highlight: gameID))
                for entry in entries where entry.gameID == gameID {
                    self.broadcast(.celebration(player: entry.name, rank: entry.rank, score: entry.score))
                }
            }
        }
    }

    // MARK: turn timer

    private func scheduleTurnTimer() {
        dispatchPrecondition(condition: .onQueue(queue))
        cancelTurnTimer()
        guard status == .playing, let game, let player = game.turn, let seconds = game.settings.turnSeconds else { return }
        let token = turnToken
        turnDeadline = server.clock.nanoseconds + UInt64(seconds) * 1_000_000_000
        let warning = server.config.turnWarningSeconds
        if seconds > warning {
            performAfter(seconds: Double(seconds - warning), timer: true) {
                guard self.turnToken == token else { return }
                self.broadcast(.turnWarning(room: self.name, player: player.name, secondsLeft: warning))
            }
        }
        performAfter(seconds: Double(seconds), timer: true) {
            guard self.turnToken == token, var game = self.game, self.status == .playing else { return }
            self.broadcast(.turnTimeout(room: self.name, player: player.name))
            let events = game.timeout()
            self.game = game
            self.apply(events, guessed: nil)
        }
    }

    private func cancelTurnTimer() {
        turnToken &+= 1
        turnDeadline = nil
        for timer in turnTimers { timer.cancel() }
        turnTimers.removeAll()
    }

    // MARK: settings, state, chat

    func set(
        by session: Session, id: PlayerID, setting: String, value: String,
        reply: @escaping @Sendable (Result<[String: String], ServerError>) -> Void
    ) {
        perform {
            guard self.host == id, self.isSeated(id: id, session: session) else { return reply(.failure(.notHost)) }
            var updated = self.settings
            do throws(SettingsError) {
                try updated.set(setting, value, words: self.server.words)
            } catch {
                return reply(.failure(ServerError(error)))
            }
            if setting == "seats", updated.seats < self.seats.count {
                return reply(.failure(.outOfRange("\(self.seats.count) players are seated; seats must be at least that")))
            }
            var later = ""
            if var game = self.game, self.status == .playing {
                // The round under way keeps its word and rules; the change applies from the next round.
                do throws(SettingsError) {
                    try game.updateSettings(updated, rng: &self.rng)
                } catch {
                    return reply(.failure(ServerError(error)))
                }
                self.game = game
                later = setting == "seats" ? "" : " (from the next round)"
            }
            self.settings = updated
            let shown = updated.described.first { $0.key == setting }?.value ?? value
            self.broadcast(.settingChanged(room: self.name, key: setting, value: shown + later, by: id.name))
            self.publishDirectory()
            reply(.success(updated.values))
        }
    }

    func sendSettings(to session: Session) {
        perform {
            session.deliver(
                .settings(
                    room: self.name, values: self.settings.described,
                    pending: self.status == .playing && self.game?.pendingSettings != nil))
        }
    }

    func sendState(to session: Session) {
        perform { session.deliver(.state(self.snapshot())) }
    }

    func sendWho(to session: Session, lobby: [String]) {
        perform {
            session.deliver(
                .who(room: self.name, players: self.playerViews(), spectators: self.spectators.map(\.name), lobby: lobby))
        }
    }

    func chat(from name: String, text: String, sender: Session? = nil) {
        perform {
            self.broadcast(.chat(room: self.name, from: name, text: text))
            sender?.chatBroadcast()
        }
    }

    // MARK: helpers

    private func isSeated(id: PlayerID, session: Session) -> Bool {
        seats.contains { $0.id == id && $0.session === session }
    }

    private func isMember(id: PlayerID, session: Session) -> Bool {
        (seats + spectators).contains { $0.id == id && $0.session === session }
    }

    private func playerViews() -> [PlayerView] {
        let scores = Dictionary((game?.players ?? []).map { ($0.id, $0.score) }, uniquingKeysWith: { $1 })
        return seats.map { PlayerView(name: $0.name, score: scores[$0.id] ?? 0, connected: $0.session != nil) }
    }

    func snapshot() -> RoomSnapshot {
        dispatchPrecondition(condition: .onQueue(queue))
        let hostName = seats.first { $0.id == host }?.name
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        if status != .playing, let finished = finishedSnapshot {
            var snapshot = finished
            snapshot.status = status == .over ? .over : finished.status
            snapshot.players = playerViews()
            snapshot.spectators = spectators.map(\.name)
            snapshot.host = hostName
            return snapshot
        }
        guard let game, status == .playing else {
            return RoomSnapshot(
                room: name, status: .waiting, mode: settings.mode.rawValue, difficulty: settings.difficulty.rawValue, round: 0,
                rounds: settings.rounds, pattern: "", misses: 0, maxMisses: settings.effectiveMisses, guessed: [],
                available: alphabet, turn: nil, turnSecondsLeft: nil, players: playerViews(), spectators: spectators.map(\.name),
                host: hostName, isPrivate: password != nil)
        }
        let round = game.round
        var secondsLeft: Int?
        if let deadline = turnDeadline {
            let now = server.clock.nanoseconds
            secondsLeft = deadline > now ? Int((deadline - now + 999_999_999) / 1_000_000_000) : 0
        }
        return RoomSnapshot(
            room: name, status: .playing, mode: game.settings.mode.rawValue, difficulty: game.settings.difficulty.rawValue,
            round: game.roundNumber, rounds: game.settings.rounds, pattern: round.pattern, misses: round.misses,
            maxMisses: round.maxMisses, guessed: round.guessed, available: round.available, turn: game.turn?.name,
            turnSecondsLeft: secondsLeft, players: playerViews(), spectators: spectators.map(\.name), host: hostName,
            isPrivate: password != nil)
    }

    private func broadcastState() {
        broadcast(.state(snapshot()))
    }

    /// Queues an event for everyone in the room; `flushOutbox` sends the turn's events together.
    private func broadcast(_ event: Outbound) {
        dispatchPrecondition(condition: .onQueue(queue))
        outbox.append(event)
    }

    /// Renders the events of this turn of the queue once per output style and hands the same bytes
    /// to every member and spectator: one send per recipient, and one prompt after the batch.
    private func flushOutbox() {
        guard !outbox.isEmpty else { return }
        var rendered = RenderedEvent(outbox)
        outbox.removeAll(keepingCapacity: true)
        for member in seats { member.session?.deliver(&rendered) }
        for member in spectators { member.session?.deliver(&rendered) }
    }

    /// Runs `body` on the room's queue, then sends what it broadcast. Every entry point goes through here.
    private func perform(_ body: @escaping @Sendable () -> Void) {
        queue.async {
            body()
            self.flushOutbox()
        }
    }

    /// Runs `body` on the room's queue after `seconds` of the server's clock; a `timer` (turn
    /// timers) is cancelled with the turn.
    private func performAfter(seconds: Double, timer: Bool = false, _ body: @escaping @Sendable () -> Void) {
        let token = server.clock.schedule(after: seconds, on: queue) {
            body()
            self.flushOutbox()
        }
        if timer { turnTimers.append(token) }
    }

    private func publishDirectory() {
        let summary = RoomSummary(
            name: name, players: seats.count, seats: settings.seats, spectators: spectators.count, mode: settings.mode.rawValue,
            difficulty: settings.difficulty.rawValue, status: status, isPrivate: password != nil)
        directoryLock.withLock { $0.summary = summary }
    }
}
