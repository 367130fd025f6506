import HangmanCore
import HangmanNet
import HangmanStore

/// The login driver: feeds lines and the lobby's and store's answers to the `LoginFlow` (the rules,
/// a value) and performs its actions. Owns the flow and what the lobby's claim answered; hands the
/// player to `Session.completeLogin`, the one place login completes. State confined to the
/// session's queue.
final class LoginConversation: @unchecked Sendable {
    private var flow: LoginFlow
    /// The room a claimed name resumes (the lobby's answer, used once login completes).
    private var resuming: Room?
    /// The name's resume token from the lobby's answer, shown once at login (unregistered names).
    private var resumeToken: String?
    /// On a resume: why the server cut the last connection, told after the greeting.
    private var resumeCut: SlowReadCut?

    init(maxPasswordAttempts: Int) { flow = LoginFlow(maxPasswordAttempts: maxPasswordAttempts) }

    /// At the name prompt, with no name on its way (`json` says the prompt again only then).
    var atNamePrompt: Bool { flow.step == .name }

    /// A line typed during login.
    func line(_ line: String, _ session: Session) {
        switch flow.step {
        case .name:
            feed(.nameLine(CommandParser.parse(line)), session)
        case .password(let id, _):
            let server = session.server
            let group = session.connection.addressGroup
            let blocked = server.throttle.blockedSeconds(address: group)
            let account = server.accounts.answer(account: id, group: group, now: server.clock.nanoseconds)
            feed(.passwordLine(line, CommandParser.parse(line), blockedSeconds: blocked, account: account), session)
        case .checking, .verifying, .claiming, .done, .closed:
            return
        }
    }

    /// One input to the flow, its actions performed; later lines wait while the flow waits.
    private func feed(_ input: LoginFlow.Input, _ session: Session) {
        for action in flow.handle(input) { perform(action, session) }
        if flow.isWaiting {
            session.begin()
        } else if case .done = flow.step {
            return  // the player's first room (or resumed seat) finishes the command flow
        } else {
            session.finish()
        }
    }

    /// Feeds an answer that arrived on another queue, unless the client left meanwhile.
    private func answer(_ input: LoginFlow.Input, _ session: Session) {
        session.onQueue {
            guard !session.isClosed else { return }
            self.feed(input, session)
        }
    }

    private func perform(_ action: LoginFlow.Action, _ session: Session) {
        let server = session.server
        let connection = session.connection
        switch action {
        case .prompt(let prompt): session.sendPrompt(prompt.rawValue)
        case .error(let code, let message): session.sendError(code, message)
        case .run(let command): session.runAnywhere(command)
        case .askOnline(let id): server.lobby.isOnline(id) { self.answer(.online($0), session) }
        case .askRegistered(let id): server.store.registeredName(name: id.name) { self.answer(.registered($0), session) }
        case .verify(let id, let secret, let after):
            let verify: @Sendable () -> Void = {
                server.store.verifyStamped(name: id.name, password: secret) { self.answer(.verified($0), session) }
            }
            guard after > 0 else { return verify() }
            // The account is under a guessing flood: every answer for it waits (nobody is refused).
            server.clock.schedule(after: after, on: connection.queue) {
                guard !session.isClosed else { return }
                verify()
            }
        case .claim(let id, let registered, let takeover): claim(id, registered: registered, takeover: takeover, session)
        case .hideEcho(let hidden): connection.setEchoHidden(hidden)
        case .endHiddenLine:
            if connection.isTelnet, session.style != .json { connection.send(MemberOutput.crlf) }
        case .recordFailedPassword(let id):
            AccountCommands.recordPassword(right: false, for: id, session)
            server.logger.warning("bad password for \(id.name) from \(connection.peer)")
        case .recordFailedResumeCode(let id):
            AccountCommands.recordPassword(right: false, for: id, session)
            server.logger.warning("wrong resume code for \(id.name) from \(connection.peer)")
        case .recordGoodPassword(let id):
            AccountCommands.recordPassword(right: true, for: id, session)
        case .close: session.close(reason: .requested)
        case .storeFailed(let message):
            // The player is told `unavailable`; the store logs the cause itself. A warning, not an
            // error: under a password flood the bounded hash queue refuses on purpose, many a second.
            server.logger.warning("store: \(message)")
        case .completed(let id, let registered):
            let resumed = resuming
            let token = resumeToken
            let cut = resumeCut
            resuming = nil
            resumeToken = nil
            resumeCut = nil
            session.account.loggedIn(registered: registered, stamp: flow.stamp, hasSpace: flow.passwordHasSpace)
            session.completeLogin(id, registered: registered, resuming: resumed, token: token, cut: cut)
        }
    }

    /// This login checked the account's password (an operator's powers need it; a name registered
    /// only during this session has none).
    var passwordChecked: Bool { flow.stamp != nil }

    /// A resume code for a guest's kept seat is a secret like a password: the same throttles, then
    /// the claim (`claimNow`).
    private func claim(_ id: PlayerID, registered: Bool, takeover: Bool, _ session: Session) {
        guard !registered, flow.resumeToken != nil else {
            return claimNow(id, registered: registered, takeover: takeover, session)
        }
        let server = session.server
        let group = session.connection.addressGroup
        let gate = PasswordGate(
            name: id.name, blockedSeconds: server.throttle.blockedSeconds(address: group),
            account: server.accounts.answer(account: id, group: group, now: server.clock.nanoseconds),
            secrets: "resume codes")
        switch gate {
        case .refuse(let code, let message):
            answer(.resumeCodeRefused(code, message), session)
        case .check(let after) where after > 0:
            // The name is under a guessing flood: every code for it waits (nobody is refused).
            server.clock.schedule(after: after, on: session.connection.queue) {
                guard !session.isClosed else { return }
                self.claimNow(id, registered: registered, takeover: takeover, session)
            }
        case .check:
            claimNow(id, registered: registered, takeover: takeover, session)
        }
    }

    /// Asks the lobby for the name (`LoginFlow.Action.claim`) and feeds its answer to the flow.
    private func claimNow(_ id: PlayerID, registered: Bool, takeover: Bool, _ session: Session) {
        if let refusal = session.refusedOperatorName(id, registered: registered) {
            return answer(.nameRefused(.notAllowed, refusal), session)
        }
        session.unlessBanned(id) { self.claimName(id, registered: registered, takeover: takeover, session) }
    }

    /// A name that is not banned: the lobby's claim.
    private func claimName(_ id: PlayerID, registered: Bool, takeover: Bool, _ session: Session) {
        let claimant = Lobby.Claimant(
            member: session, group: session.connection.addressGroup, registered: registered && takeover,
            token: flow.resumeToken, checked: registered && flow.stamp?.isKnown == true)
        session.server.lobby.claim(id: id, as: claimant) { result in
            session.onQueue {
                switch result {
                case .taken:
                    guard !session.isClosed else { return }
                    self.feed(.claimed(taken: true, id: nil), session)
                case .kept:
                    guard !session.isClosed else { return }
                    self.feed(.seatKept, session)
                case .claimed(let id, let resumed, let displaced, let token, let cut):
                    // The client left while we asked: give the name back at once.
                    guard !session.isClosed else { return session.server.lobby.release(id: id, member: session) }
                    displaced?.displace(by: session.connection.peer)
                    self.resuming = resumed
                    self.resumeCut = cut
                    self.resumeToken = token
                    self.feed(.claimed(taken: false, id: id), session)
                }
            }
        }
    }
}
