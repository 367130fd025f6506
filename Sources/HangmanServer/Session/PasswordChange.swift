import HangmanStore

/// `password <old> <new>` typed once logged in: a registered player changes their password (the
/// login prompt's `password <secret>` is `LoginFlow`'s). As values: what the line asks for, and what
/// the store's answer leads to; the session performs it. A wrong old password counts as a wrong
/// password at login does (`PasswordGate`: the address's and the account's throttles), so a session
/// left open cannot be used to guess its player's password any faster than the login prompt allows.
/// No queue, no store: tested with values.
public enum PasswordChange {
    /// A password's length in bytes: `register`'s rule, and the new password's here (docs/PROTOCOL.md).
    public static let bytes = 4...72
    /// What a password of another length is told.
    public static let lengthRule = "a password is \(bytes.lowerBound) to \(bytes.upperBound) bytes long"
    static let usage = "usage: password <old> <new> (the new password is one word)"
    /// A line whose old part cannot be the password (see `start`): how to type it.
    static let wholeOldPassword =
        "usage: password <old> <new>: type your whole old password (spaces and all), then the new one (one word)"

    enum Start: Equatable {
        /// Answered at once; the store is not asked and nothing is counted.
        case refuse(ErrorCode, String)
        /// Ask the store, `after` seconds from now (an account under a guessing flood waits, as at login).
        case change(old: String, new: String, after: Double)
    }

    /// What the store's answer leads to, in order.
    enum Action: Equatable {
        case recordFailedPassword
        /// The right old password: the account's back-off for this address starts afresh (as at login).
        case recordGoodPassword
        case info(String)
        case error(ErrorCode, String)
        /// Log a store problem.
        case storeFailed(String)
    }

    /// `arguments`: what followed the command word (`Command.password`); `name`: the player's;
    /// `blockedSeconds` and `account`: the throttles' answers for this address and account;
    /// `passwordHasSpace`: whether the password this session logged in (or registered, or changed)
    /// with has a space or tab in it (nil: not known). An old part that differs in that cannot be the
    /// password (`password correct horse`, typed for the password `correct horse` with no new one,
    /// splits as old `correct`): it is refused as usage, before the throttles, and costs nothing.
    static func start(
        arguments: String, name: String, registered: Bool, blockedSeconds: Int?, account: AccountThrottle.Answer,
        passwordHasSpace: Bool? = nil
    ) -> Start {
        guard registered else { return .refuse(.invalidInput, notRegistered(name)) }
        guard let (old, new) = split(arguments) else { return .refuse(.invalidInput, usage) }
        if let passwordHasSpace, hasSpace(old) != passwordHasSpace { return .refuse(.invalidInput, wholeOldPassword) }
        guard bytes.contains(new.utf8.count) else { return .refuse(.invalidInput, lengthRule) }
        switch PasswordGate(name: name, blockedSeconds: blockedSeconds, account: account) {
        case .refuse(let code, let message): return .refuse(code, message)
        case .check(let after): return .change(old: old, new: new, after: after)
        }
    }

    /// The new password is the last word; the old one everything before it, so that any registered
    /// password can be changed (`register` takes the rest of its line, spaces included). Nil when
    /// there are not two words.
    static func split(_ arguments: String) -> (old: String, new: String)? {
        let text = arguments.trimmingSpaces()
        guard let space = text.lastIndex(where: isSpace) else { return nil }
        let old = String(text[..<space]).trimmingSpaces()
        let new = String(text[text.index(after: space)...])
        guard !old.isEmpty, !new.isEmpty else { return nil }
        return (old, new)
    }

    /// A space or a tab: what separates the words of a line (and may be inside a password).
    static func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" }

    static func hasSpace(_ password: String) -> Bool { password.contains(where: isSpace) }

    static func finish(_ result: Result<Bool, StoreError>, name: String) -> [Action] {
        switch result {
        case .success(true):
            return [.recordGoodPassword, .info("Your password is changed: from now on \(name) logs in with the new one.")]
        case .success(false):
            return [.recordFailedPassword, .error(.badPassword, "that is not the password of \(name); it is unchanged")]
        case .failure(.notRegistered):
            return [.error(.invalidInput, notRegistered(name))]
        case .failure(let error):
            return [
                .storeFailed("change password failed: \(error)"),
                .error(.unavailable, "could not change your password right now; try again soon"),
            ]
        }
    }

    static func notRegistered(_ name: String) -> String {
        "\(name) has no password to change; type register <password> to set one"
    }
}
