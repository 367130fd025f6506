import HangmanCore
import HangmanStore
import HangmanTesting
import Testing

@testable import HangmanServer

/// After `password <old> <new>`, nobody stays logged in with the old password: a login on another
/// server that shares the database is signed out within `account-check-seconds` (its seat kept for
/// the grace period, for the new password), while the session that made the change stays. A resume
/// token issued before the change never resumes the account. Two tables here share one store, as
/// two servers share one database; the store-level half runs on every engine (PasswordStampTests).
@Suite(.ownThread) struct PasswordChangeSignOutTests {
    /// A JSON login as `name` with `password` on `table`; the connection, its events so far discarded.
    static func login(_ table: TestTable, _ name: String, _ password: String) -> MemoryConnection {
        let c = table.connect()
        table.type("json", on: c)
        table.type(name, on: c)
        table.type(password, on: c)
        return c
    }

    /// Server A where Ann registered "first-pw", and server B on the same store.
    static func twoServers(checkSeconds: Int = 10) -> (a: TestTable, b: TestTable) {
        let a = TestTable(words: ["horse"]) { $0.accountCheckSeconds = checkSeconds }
        let b = TestTable(words: ["horse"], store: a.store) { $0.accountCheckSeconds = checkSeconds }
        let ann = a.player("Ann")
        a.type("register first-pw", on: ann)
        a.type("quit", on: ann)
        return (a, b)
    }

    @Test func aLoginOnAnotherServerIsSignedOutWithinTheCheckAndKeepsItsSeat() {
        let (a, b) = Self.twoServers()
        let onB = Self.login(b, "ann", "first-pw")
        b.type("create den", on: onB)
        let bob = b.player("bob")
        b.type("join den", on: bob)
        _ = onB.events()
        _ = bob.events()

        let onA = Self.login(a, "Ann", "first-pw")
        _ = onA.events()
        a.type("password first-pw second-pw", on: onA)
        #expect(onA.events().first?.type == "info")

        b.advance(by: 9.9)
        #expect(!onB.isClosed, "not before account-check-seconds")
        b.advance(by: 0.1)
        let bye = onB.events().last
        #expect(bye?.type == "bye", "\(bye ?? [:])")
        #expect(
            bye?["message"] as? String
                == "The password of Ann was changed elsewhere, so this connection is closed: log in again with the new one. "
                + "Your seat is kept for 60 s.")
        #expect(onB.isClosed)
        #expect(
            bob.events().contains {
                $0.type == "state" && ($0["players"] as? [[String: Any]])?.first?["connected"] as? Bool == false
            })

        a.advance(by: 30)
        #expect(!onA.isClosed, "the session that changed it stays")

        let old = Self.login(b, "ann", "first-pw")
        #expect(
            old.events().first { $0.type == "error" }?["code"] as? String == "bad_password", "the old password logs in nowhere")
        let back = Self.login(b, "ann", "second-pw")
        let login = back.events().first { $0.type == "logged_in" }
        #expect(login?["resumed"] as? Bool == true, "\(login ?? [:])")
    }

    @Test func noCheckWhenTheSettingIsZero() {
        let (a, b) = Self.twoServers(checkSeconds: 0)
        let onB = Self.login(b, "ann", "first-pw")
        let onA = Self.login(a, "ann", "first-pw")
        a.type("password first-pw second-pw", on: onA)
        b.advance(by: 3600)
        #expect(!onB.isClosed)
    }

    /// Resume tokens resume unregistered names only: one issued before the name was registered and its
    /// password changed gets the password prompt, never the seat.
    @Test func aTokenIssuedBeforeAChangeDoesNotResume() {
        let table = TestTable(words: ["horse"])
        let ann = table.connect()
        table.type("json", on: ann)
        table.type("Ann", on: ann)
        let token = ann.events().first { $0.type == "logged_in" }?["resume_token"] as? String
        #expect(token != nil)
        table.type("create den", on: ann)
        table.type("register first-pw", on: ann)
        table.type("password first-pw second-pw", on: ann)
        ann.hangUp()
        table.settle()

        let elsewhere = table.connect(address: "10.9.8.7")
        table.type("json", on: elsewhere)
        table.type("Ann#\(token ?? "")", on: elsewhere)
        #expect(elsewhere.events().last?["for"] as? String == "password", "a registered name asks for its password")
        table.type("first-pw", on: elsewhere)
        #expect(elsewhere.events().first { $0.type == "error" }?["code"] as? String == "bad_password")
        table.type("second-pw", on: elsewhere)
        #expect(elsewhere.events().contains { $0.type == "logged_in" && $0["resumed"] as? Bool == true })
    }
}
