import Foundation
import Testing

@testable import HangmanServer

/// Setter and race mode end to end: real clients over TCP on 127.0.0.1, in JSON mode.
@Suite(.timeLimit(.minutes(1)), .ownThread) struct ModesSocketTests {
    /// A server on `words` with alice (host) and bob seated in `den`.
    static func aliceAndBobInDen(words: [String]) throws -> (TestServer, TestClient, TestClient) {
        let server = try TestServer(words: words)
        do {
            let alice = try TestClient.player("alice", port: server.port)
            let bob = try TestClient.player("bob", port: server.port)
            alice.line("create den")
            _ = try alice.expect("state") { $0["room"] as? String == "den" }
            bob.line("join den")
            _ = try bob.expect("state") { $0["room"] as? String == "den" }
            return (server, alice, bob)
        } catch {
            server.stop()
            throw error
        }
    }

    @Test func aSetterRoundOverSockets() throws {
        let (server, alice, bob) = try Self.aliceAndBobInDen(words: ["cat", "dog"])
        defer { server.stop() }
        alice.line("set mode setter")
        alice.line("set rounds 1")
        alice.line("start")
        let prompt = try alice.expect("word_prompt")
        #expect(prompt["round"] as? Int == 1 && prompt["alphabet"] as? String == "abcdefghijklmnopqrstuvwxyz")
        alice.line("word giraffe long neck")
        let board = try bob.expect("state") { $0["pattern"] as? String == "_______" }
        #expect(board["turn"] as? String == "bob" && board["setter"] as? String == "alice")
        bob.line("solve giraffe")
        let over = try bob.expect("round_over")
        #expect(over["solver"] as? String == "bob" && over["word"] as? String == "giraffe")
        _ = try bob.expect("game_over")
    }

    @Test func aRaceRoundOverSockets() throws {
        let (server, alice, bob) = try Self.aliceAndBobInDen(words: ["cat"])
        defer { server.stop() }
        alice.line("set mode race")
        alice.line("set rounds 1")
        alice.line("start")
        // Both may guess at once: each one's own state names them.
        _ = try alice.expect("state") { $0["turn"] as? String == "alice" && $0["status"] as? String == "playing" }
        _ = try bob.expect("state") { $0["turn"] as? String == "bob" && $0["status"] as? String == "playing" }
        alice.line("c")
        let progress = try bob.expect("race_progress")
        #expect(progress["player"] as? String == "alice" && progress["found"] as? Int == 1 && progress["letter"] == nil)
        bob.line("solve cat")
        let over = try alice.expect("round_over")
        #expect(over["solver"] as? String == "bob")
        _ = try alice.expect("game_over")
    }
}
