import HangmanCore
import HangmanStore

/// A logged-in player's account commands: `register <secret>` protects the name, `password <old>
/// <new>` changes its password (`PasswordChange` holds the rules). Like every command line, the
/// secrets are typed in the clear (telnet hides only the login prompt's password).
extension Session {
    func register(_ secret: String) {
        guard !registered else { return sendError(.invalidInput, "\(displayName) is registered already") }
        guard PasswordChange.bytes.contains(secret.utf8.count) else {
            return sendError(.invalidInput, PasswordChange.lengthRule)
        }
        begin()
        server.store.registerStamped(name: displayName, password: secret) { result in
            self.onQueue {
                switch result {
                case .success(let stamp):
                    self.registered = true
                    self.passwordStamp = stamp
                    self.passwordHasSpace = PasswordChange.hasSpace(secret)
                    if stamp.isKnown { self.server.lobby.markChecked(id: self.id, member: self) }
                    self.send(.info("\(self.displayName) is now registered: next time this name asks for the password."))
                case .failure(.nameTaken):
                    self.sendError(.nameTaken, "\(self.displayName) is registered already")
                case .failure(let error):
                    self.server.logger.warning("store: register failed: \(error)")  // the store logs the cause
                    self.sendError(.unavailable, "could not register right now; try again soon")
                }
                self.finish()
            }
        }
    }

    /// `password <old> <new>`; `arguments` is what followed the command word. Later lines wait for
    /// the answer, as they do for `register`.
    func changePassword(_ arguments: String) {
        let group = connection.addressGroup
        let start = PasswordChange.start(
            arguments: arguments, name: displayName, registered: registered,
            blockedSeconds: server.throttle.blockedSeconds(address: group),
            account: server.accounts.answer(account: id, group: group, now: server.clock.nanoseconds),
            passwordHasSpace: passwordHasSpace)
        if case .refuse(let code, let message) = start { return sendError(code, message) }
        guard case .change(let old, let new, let after) = start else { return }
        begin()
        changingPassword = true
        let name = displayName
        let ask: @Sendable () -> Void = {
            self.server.store.changePasswordStamped(name: name, old: old, new: new) { result in
                self.onQueue {
                    self.changingPassword = false
                    guard !self.isClosed else { return self.finish() }
                    if case .success(let stamp?) = result {
                        self.passwordStamp = stamp
                        self.passwordHasSpace = PasswordChange.hasSpace(new)
                        // This server's other logins with the old password go now, not at the next check.
                        self.server.lobby.checkPasswordsNow()
                    }
                    for action in PasswordChange.finish(result.map { $0 != nil }, name: name) { self.perform(action) }
                    self.finish()
                }
            }
        }
        guard after > 0 else { return ask() }
        // The account is under a guessing flood: the check waits, as a login's does.
        server.clock.schedule(after: after, on: connection.queue) {
            guard !self.isClosed else {
                self.changingPassword = false
                return self.finish()
            }
            ask()
        }
    }

    private func perform(_ action: PasswordChange.Action) {
        switch action {
        case .recordFailedPassword:
            recordPassword(right: false, for: id)
            server.logger.warning("wrong old password in a password change for \(displayName) from \(connection.peer)")
        case .recordGoodPassword:
            recordPassword(right: true, for: id)
            server.logger.info("\(displayName) changed their password from \(connection.peer)")
        case .info(let message): send(.info(message))
        case .error(let code, let message): sendError(code, message)
        case .storeFailed(let message): server.logger.warning("store: \(message)")  // the store logs the cause
        }
    }

    /// A password checked for `id` from this connection, at the login prompt or in a change: a wrong
    /// one counts against the address and the account (both throttles), a right one clears the
    /// account's count for this address group.
    func recordPassword(right: Bool, for id: PlayerID) {
        let group = connection.addressGroup
        if right {
            server.accounts.recordSuccess(account: id, group: group)
        } else {
            server.throttle.recordFailure(address: group)
            server.accounts.recordFailure(account: id, group: group, now: server.clock.nanoseconds)
        }
    }
}
