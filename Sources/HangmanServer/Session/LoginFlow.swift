import HangmanCore
import HangmanStore

/// The login dialogue as a value: name → (password) → logged in (or resumed). `handle` takes one
/// input (a line typed at a prompt, or the answer to a question the flow asked) and returns the
/// actions that follow; the session performs them (asks the lobby or the store, prompts, closes)
/// and feeds the answers back. No queue, no store, no socket: tested with values.
struct LoginFlow {
    enum Step: Equatable {
        /// At the name prompt.
        case name
        /// Asked the lobby whether the name is online, then the store whether it is registered.
        case checking(PlayerID)
        /// At the password prompt of a registered name, after `attempts` wrong ones.
        case password(PlayerID, attempts: Int)
        /// Asked the store whether the password is right.
        case verifying(PlayerID, attempts: Int)
        /// Asked the lobby for the name.
        case claiming(PlayerID, registered: Bool)
        /// Logged in: the session plays from here.
        case done(PlayerID)
        /// Too many wrong passwords: the connection is closing.
        case closed
    }

    enum Prompt: String { case name, password }

    enum Input {
        /// A line typed at the name prompt, parsed.
        case nameLine(Result<Command, CommandError>)
        /// A line typed at the password prompt: raw (a bare line is the password) and parsed;
        /// `blockedSeconds` is the address's throttle (nil: free to try), `account` the account's
        /// (`AccountThrottle`).
        case passwordLine(
            String, Result<Command, CommandError>, blockedSeconds: Int?, account: AccountThrottle.Answer = .free)
        case online(Bool)
        /// The store's answer: the account's spelling of a registered name, nil when unregistered.
        case registered(Result<String?, StoreError>)
        /// The store's answer: the stamp of the password that matched, nil when it was wrong.
        case verified(Result<PasswordStamp?, StoreError>)
        /// The lobby's answer: the name is taken, or claimed (as `id`, resuming `room` if any).
        case claimed(taken: Bool, id: PlayerID?)
        /// The lobby's answer: the name's seat is kept for a player who dropped, and this claimant
        /// may not resume it (another network, no resume token).
        case seatKept
        /// The session's throttles refused to try the resume code typed with the name (too many
        /// wrong ones from this address, or for this name from its address group).
        case resumeCodeRefused(ErrorCode, String)
        /// The session refused the name itself (an operator's name without its password).
        case nameRefused(ErrorCode, String)
    }

    enum Action: Equatable {
        case prompt(Prompt)
        case error(ErrorCode, String)
        /// A command that works before login (json, text, color, help, quit).
        case run(Command)
        case askOnline(PlayerID)
        case askRegistered(PlayerID)
        /// Check the password, `after` seconds from now (an account under a guessing flood waits).
        case verify(PlayerID, secret: String, after: Double = 0)
        /// Take the name; `takeover`: the right password was given for a name online, whose old
        /// connection gives way.
        case claim(PlayerID, registered: Bool, takeover: Bool = false)
        case hideEcho(Bool)
        /// With echo off the client did not echo the Enter either: end the prompt's line.
        case endHiddenLine
        case recordFailedPassword(PlayerID)
        /// A wrong resume code for `id`'s kept seat: it counts as a wrong password does.
        case recordFailedResumeCode(PlayerID)
        /// The right password: the account's back-off for this address starts afresh.
        case recordGoodPassword(PlayerID)
        case close
        /// Logged in as `id`: the one place login completes.
        case completed(PlayerID, registered: Bool)
        /// Log a store problem.
        case storeFailed(String)
    }

    let maxPasswordAttempts: Int
    private(set) var step: Step = .name
    /// The name being logged in to was online when checked: only its password can take it over.
    private var nameOnline = false
    /// The resume token typed after the name (`name ann#482193`), for the lobby's claim.
    private(set) var resumeToken: String?
    /// Which password logged in (a registered name's), for the session to compare later
    /// (`account-check-seconds`).
    private(set) var stamp: PasswordStamp?
    /// Whether the password being checked, then the one that logged in, has a space in it: a later
    /// `password <old> <new>` whose old part cannot be it costs no attempt (`PasswordChange`).
    private(set) var passwordHasSpace: Bool?
    private var checkingHasSpace = false

    init(maxPasswordAttempts: Int) { self.maxPasswordAttempts = maxPasswordAttempts }

    /// Waiting for an answer from the lobby or the store (later lines wait their turn).
    var isWaiting: Bool {
        switch step {
        case .checking, .verifying, .claiming: true
        case .name, .password, .done, .closed: false
        }
    }

