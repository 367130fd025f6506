import HangmanCore
import HangmanTesting
import Testing

@testable import HangmanServer

/// A registered name is one identity whatever case it is typed in (`PlayerID` compares the folded
/// key), and it is shown as it was registered: "Zora" logging in as `zora` was welcomed "Hello,
/// zora!" and listed, seated and scored as `zora` (session 9's "noticed, not done").
@Suite(.ownThread) struct RegisteredSpellingTests {
    @Test func theFlowTakesTheAccountsSpelling() {
        var flow = LoginFlow(maxPasswordAttempts: 3)
        _ = flow.handle(.nameLine(CommandParser.parse("zora")))
        _ = flow.handle(.online(false))
        #expect(flow.handle(.registered(.success("Zora"))) == [.hideEcho(true), .prompt(.password)])
        guard case .password(let id, _) = flow.step else {
            Issue.record("no password prompt: \(flow.step)")
            return
        }
        #expect(id.name == "Zora" && id == PlayerID("zora"))
        _ = flow.handle(.passwordLine("secret1", CommandParser.parse("secret1"), blockedSeconds: nil))
        _ = flow.handle(.verified(.success(.unknown)))
        let done = flow.handle(.claimed(taken: false, id: id))
        guard case .completed(let player, true)? = done.first else {
            Issue.record("not completed: \(done)")
            return
        }
        #expect(player.name == "Zora")
    }

    @Test func aRegisteredNameTypedInAnotherCaseIsShownAsRegistered() {
        let table = TestTable(words: ["ab"])
        let first = table.player("Zora", json: false)
        table.type("register secret1", on: first)
        table.type("quit", on: first)

        let zora = table.connect()
        table.type("zora", on: zora)
        table.type("secret1", on: zora)
        let welcome = zora.takeText()
        #expect(welcome.contains("Hello, Zora!"), "\(welcome)")
        #expect(!welcome.contains("zora"), "\(welcome)")
        table.type("json", on: zora)
        table.type("create den", on: zora)
        #expect(zora.events().contains { $0.type == "joined" && $0["player"] as? String == "Zora" })

        let bob = table.player("bob")
        table.type("join den", on: bob)
        table.type("who", on: bob)
        let who = bob.events().last { $0.type == "who" }
        #expect((who?["players"] as? [[String: Any]])?.contains { $0["name"] as? String == "Zora" } == true, "\(who ?? [:])")
        table.type("start", on: zora)
        let board = bob.events().last { $0.type == "state" }
        let names = (board?["players"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["Zora", "bob"], "\(names ?? [])")

        // The same player: a second login as ZORA takes the seat over rather than being a second Zora.
        let again = table.connect()
        table.type("json", on: again)
        table.type("ZORA", on: again)
        table.type("secret1", on: again)
        let login = again.events().first { $0.type == "logged_in" }
        #expect(login?["name"] as? String == "Zora" && login?["resumed"] as? Bool == true, "\(login ?? [:])")
        #expect(zora.isClosed)
    }
}
