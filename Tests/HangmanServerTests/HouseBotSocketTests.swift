import Foundation
import Testing

@testable import HangmanServer

/// A person and a house bot over a real socket: the bot plays in-process, on the real clock.
@Suite(.ownThread) struct HouseBotSocketTests {
    @Test func aPersonWithOneBotFinishesAGame() throws {
        let server = try TestServer { $0.botThinkMilliseconds = 20 }
        defer { server.stop() }
        let ann = try TestClient.player("ann", port: server.port)
        ann.line("create den")
        _ = try ann.expect("state") { $0["room"] as? String == "den" }
        ann.line("set rounds 2")
        _ = try ann.expect("setting")
        ann.line("bot add strong")
        _ = try ann.expect("joined") { $0["player"] as? String == "bot-strong" }
        ann.line("start")
        let outcome = try Bots.playToGameOver(observer: ann, clients: ["ann": ann])
        #expect(outcome.roundOvers.count == 2)
        let scores = outcome.gameOver["scores"] as? [[String: Any]] ?? []
        #expect(Set(scores.compactMap { $0["name"] as? String }) == ["ann", "bot-strong"])
    }
}
