import Dispatch
import Foundation
import HangmanCore
import HangmanStore
import Testing

@testable import HangmanServer

/// `top-default`: the rows a bare `top` shows, within 1…1000 and never above `top-max`.
@Suite(.timeLimit(.minutes(1)), .ownThread) struct TopDefaultTests {
    private func load(_ arguments: [String]) throws(ConfigError) -> ServerConfig {
        guard
            case .run(let config) = try ServerConfig.load(
                arguments: arguments, environment: [:], readFile: { _ in throw CocoaError(.fileNoSuchFile) })
        else { throw ConfigError("help") }
        return config
    }

    @Test func theSettingIsReadAtItsEdgesAndRefusedPastThem() throws {
        #expect(try load([]).topDefault == 10)
        #expect(try load(["--top-default", "1"]).topDefault == 1)
        #expect(try load(["--top-default", "1000", "--top-max", "1000"]).topDefault == 1000)
        #expect(throws: ConfigError.self) { try load(["--top-default", "0"]) }
        #expect(throws: ConfigError.self) { try load(["--top-default", "1001", "--top-max", "2000"]) }
        #expect(throws: ConfigError.self) { try load(["--top-default", "11", "--top-max", "10"]) }
    }

    @Test func aBareTopShowsTopDefaultRowsAndACountStillAsksForMore() throws {
        let store = MemoryStore()
        let record = GameRecord(
            room: "r", mode: "classic", difficulty: "custom",
            rounds: [RoundRecord(word: "cat", won: true, mistakes: 0, solver: "p1")],
            results: (1...5).map { PlayerResult(name: "p\($0)", score: 100 - $0, rank: $0, solved: 1, failed: 0) },
            started: 1, ended: 2)
        let saved = DispatchSemaphore(value: 0)
        store.recordGame(record) { _ in saved.signal() }
        #expect(saved.wait(timeout: .now() + 5) == .success)
        let server = try TestServer(configure: { $0.topDefault = 3 }, store: store)
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("top")
        let names = (try alice.expect("leaderboard")["entries"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["p1", "p2", "p3"])
        alice.line("top 5")
        #expect((try alice.expect("leaderboard")["entries"] as? [[String: Any]])?.count == 5)
    }
}
