import Foundation
import HangmanNet
import Testing

@testable import HangmanServer

/// The web listener over real sockets (issue 31): the API, the pages, HTTP/1.1's errors and
/// keep-alive, private rooms kept out, the word kept from the browser, and clients that trickle
/// or never read.
@Suite(.ownThread) struct WebListenerTests {
    /// A room `den` (public, a game on) and `attic` (private), with one-word lists so the word is known.
    static func table(_ web: TestWebServer) throws -> (TestClient, TestClient) {
        let ann = try TestClient.player("ann", port: web.port)
        ann.line("create den")
        _ = try ann.expect("state") { $0["room"] as? String == "den" }
        ann.line("start")
        _ = try ann.expect("state") { $0["status"] as? String == "playing" }
        let bea = try TestClient.player("bea", port: web.port)
        bea.line("create attic sesame")
        _ = try bea.expect("state") { $0["room"] as? String == "attic" }
        return (ann, bea)
    }

    @Test func theAPIListsPublicRoomsOnlyAndNeverSendsTheWord() throws {
        let web = try TestWebServer(words: ["zebra"])
        let (ann, _) = try Self.table(web)
        ann.line("e")
        _ = try ann.expect("guess")
        let rooms = try web.get("/api/rooms")
        #expect(rooms.status == 200)
        #expect(rooms.headers["content-type"] == "application/json; charset=utf-8")
        #expect(rooms.headers["cache-control"] == "no-store")
        #expect(rooms.headers["content-security-policy"]?.hasPrefix("default-src 'none'") == true)
        let names = (rooms.json["rooms"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["den"])
        let state = try web.get("/api/rooms/den")
        #expect(state.json["type"] as? String == "state")
        #expect(state.json["pattern"] as? String == "_e___")
        #expect(try TestClient.checkSchemaPasses(state.body))
        for path in ["/api/rooms/den", "/rooms/den", "/"] {
            let page = try web.get(path)
            #expect(page.status == 200, "\(path)")
            #expect(!page.body.lowercased().contains("zebra"), "\(path) holds the word during the round")
        }
        #expect(try web.get("/rooms/den").body.contains("_ e _ _ _"))
        for path in ["/api/rooms/attic", "/rooms/attic", "/events/rooms/attic", "/api/rooms/nowhere", "/rooms/nowhere"] {
            #expect(try web.get(path).status == 404, "\(path)")
        }
        #expect(try !web.get("/").body.contains("attic"))
        #expect(try !web.get("/big").body.contains("attic"))
    }

    @Test func leaderboardAndPlayerAnswerAsTheCommandsDo() throws {
        let web = try TestWebServer()
        let board = try web.get("/api/leaderboard?n=3")
        #expect(board.json["type"] as? String == "leaderboard")
        #expect(board.json["entries"] is [Any])
        let month = try web.get("/api/leaderboard?month=2026-01")
        #expect(month.json["month"] as? String == "2026-01")
        #expect(try web.get("/api/leaderboard?month=2026-1").status == 400)
        #expect(try web.get("/api/players/nobody").status == 404)
        #expect(try web.get("/players/nobody").status == 404)
    }

    @Test func methodsErrorsAndTraversal() throws {
        let web = try TestWebServer { $0.httpMaxHeaderBytes = 256 }
        let post = try web.get("/", method: "POST")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
        #expect(try web.get("/nothing/here").status == 404)
        #expect(try web.get("/../../etc/passwd").status == 400)
        #expect(try web.get("/rooms/%2e%2e").status == 400)
        let head = try web.get("/api/rooms", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(Int(head.headers["content-length"] ?? "") ?? 0 > 0)
        let big = try TestClient(port: web.webPort)
        big.send("GET / HTTP/1.1\r\nHost: a\r\nX-Big: \(String(repeating: "x", count: 300))\r\n\r\n")
        #expect(HTTPAnswer(big.untilClosed()).status == 431)
        let garbage = try TestClient(port: web.webPort)
        garbage.send("HELLO\r\n\r\n")
        #expect(HTTPAnswer(garbage.untilClosed()).status == 400)
    }

    @Test func keepAliveAnswersPipelinedRequestsInOrder() throws {
        let web = try TestWebServer()
        let client = try TestClient(port: web.webPort)
        client.send("GET /api/rooms HTTP/1.1\r\nHost: a\r\n\r\nGET /nope HTTP/1.1\r\nHost: a\r\n\r\n")
        let both = client.drain(until: "404 Not Found\n", timeout: 5)
        let statuses = both.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
        #expect(statuses == ["200", "404"])
        #expect(!client.waitForClose(timeout: 0.3), "a kept-alive connection stays open")
        client.send("GET /api/rooms HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        #expect(HTTPAnswer(client.untilClosed()).status == 200)
    }

    /// `http-max-pipelined` at its edge: that many requests sent at once are all answered; one
    /// more is 503 and the connection ends. (Failed before: the cap was a constant 16.)
    @Test func pipelinedRequestsAtTheSettingsEdge() throws {
        let web = try TestWebServer { $0.httpMaxPipelined = 2 }
        let request = "GET /api/rooms HTTP/1.1\r\nHost: a\r\n\r\n"
        let two = try TestClient(port: web.webPort)
        two.send(request + "GET /api/rooms HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        let answered = two.untilClosed().components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
        #expect(answered == ["200", "200"])
        let three = try TestClient(port: web.webPort)
        three.send(request + request + request)
        let refused = three.untilClosed(timeout: 3).components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
        #expect(refused == ["503"])
    }

    /// `http-request-ms` at its edge: a head that trickles in is cut at the limit with 408.
    @Test func aTricklingHeadIsCutAtTheRequestTimeLimit() throws {
        let web = try TestWebServer { $0.httpRequestMilliseconds = 300 }
        let slow = try TestClient(port: web.webPort)
        let started = Date()
        slow.send("GET / HTTP/1.1\r\n")
        Thread.sleep(forTimeInterval: 0.15)
        slow.send("Host: a\r\n")  // a byte now and then does not reset the clock
        let answer = HTTPAnswer(slow.untilClosed(timeout: 5))
        #expect(answer.status == 408)
        #expect(Date().timeIntervalSince(started) >= 0.3)
        // Well within the limit, a request is answered.
        #expect(try web.get("/api/rooms").status == 200)
    }

    /// `http-max-streams` at its edge: that many streams open, one more is 503; a closed one frees its slot.
    @Test func eventStreamsAreCappedAtTheSetting() throws {
        let web = try TestWebServer { $0.httpMaxStreams = 1 }
        _ = try Self.table(web)
        let first = try TestClient(port: web.webPort)
        first.send("GET /events/rooms/den HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(first.drain(until: "\"type\":\"state\"").contains("text/event-stream; charset=utf-8"))
        let second = try web.get("/events/rooms/den")
        #expect(second.status == 503)
        first.close()
        var third = ""
        for _ in 0..<50 where !third.contains("\"type\":\"state\"") {
            let client = try TestClient(port: web.webPort)
            client.send("GET /events/rooms/den HTTP/1.1\r\nHost: a\r\n\r\n")
            third = client.drain(until: "\"type\":\"state\"", timeout: 1)
            client.close()
            if !third.contains("\"type\":\"state\"") { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(third.contains("\"type\":\"state\""))
    }

    /// A guess typed over a socket reaches an open room stream at once; a chat line arrives escaped
    /// only by the page (the stream is the protocol's JSON).
    @Test func aGuessReachesTheStreamAtOnce() throws {
        let web = try TestWebServer(words: ["zebra"])
        let (ann, _) = try Self.table(web)
        let page = try TestClient(port: web.webPort)
        page.send("GET /events/rooms/den HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(page.drain(until: "\"type\":\"state\"").contains("HTTP/1.1 200 OK"))
        let typed = Date()
        ann.line("e")
        let update = page.drain(until: "_e___", timeout: 1, settle: 0)
        #expect(update.contains("data: {\"type\":\"guess\""))
        #expect(Date().timeIntervalSince(typed) < 1)
        #expect(!update.contains("zebra"))
    }

    /// A page that never reads its stream fills only its own output and is dropped at
    /// `max-output-bytes`; meanwhile the game and other pages are answered as usual.
    @Test func aStreamThatNeverReadsStallsNobody() throws {
        let web = try TestWebServer {
            $0.limits.maxOutputBytes = 8192
            $0.limits.socketSendBufferBytes = 4096
            $0.chatPerSecond = 1000
            $0.chatBurst = 1000
        }
        let (ann, _) = try Self.table(web)
        let stuck = try TestClient(port: web.webPort, receiveBuffer: 1024)
        stuck.send("GET /events/rooms/den HTTP/1.1\r\nHost: a\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(web.web.streamCount == 1)
        let long = String(repeating: "chat ", count: 60)
        let started = Date()
        for index in 0..<300 {
            ann.line("say \(index) \(long)")
            _ = try ann.expect("chat", timeout: 2) { ($0["text"] as? String)?.hasPrefix("\(index) ") == true }
            if index % 30 == 0 { #expect(try web.get("/api/rooms", timeout: 2).status == 200) }
        }
        #expect(Date().timeIntervalSince(started) < 10)
        var dropped = false
        for _ in 0..<100 where !dropped {
            dropped = web.web.streamCount == 0
            if !dropped { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(dropped, "the stuck stream was not dropped")
    }
}

extension TestClient {
    /// The line checks against docs/protocol.schema.json (throws with why when it does not).
    static func checkSchemaPasses(_ line: String) throws -> Bool {
        try checkSchema(line.trimmingCharacters(in: .newlines))
        return true
    }
}
