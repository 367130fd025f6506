import Foundation
import HangmanCore
import Testing

@testable import HangmanServer

/// Defects of issue 11 reproduced over real sockets: each failed on the code before its fix.
@Suite struct TableRegressionTests {
    /// Defect 2: `Ann` drops and comes back as `ann` within the grace period; the seat is resumed and
    /// her guesses are taken (they all got `no_game` when the game keyed players by display name).
    @Test func reconnectingInAnotherCaseKeepsPlaying() throws {
        let server = try TestServer(configure: { $0.graceSeconds = 30 }, words: ["ab"])
        let ann = try TestClient.player("Ann", port: server.port)
        ann.line("create home")
        _ = try ann.expect("state") { $0["room"] as? String == "home" }
        let bob = try TestClient.player("bob", port: server.port)
        bob.line("join home")
        _ = try ann.expect("joined") { $0["player"] as? String == "bob" }
        ann.line("start")
        _ = try bob.expect("state") { $0["status"] as? String == "playing" && $0["turn"] as? String == "Ann" }
        ann.close()
        _ = try bob.expect("state") { $0["turn"] as? String == "bob" }
        let back = try TestClient(port: server.port)
        back.line("json")
        back.line("name ann")
        let login = try back.expect("logged_in")
        #expect(login["resumed"] as? Bool == true)
        #expect(login["name"] as? String == "Ann", "the seat keeps the name as first typed")
        _ = try back.expect("state") { $0["room"] as? String == "home" }
        bob.line("z")
        _ = try back.expect("state") { $0["turn"] as? String == "Ann" }
        back.line("a")
        let guess = try back.readJSON { ["guess", "error"].contains($0["type"] as? String ?? "") }
        #expect(guess["type"] as? String == "guess", "\(guess)")
        #expect(guess["player"] as? String == "Ann")
        #expect(guess["hit"] as? Bool == true)
    }

    /// A store outage at login is `unavailable`, not a wrong name or password.
    @Test func storeOutageAtLoginIsUnavailable() throws {
        let store = OutageStore()
        let server = try TestServer(store: store)
        let registered = DispatchSemaphore(value: 0)
        store.inner.register(name: "carol", password: "secret") { _ in registered.signal() }
        registered.wait()
        let carol = try TestClient(port: server.port)
        carol.line("json")
        carol.line("name carol")
        _ = try carol.expect("prompt") { $0["for"] as? String == "password" }
        store.down.store(true, ordering: .relaxed)
        carol.line("secret")
        #expect(try carol.expectError() == "unavailable")
        let dave = try TestClient(port: server.port)
        dave.line("json")
        dave.line("name dave")
        #expect(try dave.expectError() == "unavailable")
        store.down.store(false, ordering: .relaxed)
        dave.line("name dave")
        _ = try dave.expect("logged_in")
    }
}
