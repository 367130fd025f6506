import Foundation
import HangmanCore
import HangmanStore
import HangmanTesting
import Testing

@testable import HangmanServer

/// `password <old> <new>` once logged in: the rules as values (`PasswordChange`), then whole sessions
/// in JSON and text on a table in memory: a change, a wrong old password, an unregistered name, a new
/// password of the wrong length, the throttles a wrong old password counts against, a store outage.
@Suite(.ownThread) struct PasswordChangeTests {
    // MARK: the rules as values

    static func start(
        _ arguments: String, registered: Bool = true, blocked: Int? = nil, account: AccountThrottle.Answer = .free
    ) -> PasswordChange.Start {
        PasswordChange.start(arguments: arguments, name: "Ann", registered: registered, blockedSeconds: blocked, account: account)
    }

    @Test func theNewPasswordIsTheLastWordAndTheOldOneAllBeforeIt() {
        #expect(Self.start("s3cret n3w-secret") == .change(old: "s3cret", new: "n3w-secret", after: 0))
        // A registered password may hold spaces (register takes its whole line): it can still be changed.
        #expect(Self.start("correct  horse\tstaple") == .change(old: "correct  horse", new: "staple", after: 0))
        #expect(Self.start("  old   newer  ") == .change(old: "old", new: "newer", after: 0))
        #expect(Self.start("onlyone") == .refuse(.invalidInput, PasswordChange.usage))
    }

    /// The session knows whether its password has a space (it was typed at login, `register` or the
    /// last change): an old part that differs in that cannot be the password and costs nothing. A
    /// spaced password typed alone (`password correct horse` for `correct horse`) was checked as old
    /// `correct`, new `horse`, and counted as a wrong password.
    @Test func anOldPartThatCannotBeThePasswordIsUsageNotAnAttempt() {
        func start(_ arguments: String, spaced: Bool?) -> PasswordChange.Start {
            PasswordChange.start(
                arguments: arguments, name: "Ann", registered: true, blockedSeconds: 9, account: .free,
                passwordHasSpace: spaced)
        }
        let usage = PasswordChange.Start.refuse(.invalidInput, PasswordChange.wholeOldPassword)
        #expect(start("correct horse", spaced: true) == usage, "refused before the throttles (blocked: 9)")
        #expect(start("correct\thorse battery", spaced: false) == usage)
        #expect(start("a b c", spaced: false) == usage)
        let blocked = PasswordChange.Start.refuse(.rateLimited, "too many wrong passwords from your address; try again in 9 s")
        #expect(start("correct horse battery", spaced: true) == blocked, "a possible change meets the throttle")
        #expect(start("old newer", spaced: false) == blocked)
        #expect(start("correct horse", spaced: nil) == blocked, "unknown: as before")
    }

