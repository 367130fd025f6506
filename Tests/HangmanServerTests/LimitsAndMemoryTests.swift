import Foundation
import HangmanStore
import Testing

@testable import HangmanServer

/// Server settings at their edges, and what the server remembers for a player.
@Suite(.timeLimit(.minutes(1)), .ownThread) struct LimitsAndMemoryTests {
    @Test func chatIsRateLimitedAtItsBurst() throws {
        let server = try TestServer {
            $0.chatPerSecond = 1
            $0.chatBurst = 3
        }
        let alice = try TestClient.player("alice", port: server.port)
        for index in 0..<4 { alice.line("say line \(index)") }
        var delivered: [String] = []
        var codes: [String] = []
        while delivered.count + codes.count < 4 {
            let event = try alice.readJSON { ["chat", "error"].contains($0["type"] as? String ?? "") }
            if event["type"] as? String == "chat" {
                delivered.append(event["text"] as? String ?? "")
            } else {
                codes.append(event["code"] as? String ?? "")
            }
        }
        #expect(delivered == ["line 0", "line 1", "line 2"])
        #expect(codes == ["rate_limited"])
    }

    @Test func roomsStopAtMaxRooms() throws {
        let server = try TestServer { $0.maxRooms = 2 }
        let alice = try TestClient.player("alice", port: server.port)  // quick-1 is room 1
        alice.line("create second")
        _ = try alice.expect("state") { $0["room"] as? String == "second" }  // quick-1 emptied and went away
        let bob = try TestClient.player("bob", port: server.port)  // a new quick room: 2 rooms
        _ = bob
        let carol = try TestClient(port: server.port)
        carol.line("json")
        carol.line("name carol")
        _ = try carol.expect("logged_in")
        // carol's quick play joins bob's room (free seats), so still 2 rooms; a third is refused.
        _ = try carol.expect("state")
        carol.line("create third")
        let error = try carol.expect("error")
        #expect(error["code"] as? String == "out_of_range")
        #expect((error["message"] as? String)?.contains("2") == true)
    }

    @Test func theTurnWarningComesBeforeTheTimeout() throws {
        let server = try TestServer { $0.turnWarningSeconds = 3 }
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("create tick")
        _ = try alice.expect("state") { $0["room"] as? String == "tick" }
        alice.line("set turn 5")
        _ = try alice.expect("setting")
        alice.line("start")
        // When it comes is a rule of the manual clock (TableScenarioTests.aWarningComesBeforeTheTurnRunsOut);
        // over a socket only the order and the figure are checked, with no wall-clock bound.
        let warning = try alice.expect("turn_warning", timeout: 20)
        #expect(warning["seconds_left"] as? Int == 3)
        _ = try alice.expect("turn_timeout", timeout: 20)
    }

    @Test func aPlayersSettingsAreRememberedForTheirNextRoom() throws {
        let store = MemoryStore()
        let server = try TestServer(store: store)
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("create one")
        _ = try alice.expect("state") { $0["room"] as? String == "one" }
        alice.line("set mode evil")
        _ = try alice.expect("setting")
        alice.line("set rounds 5")
        _ = try alice.expect("setting")
        alice.line("quit")
        #expect(alice.waitForClose())
        let back = try TestClient.player("alice", port: server.port)
        back.line("settings")
        let lobbyView = try back.expect("settings")
        #expect((lobbyView["settings"] as? [String: Any])?["mode"] as? String == "evil")
        back.line("create two")
        _ = try back.expect("state") { $0["room"] as? String == "two" }
        back.line("settings")
        let settings = try back.expect("settings") { $0["room"] as? String == "two" }
        let values = settings["settings"] as? [String: Any] ?? [:]
        #expect(values["mode"] as? String == "evil")
        #expect(values["rounds"] as? Int == 5)
    }

    @Test func onlyRegisteredPlayersMayEditTheirHistory() throws {
        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("set rounds 1")  // quick room: alice is its host
        _ = try alice.expect("setting")
        alice.line("leave")
        _ = try alice.expect("info")
        alice.line("create solo")
        _ = try alice.expect("state") { $0["room"] as? String == "solo" }
        alice.line("start")
        let outcome = try Bots.playToGameOver(observer: alice, clients: ["alice": alice])
        let gameID = outcome.gameOver["game"] as? Int ?? 0
        alice.line("history reset")
        #expect(try alice.expectError() == "invalid_input")
        alice.line("register pass-word")
        _ = try alice.expect("info") { ($0["message"] as? String)?.contains("registered") == true }
        alice.line("history delete \(gameID)")
        _ = try alice.expect("info") { ($0["message"] as? String)?.contains("removed") == true }
        alice.line("history")
        #expect((try alice.expect("history")["entries"] as? [[String: Any]])?.isEmpty == true)
        alice.line("history delete \(gameID)")
        #expect(try alice.expectError() == "invalid_input")
    }

    @Test func topIsCappedAtTopMax() throws {
        let store = MemoryStore()
        let record = GameRecord(
            room: "r", mode: "classic", difficulty: "custom",
            rounds: [RoundRecord(word: "cat", won: true, mistakes: 0, solver: "a")],
            results: (1...4).map { PlayerResult(name: "p\($0)", score: 100 - $0, rank: $0, solved: 1, failed: 0) },
            started: 1, ended: 2)
        let saved = DispatchSemaphore(value: 0)
        store.recordGame(record) { _ in saved.signal() }
        #expect(saved.wait(timeout: .now() + 5) == .success)
        let server = try TestServer(configure: { $0.topMax = 2 }, store: store)
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("top 1000")
        let top = try alice.expect("leaderboard")
        #expect((top["entries"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["p1", "p2"])
        alice.line("top")
        #expect((try alice.expect("leaderboard")["entries"] as? [[String: Any]])?.count == 2, "top-default is capped too")
        alice.line("top 0")
        #expect(try alice.expectError() == "invalid_input")
    }
}

