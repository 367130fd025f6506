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
        case .password(let id, _):
            let blocked = server.throttle.blockedSeconds(address: connection.addressGroup)
            let account = server.accounts.answer(account: id, group: connection.addressGroup, now: server.clock.nanoseconds)
            feed(.passwordLine(line, CommandParser.parse(line), blockedSeconds: blocked, account: account))
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
        case .askRegistered(let id): server.store.registeredName(name: id.name) { self.answer(.registered($0)) }
        case .verify(let id, let secret, let after):
            guard after > 0 else {
                return server.store.verifyStamped(name: id.name, password: secret) { self.answer(.verified($0)) }
            }
            // The account is under a guessing flood: every answer for it waits (nobody is refused).
            server.clock.schedule(after: after, on: connection.queue) {
                guard !self.isClosed else { return }
                self.server.store.verifyStamped(name: id.name, password: secret) { self.answer(.verified($0)) }
            }
        case .claim(let id, let registered, let takeover):
            // A resume code for a guest's kept seat is a secret like a password: the same throttles.
            if !registered, login.resumeToken != nil {
                let group = connection.addressGroup
                let gate = PasswordGate(
                    name: id.name, blockedSeconds: server.throttle.blockedSeconds(address: group),
                    account: server.accounts.answer(account: id, group: group, now: server.clock.nanoseconds),
                    secrets: "resume codes")
                switch gate {
                case .refuse(let code, let message):
                    return answer(.resumeCodeRefused(code, message))
                case .check(let after) where after > 0:
                    // The name is under a guessing flood: every code for it waits (nobody is refused).
                    _ = server.clock.schedule(after: after, on: connection.queue) {
                        guard !self.isClosed else { return }
                        self.claim(id, registered: registered, takeover: takeover)
                    }
                    return
                case .check:
                    break
                }
            }
            claim(id, registered: registered, takeover: takeover)
        case .hideEcho(let hidden): connection.setEchoHidden(hidden)
        case .endHiddenLine:
            if connection.isTelnet, style != .json { connection.send(MemberOutput.crlf) }
        case .recordFailedPassword(let id):
            recordPassword(right: false, for: id)
            server.logger.warning("bad password for \(id.name) from \(connection.peer)")
        case .recordFailedResumeCode(let id):
            recordPassword(right: false, for: id)
            server.logger.warning("wrong resume code for \(id.name) from \(connection.peer)")
        case .recordGoodPassword(let id):
            recordPassword(right: true, for: id)
        case .close:
            phase = .closed
            connection.close(reason: .requested)
        case .storeFailed(let message):
            // The player is told `unavailable`; the store logs the cause itself. A warning, not an
            // error: under a password flood the bounded hash queue refuses on purpose, many a second.
            server.logger.warning("store: \(message)")
        case .completed(let id, let registered):
            completeLogin(id, registered: registered)
        }
    }

    /// Asks the lobby for the name (`LoginFlow.Action.claim`) and feeds its answer to the flow.
    private func claim(_ id: PlayerID, registered: Bool, takeover: Bool) {
        let claimant = Lobby.Claimant(
            member: self, group: connection.addressGroup, registered: registered && takeover, token: login.resumeToken,
            checked: registered && login.stamp?.isKnown == true)
        server.lobby.claim(id: id, as: claimant) { result in
            self.onQueue {
                switch result {
                case .taken:
                    guard !self.isClosed else { return }
                    self.feed(.claimed(taken: true, id: nil))
                case .kept:
                    guard !self.isClosed else { return }
                    self.feed(.seatKept)
                case .claimed(let id, let resumed, let displaced, let token, let cut):
                    // The client left while we asked: give the name back at once.
                    guard !self.isClosed else { return self.server.lobby.release(id: id, member: self) }
                    displaced?.displace(by: self.connection.peer)
                    self.resuming = resumed
                    self.resumeCut = cut
                    self.resumeToken = token
                    self.feed(.claimed(taken: false, id: id))
                }
            }
        }
    }

    /// The one place login completes: from here on the player is `id`. (A transport that wants to
    /// know, e.g. to end a hard login deadline, is told here.)
    private func completeLogin(_ id: PlayerID, registered: Bool) {
        let resumed = resuming
        resuming = nil
        self.id = id
        self.registered = registered
        passwordStamp = registered ? login.stamp : nil
        passwordHasSpace = registered ? login.passwordHasSpace : nil
        phase = .playing
        // The first room's `joined` and `state` go out on its queue just after its reply.
        answersMayBePending = true
        output.begin(as: id.name, inPlay: true)
        connection.loginCompleted()
        connection.setIdleTimeout(seconds: server.config.limits.idleSeconds)
        server.logger.info("login \(id.name) from \(connection.peer)\(resumed != nil ? " (resumed)" : "")")
        send(.loggedIn(name: id.name, registered: registered, resumed: resumed != nil, resumeToken: resumeToken))
        resumeToken = nil
        if resumed != nil, let cut = resumeCut { send(.info(cut.message)) }
        resumeCut = nil
        server.store.loadSettings(name: id.name) { loaded in
            self.onQueue {
                guard !self.isClosed else { return }  // didClose released the name
                if case .success(let values?) = loaded {
                    var settings = self.server.config.game
                    settings.apply(values, library: self.server.library)
                    self.savedSettings = settings
                    self.output.bell = values[Self.bellKey] == "on"
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
        room.resume(member: self, id: id) { ok in
            self.onQueue {
                if self.isClosed {
                    // Gone again before the seat was back; the name was already released, so the seat goes too.
                    if ok { room.leave(id: self.id, member: self, reason: "disconnected") }
                    return
                }
                if ok {
                    self.room = room
                    self.seated = true
                    self.finish()
                } else {
                    self.server.lobby.setLocation(id: self.id, member: self, room: nil)
                    self.quickPlay()
                }
            }
        }
    }
}

extension Session {
    /// The right password for this player's name was given on another connection (issue 15 item 5):
    /// say so and close. The seat and the name now belong to the new session, so closing this one
    /// must not mark the seat away or release the name; a spectator's place is given up. Any queue.
    func displace(by peer: String) {
        onQueue {
            guard case .playing = self.phase else { return }
            self.server.logger.info("\(self.displayName) logged in again from \(peer); closing \(self.connection.peer)")
            if let room = self.room, !self.seated { room.disconnected(id: self.id, member: self) }
            self.room = nil
            self.phase = .closed
            self.output.endPlay()
            self.backlog.removeAll()
            self.sendLast(.goodbye("You logged in from elsewhere; this connection is closed."))
            self.connection.close(reason: .requested)
        }
    }
}
