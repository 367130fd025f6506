import Foundation
import Testing

@testable import HangmanServer

/// The login dialogue, text mode as nc sees it, and every error code of the contract.
@Suite(.timeLimit(.minutes(2)), .ownThread) struct LoginAndErrorTests {
    @Test func ncSeesTheBannerAndThePromptAndNoTelnetBytes() throws {
        let server = try TestServer()
        let nc = try TestClient(port: server.port)
        let greeting = nc.rawBytes(window: 0.5)
        let text = String(decoding: greeting, as: UTF8.self)
        #expect(!greeting.contains(0xFF), "no IAC for a client that never sent one")
        #expect(text.contains("Welcome to hangman-server"))
        #expect(text.hasSuffix("Your name: "))
        nc.line("alice")
        let screen = nc.drain(until: "Turn:    alice")
        #expect(screen.contains("Hello, alice!"))
        #expect(screen.contains("Word:"))
        #expect(screen.contains("Turn:    alice"))
        #expect(screen.contains("\r\n"))
        #expect(screen.hasSuffix("\r\nyour turn> "), "text output during play ends with the prompt, which says whose turn")
        #expect(!screen.contains("\u{1B}["), "no colour until asked for")
        for line in screen.components(separatedBy: "\r\n") { #expect(line.count <= 80, "\(line)") }
        // Output that arrives while the prompt waits starts on a line of its own.
        let bob = try TestClient.player("bob", port: server.port)
        let joined = nc.drain(window: 0.5)
        #expect(joined.hasPrefix("\r\n* bob joined"), "\(joined.debugDescription)")
        _ = bob
        nc.line("color on")
        nc.line("state")
        #expect(nc.drain(until: "\u{1B}[").contains("\u{1B}["))
    }

    @Test func jsonBeforeTheName() throws {
        let server = try TestServer()
        let bot = try TestClient(port: server.port)
        bot.line("json")
        _ = try bot.expect("info")
        let prompt = try bot.expect("prompt")
        #expect(prompt["for"] as? String == "name")
    }

    /// The welcome goes out before a client can ask for JSON, so the JSON form is checked where it is
    /// made (the renderer) and the count on the wire in the text banner.
    @Test func welcomeInJSONCountsPlayers() throws {
        let rendered = JSONRenderer.render(.welcome(server: "hangman-server", version: "9.9", playersOnline: 3))
        let welcome = try #require(try JSONSerialization.jsonObject(with: Data(rendered)) as? [String: Any])
        #expect(welcome["type"] as? String == "welcome")
        #expect(welcome["players_online"] as? Int == 3)
        #expect(welcome["server"] as? String == "hangman-server")
        #expect(welcome["version"] as? String == "9.9")

        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        _ = alice
        let bot = try TestClient(port: server.port)
        bot.line("json")
        _ = try bot.expect("prompt")
        bot.line("help")
        let help = try bot.expect("help")
        // Every command but the operators' (help shows those to operators only).
        #expect((help["commands"] as? [[String: Any]])?.count == CommandTable.rows.filter { $0.access != .operator }.count)
        #expect(bot.transcript.contains { $0.contains("1 player online") }, "\(bot.transcript)")
    }

    @Test func namesAreValidatedAndUniqueIgnoringCase() throws {
        let server = try TestServer()
        let alice = try TestClient.player("Alice", port: server.port)
        _ = alice
        let other = try TestClient(port: server.port)
        other.line("json")
        other.line("name ALICE")
        #expect(try other.expectError() == "name_taken")
        _ = try other.expect("prompt")
        other.line("name bad name!")
        #expect(try other.expectError() == "name_invalid")
        other.line("name help")
        #expect(try other.expectError() == "name_invalid")
        other.line("name \(String(repeating: "x", count: 17))")
        #expect(try other.expectError() == "name_invalid")
        other.line("name \(String(repeating: "x", count: 16))")
        _ = try other.expect("logged_in")
    }

    @Test func registeredNamesNeedTheirPassword() throws {
        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("register hunter22")
        _ = try alice.expect("info") { ($0["message"] as? String)?.contains("registered") == true }
        alice.line("quit")
        #expect(alice.waitForClose())

        let back = try TestClient(port: server.port)
        back.line("json")
        back.line("alice")
        _ = try back.expect("prompt") { $0["for"] as? String == "password" }
        back.line("wrong1")
        #expect(try back.expectError() == "bad_password")
        back.line("password hunter22")
        let login = try back.expect("logged_in")
        #expect(login["registered"] as? Bool == true)
    }

    @Test func threeWrongPasswordsClose() throws {
        let server = try TestServer()
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("register hunter22")
        _ = try alice.expect("info")
        alice.line("quit")
        #expect(alice.waitForClose())
        let thief = try TestClient(port: server.port)
        thief.line("json")
        thief.line("alice")
        _ = try thief.expect("prompt") { $0["for"] as? String == "password" }
        for _ in 0..<3 { thief.line("guess") }
        for _ in 0..<3 { #expect(try thief.expectError() == "bad_password") }
        #expect(thief.waitForClose())
    }

    @Test func passwordGuessingIsThrottledPerAddress() throws {
        let server = try TestServer {
            $0.loginFailuresPerMinute = 4
            $0.accountFreeFailures = 100  // the address's throttle alone (AccountGuessingTests has the account's)
        }
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("register hunter22")
        _ = try alice.expect("info")
        alice.line("quit")
        #expect(alice.waitForClose())
        var codes: [String] = []
        for _ in 0..<3 {
            let thief = try TestClient(port: server.port)
            thief.line("json")
            thief.line("name alice")
            guard (try? thief.expect("prompt") { $0["for"] as? String == "password" }) != nil else { continue }
            for attempt in 0..<2 {
                thief.line("nope\(attempt)")
                let error = try thief.expect("error")
                codes.append(error["code"] as? String ?? "")
            }
        }
        #expect(codes.prefix(4).allSatisfy { $0 == "bad_password" })
        #expect(codes.dropFirst(4).contains("rate_limited"), "\(codes)")
    }

    @Test func everyContractErrorCode() throws {
        let server = try TestServer {
            $0.limits.commandsPerSecond = 10
            $0.limits.commandBurst = 20
            $0.limits.rateBacklog = 0  // lines over the rate are dropped: `rate_limited` below
        }
        let alice = try TestClient.player("alice", port: server.port)
        alice.line("frobnicate")
        #expect(try alice.expectError() == "unknown_command")
        alice.line("guess 12")
        #expect(try alice.expectError() == "invalid_input")
        alice.line("create den")
        _ = try alice.expect("state") { $0["room"] as? String == "den" }
        alice.line("e")
        #expect(try alice.expectError() == "no_game")
        alice.line("set misses 0")
        #expect(try alice.expectError() == "out_of_range")
        alice.line("set length 40")
        let lengthError = try alice.expect("error")
        #expect(lengthError["code"] as? String == "out_of_range")
        #expect((lengthError["message"] as? String)?.contains("3") == true, "names the lengths that exist")
        alice.line("set seats 2")
        _ = try alice.expect("setting")
        let bob = try TestClient.player("bob", port: server.port)
        bob.line("join den")
        _ = try bob.expect("joined") { $0["player"] as? String == "bob" }
        bob.line("set rounds 2")
        #expect(try bob.expectError() == "not_host")
        let carol = try TestClient.player("carol", port: server.port)
        carol.line("join den")
        #expect(try carol.expectError() == "room_full")
        carol.line("join nowhere")
        #expect(try carol.expectError() == "no_such_room")
        // Refused moves kept carol in her quick room: she leaves it, so dave below plays alone.
        carol.line("leave")
        _ = try carol.expect("info")
        alice.line("start")
        _ = try bob.expect("state") { $0["status"] as? String == "playing" && $0["turn"] as? String == "alice" }
        bob.line("e")
        #expect(try bob.expectError() == "not_your_turn")
        // A solo player always has the turn back, so a repeated letter is the only error left.
        let dave = try TestClient.player("dave", port: server.port)
        dave.line("e")
        _ = try dave.expect("guess")
        dave.line("E")
        #expect(try dave.expectError() == "already_guessed")
        let name = try TestClient(port: server.port)
        name.line("json")
        name.line("name alice")
        #expect(try name.expectError() == "name_taken")
        name.line("name no way")
        #expect(try name.expectError() == "name_invalid")
        alice.line(String(repeating: "x", count: 600))
        #expect(try alice.expectError() == "line_too_long")
        // One read: the burst runs, the rest is dropped (with a backlog it would wait).
        alice.send(String(repeating: "who\r\n", count: 60))
        // The next error after the burst is the refusal: any other error, or none, fails here.
        #expect(try alice.expectError(timeout: 5) == "rate_limited")
    }
}

@Suite(.timeLimit(.minutes(1)), .ownThread) struct DisconnectRaceTests {
    /// Clients that vanish in the middle of logging in (while the store or a room is asked) must not
    /// leave their name claimed or a seat taken.
    @Test func vanishingDuringLoginLeavesNoGhost() throws {
        let server = try TestServer(store: DelayedStore(delay: 0.05))
        for round in 0..<20 {
            let ghost = try TestClient(port: server.port)
            ghost.line("ghost")
            if round % 2 == 0 { usleep(UInt32(round * 5_000)) }
            ghost.close()
        }
        Thread.sleep(forTimeInterval: 0.5)
        // Ghosts that got as far as a seat keep it for the grace period, as any dropped player does;
        // ghosts that vanished earlier hold nothing. Either way the name can be taken (or resumed).
        let real = try TestClient(port: server.port)
        real.line("json")
        real.line("name ghost")
        do {
            _ = try real.expect("logged_in")
            _ = try real.expect("state")
        } catch {
            Issue.record("\(error): \(real.transcript)")
            return
        }
        real.line("who")
        let who = try real.expect("who")
        let players = (who["players"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(players.filter { $0 == "ghost" }.count == 1, "one seat for the name: \(players)")
        // After the grace period (2 s in tests) no seat of a vanished ghost is left anywhere: asked
        // again until then, with a generous margin for a loaded machine (the rule itself is timed on
        // the manual clock in TableScenarioTests.aPlayerWhoDoesNotComeBackLosesTheSeat).
        Thread.sleep(forTimeInterval: 2)
        var rooms: [String: Any] = [:]
        var seated = -1
        let deadline = Date().addingTimeInterval(10)
        repeat {
            real.line("rooms")
            rooms = try real.expect("rooms")
            seated = (rooms["rooms"] as? [[String: Any]] ?? []).reduce(0) { $0 + ($1["players"] as? Int ?? 0) }
            if seated != 1 { Thread.sleep(forTimeInterval: 0.25) }
        } while seated != 1 && Date() < deadline
        #expect(seated == 1, "only the real player is seated: \(rooms)")
    }
}