@Suite(.timeLimit(.minutes(1)), .ownThread) struct IdleTests {
    @Test func idleClientsAreToldWhyBeforeTheyAreClosed() throws {
        let server = try TestServer {
            $0.limits.idleLoginSeconds = 1
            $0.limits.idleSeconds = 2
        }
        let silent = try TestClient(port: server.port)
        // The player's idle time runs from its last line, sent after this instant, so it cannot be
        // closed sooner than `idleSeconds` after it however long the login takes. (Measured from
        // after the login, as it was, a login slowed by load took its own time off: 1.40 s against
        // a check of 1.5 s under load 8.)
        let beforeLogin = ContinuousClock.now
        let player = try TestClient.player("alice", port: server.port)
        let text = String(decoding: silent.rawBytes(window: 3), as: UTF8.self)
        #expect(text.contains("Disconnected: nothing typed for 1 s"))
        #expect(silent.waitForClose(timeout: 2))
        let bye = try player.expect("bye", timeout: 5)
        #expect((bye["message"] as? String)?.contains("2 s") == true)
        #expect(player.waitForClose(timeout: 3))
        let open = ContinuousClock.now - beforeLogin
        #expect(open >= .seconds(2), "closed \(open) after its login began: before its idle-seconds")
    }
}

@Suite(.timeLimit(.minutes(1)), .ownThread) struct BacklogTests {
    @Test func linesTypedAheadPastTheBacklogWaitInTheTransport() throws {
        let server = try TestServer(configure: { $0.commandBacklog = 3 }, store: DelayedStore(delay: 0.5))
        let alice = try TestClient.player("alice", port: server.port)
        // `top` waits half a second for the store; 3 lines queue behind it, then the session pauses
        // its input: the 4th and 5th wait in the connection and run after, none is refused.
        alice.send("top\r\nsay one\r\nsay two\r\nsay three\r\nsay four\r\nsay five\r\n")
        var seen: [String] = []
        while seen.count < 6 {
            let event = try alice.readJSON { ["leaderboard", "chat", "error"].contains($0["type"] as? String ?? "") }
            switch event["type"] as? String {
            case "leaderboard": seen.append("top")
            case "chat": seen.append(event["text"] as? String ?? "")
            default: seen.append(event["code"] as? String ?? "")
            }
        }
        #expect(seen == ["top", "one", "two", "three", "four", "five"])
    }

    @Test func historyShowsAtMostHistoryLimitRounds() throws {
        let server = try TestServer { $0.historyLimit = 2 }
        let alice = try TestClient.player("alice", port: server.port)
        _ = try Bots.playToGameOver(observer: alice, clients: ["alice": alice])
        alice.line("history")
        #expect((try alice.expect("history")["entries"] as? [[String: Any]])?.count == 2)
    }
}

@Suite(.timeLimit(.minutes(1)), .ownThread) struct QuickPlayBurstTests {
    @Test func aBurstOfLoginsAllGetASeat() throws {
        let server = try TestServer { $0.limits.maxPerAddress = 100 }
        let clients = try (0..<40).map { index -> TestClient in
            let client = try TestClient(port: server.port)
            client.send("json\r\nname p\(index)\r\n")
            return client
        }
        var rooms: [String: Int] = [:]
        for client in clients {
            let state = try client.expect("state")
            rooms[state["room"] as? String ?? "", default: 0] += 1
        }
        #expect(rooms.values.reduce(0, +) == 40)
        #expect(rooms.values.allSatisfy { $0 <= 8 }, "\(rooms)")
        #expect(rooms.count <= 10, "quick play fills rooms rather than scattering: \(rooms)")
    }
}
