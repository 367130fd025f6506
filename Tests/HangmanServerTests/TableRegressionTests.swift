import Foundation
import HangmanCore
import Testing

@testable import HangmanServer

/// Defects of issue 11 reproduced over real sockets: each failed on the code before its fix.
@Suite(.ownThread) struct TableRegressionTests {
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

    /// Defect 1: the host sets `misses 2` during a round of 7; the board that closes that round shows
    /// it as it finished (7 of 7), not "7 of 2"; the next round plays with 2.
    @Test func theClosingBoardShowsTheRoundAsItFinished() throws {
        let server = try TestServer(words: ["ab"])
        let ann = try TestClient.player("ann", port: server.port)
        ann.line("create home")
        _ = try ann.expect("state") { $0["room"] as? String == "home" }
        ann.line("set rounds 2")
        _ = try ann.expect("setting")
        ann.line("start")
        _ = try ann.expect("state") { $0["status"] as? String == "playing" && $0["max_misses"] as? Int == 7 }
        ann.line("set misses 2")
        _ = try ann.expect("setting")
        for letter in "cdefghi" { ann.line(String(letter)) }
        let lost = try ann.expect("state") { $0["status"] as? String == "lost" }
        #expect(lost["misses"] as? Int == 7)
        #expect(lost["max_misses"] as? Int == 7)
        #expect(lost["round"] as? Int == 1)
        _ = try ann.expect("round_over")
        let next = try ann.expect("state") { $0["status"] as? String == "playing" }
        #expect(next["round"] as? Int == 2)
        #expect(next["max_misses"] as? Int == 2)
        #expect(next["misses"] as? Int == 0)
    }

    /// Defect 4: `create friday night` says plainly that the room is private, with its password,
    /// to its creator only.
    @Test func creatingAPrivateRoomSaysSo() throws {
        let server = try TestServer()
        let ann = try TestClient.player("ann", port: server.port)
        ann.line("create friday night")
        let told = try ann.expect("info") { ($0["message"] as? String)?.contains("private") == true }
        let message = told["message"] as? String ?? ""
        #expect(message.contains("friday") && message.contains("night"), "\(message)")
        ann.line("rooms")
        let rooms = try ann.expect("rooms")
        let friday = (rooms["rooms"] as? [[String: Any]])?.first { $0["name"] as? String == "friday" }
        #expect(friday?["private"] as? Bool == true)
    }

    /// Defect 4: `play` while seated in a running game asks first; `play` again (or `play confirm`) leaves.
    @Test func playWhileSeatedInAGameAsksFirst() throws {
        let server = try TestServer()
        let ann = try TestClient.player("ann", port: server.port)
        ann.line("create home")
        _ = try ann.expect("state") { $0["room"] as? String == "home" }
        ann.line("start")
        _ = try ann.expect("state") { $0["status"] as? String == "playing" }
        ann.line("play")
        let warning = try ann.readJSON { ["info", "state", "left"].contains($0["type"] as? String ?? "") }
        #expect(warning["type"] as? String == "info", "\(warning)")
        #expect((warning["message"] as? String)?.contains("play confirm") == true)
        ann.line("state")
        _ = try ann.expect("state") { $0["room"] as? String == "home" && $0["status"] as? String == "playing" }
        ann.line("play")
        let again = try ann.readJSON { ["info", "state", "left"].contains($0["type"] as? String ?? "") }
        #expect(again["type"] as? String == "info", "another command in between re-arms the question")
        ann.line("play confirm")
        _ = try ann.expect("state") { ($0["room"] as? String)?.hasPrefix("quick-") == true }
    }

    /// Defect 5 (a guard: the race that showed it is not reproducible here): nothing, not even a
    /// prompt, follows the goodbye.
    @Test func noPromptAfterGoodbye() throws {
        let server = try TestServer()
        let ann = try TestClient(port: server.port)
        ann.line("ann")
        _ = ann.drain(until: "> ")
        ann.line("quit")
        let tail = String(decoding: ann.rawBytes(until: "Goodbye!", timeout: 5, settle: 0.5), as: UTF8.self)
        let after = tail.components(separatedBy: "Goodbye!").last ?? ""
        #expect(after == "\r\n", "\(after.debugDescription)")
    }

    /// Defect 5: no prompt after the shutdown notice either.
    @Test func noPromptAfterTheShutdownNotice() throws {
        let server = try TestServer()
        let ann = try TestClient(port: server.port)
        ann.line("ann")
        _ = ann.drain(until: "> ")
        server.server.announceShutdown {}
        let tail = String(decoding: ann.rawBytes(until: "See you soon!", timeout: 5, settle: 0.5), as: UTF8.self)
        let after = tail.components(separatedBy: "See you soon!").last ?? ""
        #expect(after == "\r\n", "\(after.debugDescription)")
    }

    /// Defect 5 was: the chat-rate notice comes at most once a second (a burst of lines over the
    /// rate got a notice each). That holds for text (`ChatRefusalAnswerTests`); a JSON client gets
    /// a notice for each refused line, since a program matches every command to its answer, and
    /// each comes in order before the answer to the next command.
    @Test func theChatRateNoticeComesForEachRefusedLineInJSON() throws {
        let server = try TestServer {
            $0.chatPerSecond = 1; $0.chatBurst = 2
        }
        let ann = try TestClient.player("ann", port: server.port)
        ann.send(String(repeating: "say hi\r\n", count: 12) + "state\r\n")
        var notices = 0
        while true {
            let event = try ann.readJSON()
            if event["type"] as? String == "state" { break }
            if event["code"] as? String == "rate_limited" { notices += 1 }
        }
        #expect(notices == 10, "12 lines, a burst of 2")
    }
}
