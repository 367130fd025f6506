/// Whether a password may be checked now, from the two throttles' answers (`LoginThrottle` per
/// address, `AccountThrottle` per account and address group): one rule for the login prompt
/// (`LoginFlow`) and for changing a password (`PasswordChange`). A value: tested with values.
enum PasswordGate: Equatable {
    /// Check it `after` seconds from now (0: at once; more while the account is under a guessing flood).
    case check(after: Double)
    /// Refused unchecked, saying why and for how long.
    case refuse(ErrorCode, String)

    /// `name`: the account's name as the player sees it; `blockedSeconds`: the address's throttle
    /// (nil: free to try); `account`: the account's; `secrets`: what was wrong ("passwords", or
    /// "resume codes" for a kept seat's, which count the same).
    init(name: String, blockedSeconds: Int?, account: AccountThrottle.Answer, secrets: String = "passwords") {
        if let wait = blockedSeconds {
            self = .refuse(.rateLimited, "too many wrong \(secrets) from your address; try again in \(wait) s")
            return
        }
        switch account {
        case .free: self = .check(after: 0)
        case .slowed(let seconds): self = .check(after: seconds)
        case .blocked(let wait):
            self = .refuse(.rateLimited, "too many wrong \(secrets) for \(name) from your address; try again in \(wait) s")
        }
    }
}
