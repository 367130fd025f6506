import Foundation
import HangmanNet
import Testing

@testable import HangmanServer

/// Issue 15 items 5 and 7 over real sockets, where they cross the transport: the displaced
/// connection is really closed, and the new one leaves the login pool (`loginCompleted`).
@Suite(.serialized, .timeLimit(.minutes(1)), .ownThread) struct TakeoverSocketTests {
    @Test func theRightPasswordTakesOverALiveConnection() throws {
        let server = try TestServer()
        let old = try TestClient.player("alice", port: server.port)
        old.line("register correct-horse")
        _ = try old.expect("info")
        old.line("create nook")
        _ = try old.expect("state") { $0["room"] as? String == "nook" }

        let fresh = try TestClient(port: server.port, source: "127.4.0.1")
        fresh.line("json")
        fresh.line("name alice")
        _ = try fresh.expect("prompt") { $0["for"] as? String == "password" }
        fresh.line("correct-horse")
        let login = try fresh.expect("logged_in")
        #expect(login["resumed"] as? Bool == true)
        let goodbye = try old.readJSON { ($0["message"] as? String)?.contains("logged in from elsewhere") == true }
        #expect(goodbye["type"] != nil)
        #expect(old.waitForClose())
        fresh.line("state")
        let state = try fresh.expect("state")
        #expect(state["room"] as? String == "nook")
        #expect(server.transport.loginPendingCount == 0)
    }

    @Test func anUnregisteredSeatComesBackWithItsTokenFromAnotherAddress() throws {
        let server = try TestServer { $0.graceSeconds = 30 }
        let owner = try TestClient(port: server.port, source: "127.5.0.1")
        owner.line("json")
        owner.line("name bo")
        let token = try #require(try owner.expect("logged_in")["resume_token"] as? String)
        _ = try owner.expect("state")
        owner.close()
        usleep(200_000)

        let thief = try TestClient(port: server.port, source: "127.6.0.1")
        thief.line("json")
        thief.line("name bo")
        #expect(try thief.expectError() == "name_taken")

        let back = try TestClient(port: server.port, source: "127.7.0.1")
        back.line("json")
        back.line("name bo#\(token)")
        #expect(try back.expect("logged_in")["resumed"] as? Bool == true)
        #expect(server.transport.loginPendingCount == 1, "only the thief, still at the name prompt")
    }
}
