import HangmanCore
import HangmanStore

/// A logged-in player's account: `register <secret>` protects the name, `password <old> <new>`
/// changes its password (`PasswordChange` holds the rules), and the password stamp the lobby checks
/// every `account-check-seconds`: a registered player's password changed elsewhere signs this
/// session out, its seat kept for the grace period as for any lost connection, so the player gets it
/// back by logging in with the new password. Like every command line, the secrets are typed in the
/// clear (telnet hides only the login prompt's password). State confined to the session's queue.
final class AccountCommands: CommandFamily, @unchecked Sendable {
    private(set) var registered = false
    /// The password this registered player logged in (or registered) with, as the store stamped it.
    private var stamp: PasswordStamp?
    /// A `password <old> <new>` of this session is with the store: a stamp that changes meanwhile is
    /// (probably) its own doing, and signs nobody out.
    private var changing = false
    /// Whether that password has a space in it (nil: not registered): `PasswordChange.start` refuses,
    /// uncounted, a change whose old part cannot be it.
    private var hasSpace: Bool?

    /// Logged in (`LoginFlow`'s stamp and space, kept only for a registered name).
    func loggedIn(registered: Bool, stamp: PasswordStamp?, hasSpace: Bool?) {
        self.registered = registered
        self.stamp = registered ? stamp : nil
        self.hasSpace = registered ? hasSpace : nil
    }

    func run(_ command: Command, for session: Session) -> Bool {
        switch command {
        case .register(let secret): register(secret, session)
        case .password(let arguments): changePassword(arguments, session)
        default: return false
        }
        return true
    }

    private func register(_ secret: String, _ session: Session) {
        let name = session.displayName
        guard !registered else { return session.sendError(.invalidInput, "\(name) is registered already") }
        guard PasswordChange.bytes.contains(secret.utf8.count) else {
            return session.sendError(.invalidInput, PasswordChange.lengthRule)
        }
        session.begin()
        session.server.store.registerStamped(name: name, password: secret) { result in
            session.onQueue {
                switch result {
                case .success(let stamp):
                    self.registered = true
                    self.stamp = stamp
                    self.hasSpace = PasswordChange.hasSpace(secret)
                    if stamp.isKnown { session.server.lobby.markChecked(id: session.id, member: session) }
                    session.send(.info("\(name) is now registered: next time this name asks for the password."))
                case .failure(.nameTaken):
                    session.sendError(.nameTaken, "\(name) is registered already")
                case .failure(let error):
                    session.server.logger.warning("store: register failed: \(error)")  // the store logs the cause
                    session.sendError(.unavailable, "could not register right now; try again soon")
                }
                session.finish()
            }
        }
    }

    /// `password <old> <new>`; `arguments` is what followed the command word. Later lines wait for
    /// the answer, as they do for `register`.
    private func changePassword(_ arguments: String, _ session: Session) {
        let server = session.server
        let group = session.connection.addressGroup
        let start = PasswordChange.start(
            arguments: arguments, name: session.displayName, registered: registered,
            blockedSeconds: server.throttle.blockedSeconds(address: group),
            account: server.accounts.answer(account: session.id, group: group, now: server.clock.nanoseconds),
            passwordHasSpace: hasSpace)
        if case .refuse(let code, let message) = start { return session.sendError(code, message) }
        guard case .change(let old, let new, let after) = start else { return }
        session.begin()
        changing = true
        let name = session.displayName
        let ask: @Sendable () -> Void = {
            server.store.changePasswordStamped(name: name, old: old, new: new) { result in
                session.onQueue {
                    self.changing = false
                    guard !session.isClosed else { return session.finish() }
                    if case .success(let stamp?) = result {
                        self.stamp = stamp
                        self.hasSpace = PasswordChange.hasSpace(new)
                        // This server's other logins with the old password go now, not at the next check.
                        server.lobby.checkPasswordsNow()
                    }
                    for action in PasswordChange.finish(result.map { $0 != nil }, name: name) {
                        Self.perform(action, session)
                    }
                    session.finish()
                }
            }
        }
        guard after > 0 else { return ask() }
        // The account is under a guessing flood: the check waits, as a login's does.
        server.clock.schedule(after: after, on: session.connection.queue) {
            guard !session.isClosed else {
                self.changing = false
                return session.finish()
            }
            ask()
        }
    }

    private static func perform(_ action: PasswordChange.Action, _ session: Session) {
        let who = "\(session.displayName) from \(session.connection.peer)"
        switch action {
        case .recordFailedPassword:
            recordPassword(right: false, for: session.id, session)
            session.server.logger.warning("wrong old password in a password change for \(who)")
        case .recordGoodPassword:
            recordPassword(right: true, for: session.id, session)
            session.server.logger.info("\(session.displayName) changed their password from \(session.connection.peer)")
        case .info(let message): session.send(.info(message))
        case .error(let code, let message): session.sendError(code, message)
        case .storeFailed(let message): session.server.logger.warning("store: \(message)")  // the store logs the cause
        }
    }

    /// A password checked for `id` from this connection, at the login prompt or in a change: a wrong
    /// one counts against the address and the account (both throttles), a right one clears the
    /// account's count for this address group.
    static func recordPassword(right: Bool, for id: PlayerID, _ session: Session) {
        let server = session.server
        let group = session.connection.addressGroup
        if right {
            server.accounts.recordSuccess(account: id, group: group)
        } else {
            server.throttle.recordFailure(address: group)
            server.accounts.recordFailure(account: id, group: group, now: server.clock.nanoseconds)
        }
    }

    /// Whether the account's password as the store holds it now (`Lobby+PasswordCheck.swift`) means
    /// this login's password was changed elsewhere. On the session's queue.
    func changedElsewhere(_ stored: PasswordStamp) -> Bool {
        guard let mine = stamp, mine.isKnown, stored.isKnown else { return false }
        // Our own change is with the store: the new stamp is ours (if another change overtook
        // ours, the next check finds the stamp still differs).
        return !changing && stored != mine
    }
}
