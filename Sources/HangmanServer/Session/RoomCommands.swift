import HangmanCore
import HangmanNet

/// Where a logged-in player is and the commands that go to a room: moving between the lobby and
/// rooms (quick play, create, join, watch, leave: each one lobby call, `Lobby.move`), the room's own
/// commands (guesses, start, word, words, hint, kick, set, settings, state, who) and the player's
/// remembered settings for new rooms. State confined to the session's queue; the family that
/// `Session.run` asks first, since only `play` straight after its warning confirms it.
final class RoomCommands: CommandFamily, @unchecked Sendable {
    /// The room the player is in (nil: the lobby).
    private(set) var room: Room?
    /// Seated (not watching) in `room`.
    private(set) var seated = false
    /// `play` was refused once because it would leave a running game: the next `play` confirms.
    private var playNeedsConfirm = false
    /// `watch` commands (`watch-per-minute`, `watch-burst`): a spectator's churn is slowed at its source.
    private var watchLimiter: TokenBucket
    /// The player's settings for new rooms (their last `set`, or loaded at login).
    private var saved: Settings?

    /// The key of the bell among the saved settings (the room settings ignore it).
    static let bellKey = "bell"
    /// The key of screen-reader mode among the saved settings (the room settings ignore it).
    static let screenReaderKey = "screenreader"

    init(config: ServerConfig) {
        watchLimiter = TokenBucket(rate: config.watchPerMinute, burst: config.watchBurst, periodSeconds: 60)
    }

    func run(_ command: Command, for session: Session) -> Bool {
        let confirming = playNeedsConfirm
        playNeedsConfirm = false
        switch command {
        case .play:
            if !confirming, seated, let room, room.directory.summary.status == .playing {
                playNeedsConfirm = true
                session.send(
                    .info(
                        "You are playing in \(room.name): quick play would leave your seat and score there. "
                            + "Type play again (or play confirm) to leave for a new game; anything else keeps your seat."))
            } else {
                quickPlay(session)
            }
        case .playConfirm: quickPlay(session)
        case .rooms:
            session.begin()
            session.server.lobby.listRooms { rooms in
                session.onQueue {
                    session.send(.rooms(rooms))
                    session.finish()
                }
            }
        case .create(let name, let password): create(name: name, password: password, session)
        case .join(let name, let password): join(name: name, password: password, spectator: false, session)
        case .watch(let name, let password):
            guard watchLimiter.take(now: session.server.clock.nanoseconds) else {
                session.sendError(.rateLimited, "watch slower: at most \(session.server.config.watchPerMinute) a minute")
                return true
            }
            join(name: name, password: password, spectator: true, session)
        case .leave:
            guard room != nil else {
                session.sendError(.invalidInput, "you are in the lobby already")
                return true
            }
            session.begin()
            leave(reason: nil, session) {
                session.send(.info(Outbound.lobbyHint))
                session.finish()
            }
        case .settings:
            if let room {
                room.sendSettings(to: session)
            } else {
                session.send(.settings(room: Outbound.newRooms, settings: forNewRooms(session), pending: false))
            }
        case .who:
            session.begin()
            session.server.lobby.lobbyNames { names in
                session.onQueue {
                    if let room = self.room {
                        room.sendWho(to: session, lobby: names)
                    } else {
                        session.send(.who(room: nil, players: [], spectators: [], lobby: names, host: nil))
                    }
                    session.finish()
                }
            }
        default:
            guard let room else { return RoomRequests.refuseInLobby(command, session) }
            return RoomRequests.run(command, in: room, for: session)
        }
        return true
    }

    /// The room answered a `set`: these are the player's settings for new rooms from now on.
    func remember(_ values: [String: String], _ session: Session) {
        var settings = session.server.config.game
        settings.apply(values, library: session.server.library)
        saved = settings
        saveSettings(session)
    }

    /// The settings a new room of this player's starts with.
    private func forNewRooms(_ session: Session) -> Settings { saved ?? session.server.config.game }

    /// Saves the player's settings for new rooms and their bell with the store (best effort).
    func saveSettings(_ session: Session) {
        var values = forNewRooms(session).values
        values[Self.bellKey] = session.output.bell ? "on" : "off"
        // Only a choice is saved: a client's MTTS answer is asked again on every connection.
        if session.output.screenReaderChosen {
            values[Self.screenReaderKey] = session.output.screenReader ? "on" : "off"
        }
        let name = session.displayName
        let server = session.server
        server.store.saveSettings(name: name, settings: values) { saved in
            if case .failure(let error) = saved { server.logger.warning("could not save settings of \(name): \(error)") }
        }
    }

