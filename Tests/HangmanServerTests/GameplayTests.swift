import Foundation
import HangmanStore
import Testing

@testable import HangmanServer

/// Whole games over real sockets, JSON mode.
@Suite(.timeLimit(.minutes(2)), .ownThread) struct GameplayTests {
    @Test func soloPlayerStartsAtOnceAndFinishesAGame() throws {
        let server = try TestServer()
        let alice = try TestClient(port: server.port)
        alice.line("json")
        alice.line("name alice")
        _ = try alice.expect("logged_in")
        let first = try alice.expect("state")
        #expect(first["status"] as? String == "playing")
        let pattern = first["pattern"] as? String ?? ""
        #expect(!pattern.isEmpty && pattern.allSatisfy { $0 == "_" })
        #expect(first["length"] as? Int == pattern.count)
        #expect(first["misses"] as? Int == 0)
        #expect(first["max_misses"] as? Int == 7)
        #expect((first["available"] as? [String])?.count == 26)
        #expect(first["turn"] as? String == "alice")
        #expect(first["rounds"] as? Int == 3)

        let outcome = try Bots.playToGameOver(observer: alice, clients: ["alice": alice])
        #expect(outcome.roundOvers.count == 3)
        let scores = outcome.gameOver["scores"] as? [[String: Any]] ?? []
        #expect(scores.count == 1 && scores.first?["name"] as? String == "alice")
        #expect(outcome.gameOver["saved"] as? Bool == true)
        // High scores come right after the game, as in the original app.
        let highscores = try alice.expect("highscores")
        #expect((highscores["entries"] as? [[String: Any]])?.first?["name"] as? String == "alice")

        alice.line("history")
        let history = try alice.expect("history")
        let entries = history["entries"] as? [[String: Any]] ?? []
        #expect(entries.count == 3)
        let words = Set(outcome.roundOvers.compactMap { $0["word"] as? String })
        #expect(Set(entries.compactMap { $0["word"] as? String }) == words)
        for entry in entries { #expect(["won", "failed"].contains(entry["result"] as? String ?? "")) }

        alice.line("top")
        let top = try alice.expect("leaderboard")
        let rows = top["entries"] as? [[String: Any]] ?? []
        #expect(rows.first?["name"] as? String == "alice")
        #expect(rows.first?["score"] as? Int == scores.first?["score"] as? Int)
    }

    @Test func threePlayersTakeTurnsInSeatOrder() throws {
        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("create den")
        _ = try alice.expect("joined") { $0["player"] as? String == "alice" && $0["room"] as? String == "den" }
        let waiting = try alice.expect("state") { $0["room"] as? String == "den" }
        #expect(waiting["status"] as? String == "waiting")
        let bob = try TestClient.player("bob", port: server.port)
        bob.line("join den")
        _ = try alice.expect("joined") { $0["player"] as? String == "bob" }
        _ = try bob.expect("joined") { $0["player"] as? String == "bob" }
        let carol = try TestClient.player("carol", port: server.port)
        carol.line("join den")
        _ = try alice.expect("joined") { $0["player"] as? String == "carol" }
        bob.line("start")
        #expect(try bob.expectError() == "not_host")
        alice.line("set rounds 2")
        _ = try alice.expect("setting")
        alice.line("start")
        let clients = ["alice": alice, "bob": bob, "carol": carol]
        let outcome = try Bots.playToGameOver(observer: alice, clients: clients)
        #expect(outcome.roundOvers.count == 2)
        #expect(outcome.turns.first == "alice")
        // A miss passes the turn to the next seat (alice → bob → carol → alice).
        let order = ["alice", "bob", "carol"]
        #expect(!outcome.misses.isEmpty)
        for miss in outcome.misses {
            guard let index = order.firstIndex(of: miss.player) else { continue }
            #expect(miss.next == order[(index + 1) % 3], "after \(miss.player)'s miss")
        }
        let scores = outcome.gameOver["scores"] as? [[String: Any]] ?? []
        #expect(scores.count == 3)
        let values = scores.compactMap { $0["score"] as? Int }
        #expect(values == values.sorted(by: >))
        // Everybody got the same game_over.
        for client in [bob, carol] {
            let over = try client.expect("game_over")
            #expect(
                (over["scores"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                    == scores.compactMap { $0["name"] as? String })
        }
        let stored = try #require(server.store as? MemoryStore)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var names: [String] = []
        stored.leaderboard(limit: 10, player: nil) { result in
            if case .success(let page) = result { names = page.entries.map(\.name) }
            done.signal()
        }
        _ = done.wait(timeout: .now() + 5)
        #expect(Set(names) == ["alice", "bob", "carol"])
    }

    @Test func evilModeDodgesAndStillEnds() throws {
        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("create lair")
        _ = try alice.expect("state") { $0["room"] as? String == "lair" }
        alice.line("set mode evil")
        _ = try alice.expect("setting")
        alice.line("set length 4")
        _ = try alice.expect("setting")
        alice.line("set rounds 1")
        _ = try alice.expect("setting")
        alice.line("start")
        let state = try alice.expect("state") { $0["status"] as? String == "playing" }
        #expect(state["mode"] as? String == "evil")
        #expect(state["pattern"] as? String == "____")
        // A whole-word guess is dodged while other candidates remain.
        alice.line("solve lion")
        let guess = try alice.expect("guess")
        #expect(guess["word"] as? String == "lion")
        #expect(guess["hit"] as? Bool == false)
        let outcome = try Bots.playToGameOver(observer: alice, clients: ["alice": alice])
        #expect(outcome.roundOvers.count == 1)
        let word = outcome.roundOvers.first?["word"] as? String ?? ""
        #expect(word.count == 4 && word != "lion")
    }

    @Test func spectatorsSeeEverythingAndCannotGuess() throws {
        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("state")
        let room = try #require(try alice.expect("state")["room"] as? String)
        let viewer = try TestClient.player("viewer", port: server.port)
        // viewer landed in alice's quick room (the fullest with a free seat); leave and watch instead.
        viewer.line("leave")
        _ = try viewer.expect("info")
        viewer.line("watch \(room)")
        _ = try viewer.expect("joined") { $0["player"] as? String == "viewer" && $0["spectator"] as? Bool == true }
        _ = try viewer.expect("state")
        viewer.line("e")
        #expect(try viewer.expectError() == "not_your_turn")
        alice.line("e")
        let seen = try viewer.expect("guess")
        #expect(seen["player"] as? String == "alice")
        _ = try viewer.expect("state")
    }

    // The turn timer's rules (countdown, warning, timeout) run on the manual clock in
    // TableScenarioTests.theTurnClockCountsDownWarnsAndTimesOut.

    @Test func reconnectingWithinTheGraceResumesSeatAndScore() throws {
        let server = try TestServer { $0.graceSeconds = 5 }
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("create home")
        _ = try alice.expect("state") { $0["room"] as? String == "home" }
        let bob = try TestClient.player("bob", port: server.port)
        bob.line("join home")
        _ = try alice.expect("joined") { $0["player"] as? String == "bob" }
        alice.line("start")
        _ = try bob.expect("state") { $0["status"] as? String == "playing" }
        // alice guesses until she scores, so there is a score to keep.
        var aliceScore = 0
        for letter in Bots.frequency where aliceScore == 0 {
            alice.line(String(letter))
            let guess = try alice.expect("guess")
            let state = try alice.expect("state")
            aliceScore =
                ((state["players"] as? [[String: Any]]) ?? []).first { $0["name"] as? String == "alice" }?["score"] as? Int ?? 0
            if guess["hit"] as? Bool == false { break }
        }
        alice.close()
        let away = try bob.expect("state") { state in
            ((state["players"] as? [[String: Any]]) ?? []).contains {
                $0["name"] as? String == "alice" && $0["connected"] as? Bool == false
            }
        }
        #expect(away["turn"] as? String != "alice", "an away player is skipped")
        // Somebody else cannot take the name while the seat is kept… but alice herself can come back.
        let back = try TestClient(port: server.port)
        back.line("json")
        back.line("name alice")
        let login = try back.expect("logged_in")
        #expect(login["resumed"] as? Bool == true)
        let state = try back.expect("state")
        #expect(state["room"] as? String == "home")
        let me = ((state["players"] as? [[String: Any]]) ?? []).first { $0["name"] as? String == "alice" }
        #expect(me?["connected"] as? Bool == true)
        #expect(me?["score"] as? Int == aliceScore)
    }

    @Test func aSeatIsFreedWhenTheGraceRunsOut() throws {
        let server = try TestServer { $0.graceSeconds = 1 }
        let alice = try TestClient.player("alice", port: server.port)
        let bob = try TestClient.player("bob", port: server.port)
        _ = try alice.expect("joined") { $0["player"] as? String == "bob" }
        bob.close()
        let left = try alice.expect("left", timeout: 5) { $0["player"] as? String == "bob" }
        #expect(left["reason"] as? String == "did not come back in time")
        // The name is free again.
        let again = try TestClient.player("bob", port: server.port)
        again.close()
    }

    @Test func chatReachesTheRoomCleaned() throws {
        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        let bob = try TestClient.player("bob", port: server.port)
        alice.send("say hi \u{1B}[31mred\u{1B}[0m \u{07}there\r\n")
        let chat = try bob.expect("chat")
        #expect(chat["from"] as? String == "alice")
        #expect(chat["text"] as? String == "hi red there")
        alice.line("'second")
        #expect(try bob.expect("chat")["text"] as? String == "second")
    }

    @Test func lobbyChatAndRoomsList() throws {
        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        let bob = try TestClient.player("bob", port: server.port)
        for client in [alice, bob] {
            client.line("leave")
            _ = try client.expect("info")
        }
        alice.line("say anyone here?")
        let chat = try bob.expect("chat")
        #expect(chat["room"] is NSNull)
        alice.line("create upstairs secret")
        _ = try alice.expect("state") { $0["room"] as? String == "upstairs" }
        bob.line("rooms")
        let rooms = try bob.expect("rooms")
        let list = rooms["rooms"] as? [[String: Any]] ?? []
        let upstairs = list.first { $0["name"] as? String == "upstairs" }
        #expect(upstairs?["private"] as? Bool == true)
        #expect(upstairs?["players"] as? Int == 1)
        #expect(upstairs?["status"] as? String == "waiting")
        bob.line("join upstairs")
        #expect(try bob.expectError() == "bad_password")
        bob.line("watch upstairs")
        #expect(try bob.expectError() == "bad_password")
        bob.line("watch upstairs secret")
        _ = try bob.expect("joined") { $0["player"] as? String == "bob" && $0["spectator"] as? Bool == true }
        bob.line("join upstairs secret")
        _ = try bob.expect("joined") { $0["player"] as? String == "bob" }
    }

    @Test func hostHandoverAndKick() throws {
        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("create hall")
        _ = try alice.expect("state") { $0["room"] as? String == "hall" }
        let bob = try TestClient.player("bob", port: server.port)
        bob.line("join hall")
        let carol = try TestClient.player("carol", port: server.port)
        carol.line("join hall")
        _ = try bob.expect("joined") { $0["player"] as? String == "carol" }
        alice.line("leave")
        let host = try bob.expect("host")
        #expect(host["player"] as? String == "bob")
        bob.line("kick carol")
        let left = try carol.expect("left") { $0["player"] as? String == "carol" && $0["room"] as? String == "hall" }
        #expect((left["reason"] as? String)?.contains("kicked") == true)
        let kicked = try carol.expect("kicked")
        #expect(kicked["room"] as? String == "hall" && kicked["by"] as? String == "bob")
        bob.line("kick nobody")
        #expect(try bob.expectError() == "no_such_player")
        carol.line("start")
        #expect(try carol.expectError() == "no_game")
    }

    @Test func anEmptyRoomDisappears() throws {
        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("create brief")
        _ = try alice.expect("state") { $0["room"] as? String == "brief" }
        alice.line("leave")
        _ = try alice.expect("info")
        alice.line("rooms")
        let rooms = try alice.expect("rooms")
        #expect(!(rooms["rooms"] as? [[String: Any]] ?? []).contains { $0["name"] as? String == "brief" })
        alice.line("join brief")
        #expect(try alice.expectError() == "no_such_room")
    }
}

@Suite(.timeLimit(.minutes(1)), .ownThread) struct RoomSettingsTests {
    @Test func aChangeDuringAGameAppliesFromTheNextRound() throws {
        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("create lab")
        _ = try alice.expect("state") { $0["room"] as? String == "lab" }
        alice.line("set rounds 2")
        _ = try alice.expect("setting")
        alice.line("start")
        let first = try alice.expect("state") { $0["status"] as? String == "playing" }
        #expect(first["max_misses"] as? Int == 7)
        alice.line("set misses 3")
        let change = try alice.expect("setting")
        #expect(change["value"] as? Int == 3)
        #expect(change["applies"] as? String == "next_round")
        alice.line("state")
        #expect(try alice.expect("state")["max_misses"] as? Int == 7, "the round under way keeps its misses")
        // Play round 1 to its end, one letter at a time (solo: the turn always comes back).
        for letter in "qxjvzkwyfbgpmhucdlrsnioate" {
            alice.line(String(letter))
            _ = try alice.expect("guess")
            if try alice.expect("state")["status"] as? String != "playing" { break }
        }
        _ = try alice.expect("round_over")
        let second = try alice.expect("state") { $0["status"] as? String == "playing" && $0["round"] as? Int == 2 }
        #expect(second["max_misses"] as? Int == 3)
    }
}
