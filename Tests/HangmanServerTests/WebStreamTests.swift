import Foundation
import Testing

@testable import HangmanServer

/// A room page's event stream (issue 31): its batches framed as SSE messages and gathered for one
/// tick of `http-stream-flush-ms` into one write.
@Suite(.ownThread) struct WebStreamTests {
    @Test func aBatchIsOneMessageOfDataLines() {
        let framed = StreamOutput.frame(Array("{\"a\":1}\r\n\n{\"b\":2}\n".utf8))
        #expect(String(decoding: framed, as: UTF8.self) == "data: {\"a\":1}\ndata: {\"b\":2}\n\n")
        var two: [UInt8] = []
        StreamOutput.appendFrame(Array("x".utf8), to: &two)
        StreamOutput.appendFrame(Array("y\n".utf8), to: &two)
        #expect(String(decoding: two, as: UTF8.self) == "data: x\n\ndata: y\n\n")
    }

    /// Several batches within a tick reach the page together, one tick after the first, and well
    /// within a second. (Failed before: each batch was written the moment the room sent it.)
    @Test func aStreamGathersItsRoomsBatchesForOneTick() throws {
        let web = try TestWebServer {
            $0.httpStreamFlushMilliseconds = 400
            $0.chatPerSecond = 100
            $0.chatBurst = 100
        }
        let (ann, _) = try WebListenerTests.table(web)
        let page = try TestClient(port: web.webPort)
        page.send("GET /events/rooms/den HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(page.drain(until: "\"type\":\"state\"").contains("HTTP/1.1 200 OK"))
        // Let the room's notice of the new watcher (a second after it joined) go out in its tick.
        _ = page.drain(window: 1.8)
        let typed = Date()
        for word in ["one", "two", "three"] { ann.line("say \(word)") }
        let early = page.drain(window: 0.15)
        #expect(!early.contains("one"), "a batch went out before its tick")
        let all = early + page.drain(until: "three", timeout: 3, settle: 0)
        let elapsed = Date().timeIntervalSince(typed)
        #expect(all.contains("\"text\":\"one\"") && all.contains("\"text\":\"two\"") && all.contains("\"text\":\"three\""))
        #expect(elapsed >= 0.4)
        #expect(elapsed < 1)
    }

    /// `/events/front`: the front page's live part is sent when what it shows changed (a public
    /// room opened, a score moved), never a private room, and nothing while nothing changed.
    /// (Failed before: 404; the page could only poll.)
    @Test func theFrontPagesStreamSendsWhatChangedAndOnlyThen() throws {
        let web = try TestWebServer(words: ["zebra"]) { $0.httpLobbyMilliseconds = 100 }
        let page = try TestClient(port: web.webPort)
        page.send("GET /events/front HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(page.drain(until: "text/event-stream", timeout: 3).contains("HTTP/1.1 200 OK"))
        let (ann, _) = try WebListenerTests.table(web)
        let opened = page.drain(until: "/rooms/den", timeout: 3, settle: 0.5)
        #expect(opened.contains("event: live\ndata: <main id=\"live\">"))
        #expect(!opened.contains("attic"))
        #expect(page.drain(window: 0.5).isEmpty, "sent again though nothing changed")
        ann.line("e")
        let scored = page.drain(until: "event: live", timeout: 3)
        #expect(scored.contains("/rooms/den"))
        #expect(!scored.contains("zebra"))
        let big = try TestClient(port: web.webPort)
        big.send("GET /events/big HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(big.drain(until: "class=\"slide\"", timeout: 3).contains("<h1>den</h1>"))
    }
}
