import Foundation
import Testing

@testable import HangmanServer

/// A client that sends its commands and ends its input (`printf … | nc -N`, a program at the end of
/// its script) gets every answer before the server closes. Before, the end of input closed the
/// connection at once and dropped the answers still being made.
@Suite(.timeLimit(.minutes(2)), .ownThread) struct HalfCloseTests {
    @Test func aScriptThatEndsItsInputGetsEveryAnswer() throws {
        let server = try TestServer()
        let client = try TestClient(port: server.port)
        // The store answers `top` and `highscores`, the lobby `rooms` and `who`: all after the end.
        client.send("json\r\nname piper\r\nrooms\r\nwho\r\ntop\r\nhighscores\r\n")
        client.shutdownWrite()
        let types = Self.typesUntilTheClose(client)
        for wanted in ["logged_in", "rooms", "who", "leaderboard", "highscores"] {
            #expect(types.contains(wanted), "\(wanted) missing from \(types)")
        }
        #expect(client.waitForClose(timeout: 5), "the server closes once everything is answered")
    }

    /// What the room answers (a chat line, echoed to its sender by the room) for a line sent just
    /// before the end of input goes out before the close.
    @Test func whatTheRoomAnswersGoesOutBeforeTheClose() throws {
        let server = try TestServer()
        let ann = try TestClient.player("ann", port: server.port)
        _ = ann
        let client = try TestClient(port: server.port)
        client.send("json\r\nname bea\r\n")
        _ = try client.expect("state")
        client.send("state\r\nsay bye\r\n")
        client.shutdownWrite()
        let types = Self.typesUntilTheClose(client)
        #expect(types.filter { $0 == "state" }.count >= 1, "\(types)")
        #expect(types.contains("chat"), "the room's echo of the chat line came before the close: \(types)")
        #expect(client.waitForClose(timeout: 5))
    }

    /// The types of the JSON events `client` reads until the server closes (or 5 s pass quietly).
    static func typesUntilTheClose(_ client: TestClient) -> [String] {
        var types: [String] = []
        while let event = try? client.readJSON(timeout: 5) {
            if let type = event["type"] as? String { types.append(type) }
        }
        return types
    }
}