    mutating func handle(_ input: Input) -> [Action] {
        switch (step, input) {
        case (.name, .nameLine(let parsed)):
            return nameLine(parsed)
        case (.password(let id, let attempts), .passwordLine(let raw, let parsed, let blocked, let account)):
            return passwordLine(raw, parsed, blocked: blocked, account: account, id: id, attempts: attempts)
        case (.checking(let id), .online(let online)):
            // A registered name online can still be taken over with its password (a dead
            // connection must not lock its owner out), so ask the store either way.
            nameOnline = online
            return [.askRegistered(id)]
        case (.checking(let id), .registered(let result)):
            switch result {
            case .success(let stored?):
                // From here on the player is the account as it was registered ("Zora" for zora),
                // shown so everywhere; the key, hence the identity, is the same.
                let account = PlayerID(stored)
                step = .password(account == id ? account : id, attempts: 0)
                return [.hideEcho(true), .prompt(.password)]
            case .success(nil):
                guard !nameOnline else {
                    step = .name
                    return [.error(.nameTaken, "\(id.name) is playing right now; choose another name"), .prompt(.name)]
                }
                step = .claiming(id, registered: false)
                return [.claim(id, registered: false)]
            case .failure(let error):
                // Without the store we cannot tell whether the name is protected: refuse it safely.
                step = .name
                return [
                    .storeFailed("isRegistered failed: \(error)"),
                    .error(.unavailable, "the account store is unavailable; try again in a moment"), .prompt(.name),
                ]
            }
        case (.verifying(let id, let attempts), .verified(let result)):
            switch result {
            case .success(let matched?):
                stamp = matched
                passwordHasSpace = checkingHasSpace
                step = .claiming(id, registered: true)
                return [
                    .endHiddenLine, .hideEcho(false), .recordGoodPassword(id), .claim(id, registered: true, takeover: true),
                ]
            case .success(nil):
                let used = attempts + 1
                if used >= maxPasswordAttempts {
                    step = .closed
                    return [
                        .endHiddenLine, .recordFailedPassword(id), .error(.badPassword, "wrong password \(used) times; goodbye"),
                        .hideEcho(false), .close,
                    ]
                }
                step = .password(id, attempts: used)
                return [
                    .endHiddenLine, .recordFailedPassword(id),
                    .error(.badPassword, "that is not the password of \(id.name) (\(maxPasswordAttempts - used) tries left)"),
                    .prompt(.password),
                ]
            case .failure(let error):
                step = .password(id, attempts: attempts)
                return [
                    .endHiddenLine, .storeFailed("verify failed: \(error)"),
                    .error(.unavailable, "the account store is unavailable; try again in a moment"), .prompt(.password),
                ]
            }
        case (.claiming(let id, _), .seatKept):
            // Not "playing right now": whoever holds it dropped; if that is this person (on another
            // network now), the resume code shown at their login gets the seat back.
            step = .name
            return (resumeToken == nil ? [] : [.recordFailedResumeCode(id)]) + [
                .error(
                    .nameTaken,
                    "\(id.name) lost their connection and their seat is kept for them; if you are \(id.name), type "
                        + "\(id.name)#code with the code shown when you logged in, else choose another name"),
                .prompt(.name),
            ]
        case (.claiming, .resumeCodeRefused(let code, let message)), (.claiming, .nameRefused(let code, let message)):
            step = .name
            return [.error(code, message), .prompt(.name)]
        case (.claiming(let id, let registered), .claimed(let taken, let claimed)):
            guard !taken, let claimed else {
                step = .name
                return [.error(.nameTaken, "\(id.name) is playing right now; choose another name"), .prompt(.name)]
            }
            step = .done(claimed)
            return [.completed(claimed, registered: registered)]
        default:
            return []
        }
    }

    private mutating func nameLine(_ parsed: Result<Command, CommandError>) -> [Action] {
        var candidate: String
        switch parsed {
        case .success(.empty): return [.prompt(.name)]
        case .success(.name(let name)): candidate = name
        case .success(.bare(let text)): candidate = text
        case .success(.guessLetter(let letter)): candidate = String(letter)
        case .success(let command) where command.worksBeforeLogin:
            // `json` says the welcome again and then the prompt, in that order (the session does both).
            if case .quit = command { return [.run(command)] }
            if case .json = command { return [.run(command)] }
            return [.run(command), .prompt(.name)]
        case .success:
            return [.error(.nameInvalid, "choose a name first (a command word is not a name)"), .prompt(.name)]
        case .failure(let error):
            return [.error(error.code, error.message), .prompt(.name)]
        }
        // `ann#482193`: the name and the resume token shown at an earlier login.
        var token: String?
        if let hash = candidate.firstIndex(of: "#") {
            token = String(candidate[candidate.index(after: hash)...])
            candidate = String(candidate[..<hash])
        }
        if let problem = CommandParser.validateName(candidate) {
            return [.error(.nameInvalid, problem), .prompt(.name)]
        }
        let id = PlayerID(candidate)
        resumeToken = token
        step = .checking(id)
        return [.askOnline(id)]
    }

    private mutating func passwordLine(
        _ raw: String, _ parsed: Result<Command, CommandError>, blocked: Int?, account: AccountThrottle.Answer, id: PlayerID,
        attempts: Int
    ) -> [Action] {
        var secret = raw.trimmingSpaces()
        switch parsed {
        case .success(.password(let given)): secret = given
        case .success(.quit): return [.run(.quit)]
        case .success(.empty): return [.prompt(.password)]
        default: break
        }
        switch PasswordGate(name: id.name, blockedSeconds: blocked, account: account) {
        case .refuse(let code, let message):
            return [.error(code, message), .prompt(.password)]
        case .check(let after):
            step = .verifying(id, attempts: attempts)
            checkingHasSpace = PasswordChange.hasSpace(secret)
            return [.verify(id, secret: secret, after: after)]
        }
    }
}
