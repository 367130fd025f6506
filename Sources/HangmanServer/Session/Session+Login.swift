import Dispatch
import HangmanCore
import HangmanNet
import HangmanStore

/// The login driver: feeds lines and the lobby's and store's answers to the `LoginFlow` and
/// performs its actions. Login completes in one place, `.completed` in `perform(_:)`.
extension Session {
    /// A line typed during login.
    func loginLine(_ line: String) {
        switch login.step {
        case .name:
            feed(.nameLine(CommandParser.parse(line)))
        case .password:
            let blocked = server.throttle.blockedSeconds(address: connection.addressGroup)
            feed(.passwordLine(line, CommandParser.parse(line), blockedSeconds: blocked))
        case .checking, .verifying, .claiming, .done, .closed:
            return
        }
    }

    /// One input to the flow, its actions performed; later lines wait while the flow waits.
    func feed(_ input: LoginFlow.Input) {
        let actions = login.handle(input)
        for action in actions { perform(action) }
        if login.isWaiting {
            begin()
        } else if case .done = login.step {
            return  // the player's first room (or resumed seat) finishes the command flow
        } else {
            finish()
        }
    }

    /// Feeds an answer that arrived on another queue, unless the client left meanwhile.
    private func answer(_ input: LoginFlow.Input) {
        onQueue {
            guard !self.isClosed else { return }
            self.feed(input)
        }
    }

    private func perform(_ action: LoginFlow.Action) {
        switch action {
        case .prompt(let prompt): sendPrompt(prompt.rawValue)
        case .error(let code, let message): sendError(code, message)
        case .run(let command): runAnywhere(command)
        case .askOnline(let id): server.lobby.isOnline(id) { self.answer(.online($0)) }
        case .askRegistered(let id): server.store.isRegistered(name: id.name) { self.answer(.registered($0)) }
        case .verify(let id, let secret): server.store.verify(name: id.name, password: secret) { self.answer(.verified($0)) }
        case .claim(let id, _):
            server.lobby.claim(id: id, session: self) { result in
                self.onQueue {
                    switch result {
                    case .taken:
                        guard !self.isClosed else { return }
                        self.feed(.claimed(taken: true, id: nil))
                    case .claimed(let id, let resumed):
                        // The client left while we asked: give the name back at once.
                        guard !self.isClosed else { return self.server.lobby.release(id: id, session: self) }
                        self.resuming = resumed
                        self.feed(.claimed(taken: false, id: id))
                    }
                }
            }
        case .hideEcho(let hidden): connection.setEchoHidden(hidden)
        case .endHiddenLine:
            if connection.isTelnet, style != .json { connection.send(Self.crlf) }
        case .recordFailedPassword(let id):
            server.throttle.recordFailure(address: connection.addressGroup)
            server.logger.warning("bad password for \(id.name) from \(connection.peer)")
        case .close:
            phase = .closed
            connection.close(reason: .requested)
        case .storeFailed(let message):
            server.logger.error("store: \(message)")
        case .completed(let id, let registered):
            completeLogin(id, registered: registered)
        }
    }

    /// The one place login completes: from here on the player is `id`. (A transport that wants to
    /// know, e.g. to end a hard login deadline, is told here.)
    private func completeLogin(_ id: PlayerID, registered: Bool) {
        let resumed = resuming
        resuming = nil
        self.id = id
        nameLock.withLock { $0 = id.name }
        self.registered = registered
        phase = .playing
        inPlay.store(true, ordering: .relaxed)
        connection.loginCompleted()
        connection.setIdleTimeout(seconds: server.config.limits.idleSeconds)
        server.logger.info("login \(id.name) from \(connection.peer)\(resumed != nil ? " (resumed)" : "")")
        send(.loggedIn(name: id.name, registered: registered, resumed: resumed != nil))
        server.store.loadSettings(name: id.name) { loaded in
            self.onQueue {
                guard !self.isClosed else { return }  // didClose released the name
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

    func resume(in room: Room) {
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
}