    /// Logged in: the remembered settings and bell are loaded, then the player resumes their kept
    /// seat (`resumed`) or is placed by quick play. Finishes the login's command flow.
    func enter(resuming resumed: Room?, _ session: Session) {
        let server = session.server
        server.store.loadSettings(name: session.displayName) { loaded in
            session.onQueue {
                guard !session.isClosed else { return }  // didClose released the name
                if case .success(let values?) = loaded {
                    var settings = server.config.game
                    settings.apply(values, library: server.library)
                    self.saved = settings
                    session.output.bell = values[Self.bellKey] == "on"
                    // A choice made at the name prompt wins over the saved one, and is saved.
                    if session.output.screenReaderChosen {
                        self.saveSettings(session)
                    } else if let saved = values[Self.screenReaderKey] {
                        session.output.chooseScreenReader(saved == "on")
                    }
                } else if session.output.screenReaderChosen {
                    self.saveSettings(session)
                }
                if let room = resumed {
                    self.resume(in: room, session)
                } else {
                    self.quickPlay(session)
                }
            }
        }
    }

    private func resume(in room: Room, _ session: Session) {
        room.resume(member: session, id: session.id) { ok in
            session.onQueue {
                if session.isClosed {
                    // Gone again before the seat was back; the name was already released, so the seat goes too.
                    if ok { room.leave(id: session.id, member: session, reason: "disconnected") }
                    return
                }
                if ok {
                    self.room = room
                    self.seated = true
                    session.finish()
                } else {
                    session.server.lobby.setLocation(id: session.id, member: session, room: nil)
                    self.quickPlay(session)
                }
            }
        }
    }

    /// A house bot's session starts seated in `room` (`Session.becomeBot`).
    func seatBot(in room: Room) {
        self.room = room
        seated = true
    }

    /// Leaves the current room (if any) and goes back to the lobby.
    func leave(reason: String?, _ session: Session, then: (@Sendable () -> Void)? = nil) {
        guard let current = room else {
            then?()
            return
        }
        room = nil
        seated = false
        session.output.turnEnded()  // no `your turn> ` for a game left behind
        session.server.lobby.setLocation(id: session.id, member: session, room: nil)
        current.leave(id: session.id, member: session, reason: reason) {
            if let then { session.onQueue(then) }
        }
    }

    /// The room removed this player (kicked): back to the lobby, told so. On the session's queue.
    func removed(from room: Room, by: String, _ session: Session) {
        guard self.room === room else { return }
        self.room = nil
        seated = false
        session.server.lobby.setLocation(id: session.id, member: session, room: nil)
        session.send(.kicked(room: room.name, by: by))
    }

    /// This login was taken over elsewhere: the seat belongs to the new session now; a spectator's
    /// place is given up.
    func handOver(_ session: Session) {
        if let room, !seated { room.disconnected(id: session.id, member: session) }
        room = nil
    }

    private func quickPlay(_ session: Session) {
        session.begin()
        move(to: .quick(forNewRooms(session)), session)
    }

    private func create(name: String, password: String?, _ session: Session) {
        if let problem = CommandParser.validateRoomName(name) { return session.sendError(.invalidInput, problem) }
        session.begin()
        move(to: .new(name, password: password, forNewRooms(session)), session) { room in
            // `create friday night` must not make a private room silently.
            guard let password else { return }
            session.send(
                .info(
                    "\(room.name) is private: its password is \(password) (only you see this). "
                        + "Friends join with: join \(room.name) \(password)"))
        }
    }

    private func join(name: String, password: String?, spectator: Bool, _ session: Session) {
        if let problem = CommandParser.validateRoomName(name) { return session.sendError(.invalidInput, problem) }
        session.begin()
        move(to: .room(name, password: password, spectator: spectator), session)
    }

    /// One lobby call (`Lobby.move`), then where the player is now; `joined` runs on the session's
    /// queue once in the new room, before the next waiting line.
    private func move(to destination: Lobby.Destination, _ session: Session, joined: (@Sendable (Room) -> Void)? = nil) {
        let current = room
        session.server.lobby.move(session, id: session.id, from: current, to: destination) { now, error in
            session.onQueue {
                if now !== current { self.seated = false }
                self.room = now
                if let error {
                    session.send(error.outbound)
                } else if let now {
                    self.seated = !destination.spectator
                    if session.isClosed {
                        // Seated after the connection went (its name is already released): free the seat.
                        now.leave(id: session.id, member: session, reason: "disconnected")
                    } else {
                        joined?(now)
                    }
                }
                session.finish()
            }
        }
    }
}