    @Test func aSpacedPasswordTypedAloneCostsNoAttempt() {
        let store = PlainPasswordStore()
        let table = TestTable(words: ["ab"], store: store) { $0.accountFreeFailures = 1 }
        let ann = table.player("Ann")
        table.type("register correct horse", on: ann)
        _ = ann.events()
        for _ in 0..<3 { table.type("password correct horse", on: ann) }
        let answers = ann.events()
        #expect(answers.allSatisfy { $0["message"] as? String == PasswordChange.wholeOldPassword }, "\(answers)")
        #expect(store.verifies.load(ordering: .relaxed) == 0, "nothing checked")
        table.type("password correct horse battery", on: ann)
        #expect(ann.events().first?.type == "info", "no back-off: nothing was counted")
        // Now a one-word password: a three-word line cannot hold it.
        table.type("password bat tery staple", on: ann)
        #expect(ann.events().first?["message"] as? String == PasswordChange.wholeOldPassword)
        table.type("quit", on: ann)
        // A login with the spaced password knows it as well.
        let cy = table.player("Cy")
        table.type("register two words", on: cy)
        table.type("quit", on: cy)
        let again = table.connect()
        table.type("json", on: again)
        table.type("cy", on: again)
        table.type("two words", on: again)
        _ = again.events()
        table.type("password two words", on: again)
        #expect(again.events().first?["message"] as? String == PasswordChange.wholeOldPassword)
        #expect(
            store.verifies.load(ordering: .relaxed) == 2, "the change and the login: \(store.verifies.load(ordering: .relaxed))")
    }

    @Test func theNewPasswordFollowsRegistersLengthRuleAtItsEdges() {
        let three = String(repeating: "x", count: 3)
        let four = String(repeating: "x", count: 4)
        let seventyTwo = String(repeating: "é", count: 36)  // 72 bytes
        let seventyThree = seventyTwo + "x"
        #expect(Self.start("old \(three)") == .refuse(.invalidInput, "a password is 4 to 72 bytes long"))
        #expect(Self.start("old \(four)") == .change(old: "old", new: four, after: 0))
        #expect(Self.start("old \(seventyTwo)") == .change(old: "old", new: seventyTwo, after: 0))
        #expect(Self.start("old \(seventyThree)") == .refuse(.invalidInput, "a password is 4 to 72 bytes long"))
    }

    @Test func anUnregisteredNameIsToldFirstAndThrottlesRefuseBeforeTheStore() {
        #expect(
            Self.start("a b", registered: false)
                == .refuse(.invalidInput, "Ann has no password to change; type register <password> to set one"))
        #expect(
            Self.start("old newer", blocked: 12)
                == .refuse(.rateLimited, "too many wrong passwords from your address; try again in 12 s"))
        #expect(
            Self.start("old newer", account: .blocked(seconds: 4))
                == .refuse(.rateLimited, "too many wrong passwords for Ann from your address; try again in 4 s"))
        #expect(Self.start("old newer", account: .slowed(seconds: 1.5)) == .change(old: "old", new: "newer", after: 1.5))
    }

    @Test func theStoresAnswerIsCountedLikeALoginAnswer() {
        #expect(
            PasswordChange.finish(.success(true), name: "Ann")
                == [.recordGoodPassword, .info("Your password is changed: from now on Ann logs in with the new one.")])
        #expect(
            PasswordChange.finish(.success(false), name: "Ann")
                == [.recordFailedPassword, .error(.badPassword, "that is not the password of Ann; it is unchanged")])
        #expect(
            PasswordChange.finish(.failure(.notRegistered), name: "Ann") == [
                .error(.invalidInput, PasswordChange.notRegistered("Ann"))
            ])
        let down = PasswordChange.finish(.failure(.timedOut), name: "Ann")
        #expect(down.last == .error(.unavailable, "could not change your password right now; try again soon"))
        #expect(!down.contains(.recordFailedPassword), "an outage spends no attempt")
    }

    // MARK: sessions

    /// Logs in as `name` with `password` on a fresh JSON connection; the events of the answer.
    static func login(_ table: TestTable, _ name: String, _ password: String) -> [[String: Any]] {
        let c = table.connect()
        table.type("json", on: c)
        table.type("name \(name)", on: c)
        _ = c.events()
        table.type(password, on: c)
        let seen = c.events()
        table.type("quit", on: c)
        return seen
    }

    @Test func aRegisteredPlayerChangesTheirPasswordInJSON() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("register correct horse", on: ann)
        _ = ann.events()
        table.type("password correct horse battery-staple", on: ann)
        let seen = ann.events()
        #expect(seen.count == 1 && seen.first?.type == "info", "\(seen)")
        #expect(seen.first?["message"] as? String == "Your password is changed: from now on Ann logs in with the new one.")
        table.type("quit", on: ann)

        let old = Self.login(table, "Ann", "correct horse")
        #expect(old.first?["code"] as? String == "bad_password", "the old password no longer logs in: \(old)")
        let new = Self.login(table, "ann", "password battery-staple")
        #expect(new.contains { $0.type == "logged_in" && $0["registered"] as? Bool == true }, "\(new)")
    }

    @Test func aWrongOldPasswordChangesNothingInJSON() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("register s3cret", on: ann)
        _ = ann.events()
        table.type("password s3cre n3w-secret", on: ann)
        let error = ann.events().first
        #expect(error?["code"] as? String == "bad_password")
        #expect(error?["message"] as? String == "that is not the password of Ann; it is unchanged")
        #expect(!ann.isClosed, "the session stays")
        table.type("quit", on: ann)
        #expect(Self.login(table, "Ann", "s3cret").contains { $0.type == "logged_in" })
    }

    @Test func unregisteredUsageAndLengthAreRefusedInJSON() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("password abcd efgh", on: ann)
        let unregistered = ann.events().first
        #expect(unregistered?["code"] as? String == "invalid_input")
        #expect(unregistered?["message"] as? String == PasswordChange.notRegistered("Ann"))
        table.type("register s3cret", on: ann)
        _ = ann.events()
        table.type("password s3cret", on: ann)
        #expect(ann.events().first?["message"] as? String == PasswordChange.usage)
        table.type("password s3cret abc", on: ann)
        let short = ann.events().first
        #expect(
            short?["code"] as? String == "invalid_input" && short?["message"] as? String == "a password is 4 to 72 bytes long")
        table.type("password s3cret \(String(repeating: "x", count: 73))", on: ann)
        #expect(ann.events().first?["message"] as? String == "a password is 4 to 72 bytes long")
        table.type("password s3cret \(String(repeating: "x", count: 72))", on: ann)
        #expect(ann.events().first?.type == "info", "72 bytes is allowed")
    }

    @Test func theSameAnswersInText() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        table.type("password abcd efgh", on: ann)
        #expect(ann.takeText().contains(PasswordChange.notRegistered("Ann")))
        table.type("register s3cret", on: ann)
        _ = ann.takeText()
        table.type("password s3cret abc", on: ann)
        #expect(ann.takeText().contains("a password is 4 to 72 bytes long"))
        table.type("password wrong n3w-secret", on: ann)
        #expect(ann.takeText().contains("that is not the password of Ann; it is unchanged"))
        table.type("password s3cret n3w-secret", on: ann)
        let screen = ann.takeText()
        #expect(screen.contains("Your password is changed: from now on Ann logs in with the new one.\r\n"), "\(screen)")
        table.type("quit", on: ann)
        #expect(Self.login(table, "Ann", "n3w-secret").contains { $0.type == "logged_in" })
    }

    /// A session left open cannot guess faster than the login prompt: wrong old passwords count
    /// against the account's back-off for the address, which the login prompt shares.
    @Test func wrongOldPasswordsBackOffLikeLoginAttempts() {
        let store = PlainPasswordStore()
        let table = TestTable(words: ["ab"], store: store) { $0.accountFreeFailures = 3 }
        let ann = table.player("Ann")
        table.type("register s3cret", on: ann)
        for guess in 0..<3 {
            table.type("password guess\(guess) n3w-secret", on: ann)
        }
        #expect(ann.events().compactMap { $0["code"] as? String } == ["bad_password", "bad_password", "bad_password"])
        #expect(store.verifies.load(ordering: .relaxed) == 3)
        table.type("password s3cret n3w-secret", on: ann)
        let refused = ann.events().first
        #expect(refused?["code"] as? String == "rate_limited")
        #expect(refused?["message"] as? String == "too many wrong passwords for Ann from your address; try again in 1 s")
        #expect(store.verifies.load(ordering: .relaxed) == 3, "refused unchecked")
        // The login prompt from the same address is held back by the same count.
        let c = table.connect()
        table.type("json", on: c)
        table.type("name ann", on: c)
        _ = c.events()
        table.type("s3cret", on: c)
        #expect(c.events().first?["code"] as? String == "rate_limited")
        table.advance(by: 1)
        table.type("password s3cret n3w-secret", on: ann)
        #expect(ann.events().first?.type == "info", "after the back-off the right one changes it")
    }

    @Test func anAccountUnderAFloodIsSlowedNotRefused() {
        let store = PlainPasswordStore()
        let table = TestTable(words: ["ab"], store: store) {
            $0.accountFreeFailures = 100
            $0.accountFailuresPerMinute = 2
            $0.accountSlowMilliseconds = 1000
        }
        let ann = table.player("Ann")
        table.type("register s3cret", on: ann)
        table.type("password no1 n3w-secret", on: ann)
        table.type("password no2 n3w-secret", on: ann)
        _ = ann.events()
        table.type("password s3cret n3w-secret", on: ann)
        #expect(ann.events().isEmpty, "the answer waits account-slow-ms")
        table.advance(by: 1)
        #expect(ann.events().first?.type == "info")
    }

    @Test func aStoreOutageIsUnavailableAndSpendsNoAttempt() {
        let table = TestTable(words: ["ab"]) { $0.accountFreeFailures = 1 }
        let ann = table.player("Ann")
        table.type("register s3cret", on: ann)
        _ = ann.events()
        table.store.outage.store(true, ordering: .relaxed)
        table.type("password s3cret n3w-secret", on: ann)
        #expect(ann.events().first?["code"] as? String == "unavailable")
        table.store.outage.store(false, ordering: .relaxed)
        table.type("password s3cret n3w-secret", on: ann)
        #expect(ann.events().first?.type == "info", "no back-off: the outage was not a wrong password")
    }
}
