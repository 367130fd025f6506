import Testing

@testable import HangmanWeb

@Suite struct WebRouteTests {
    @Test func everyPathHasItsRoute() {
        let cases: [([String], [String: String], WebRoute)] = [
            ([], [:], .front), ([], ["view": "big"], .big), (["big"], [:], .big),
            (["rooms", "den"], [:], .room("den")), (["players", "ann"], [:], .player("ann")),
            (["app.js"], [:], .asset(.script)), (["app.css"], [:], .asset(.style)),
            (["events"], [:], .notFound), (["events", "rooms", "den"], [:], .events(room: "den")),
            (["events", "front"], [:], .lobbyEvents(big: false)), (["events", "big"], [:], .lobbyEvents(big: true)),
            (["api", "rooms"], [:], .apiRooms), (["api", "rooms", "den"], [:], .apiRoom("den")),
            (["api", "players", "ann"], [:], .apiPlayer("ann")),
            (["api", "leaderboard"], [:], .apiLeaderboard(month: nil, count: nil)),
            (["api", "leaderboard"], ["month": "2026-11", "n": "5"], .apiLeaderboard(month: "2026-11", count: 5)),
            (["api", "leaderboard"], ["month": "2026-13"], .badQuery("month must be YYYY-MM")),
            (["api", "leaderboard"], ["n": "0"], .badQuery("n must be a whole number from 1")),
            (["api", "leaderboard"], ["n": "x"], .badQuery("n must be a whole number from 1")),
            (["rooms"], [:], .notFound), (["rooms", "a", "b"], [:], .notFound), (["etc", "passwd"], [:], .notFound),
        ]
        for (segments, query, route) in cases {
            #expect(WebRoute.match(method: "GET", segments: segments, query: query) == route, "\(segments) \(query)")
        }
        #expect(WebRoute.match(method: "HEAD", segments: ["api", "rooms"], query: [:]) == .apiRooms)
    }

    @Test func onlyGetAndHeadAreAllowed() {
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "get", "PATCH"] {
            #expect(WebRoute.match(method: method, segments: [], query: [:]) == .methodNotAllowed)
        }
        let response = HTTPResponse.error(.methodNotAllowed)
        #expect(
            String(decoding: response.serialized(head: false, keepAlive: true), as: UTF8.self).contains("Allow: GET, HEAD\r\n"))
    }

    @Test func responsesCarryTheirHeadersAndHeadHasNoBody() {
        let response = HTTPResponse(status: .ok, contentType: HTTPResponse.json, text: "{}")
        let full = String(decoding: response.serialized(head: false, keepAlive: false), as: UTF8.self)
        #expect(full.hasPrefix("HTTP/1.1 200 OK\r\n"))
        for header in [
            "Content-Type: application/json; charset=utf-8", "Cache-Control: no-store", "Content-Length: 2",
            "Content-Security-Policy: default-src 'none'", "Connection: close", "X-Content-Type-Options: nosniff",
        ] {
            #expect(full.contains(header), "\(header)")
        }
        #expect(full.hasSuffix("\r\n\r\n{}"))
        let head = String(decoding: response.serialized(head: true, keepAlive: true), as: UTF8.self)
        #expect(head.hasSuffix("Content-Length: 2\r\n\r\n") || head.hasSuffix("no-referrer\r\n\r\n"))
        #expect(!head.contains("{}"))
        #expect(!head.contains("Connection: close"))
    }

    @Test func htmlEscapingCoversMarkupAndAttributes() {
        #expect(HTML.escape("<script>alert('x')&\"</script>") == "&lt;script&gt;alert(&#39;x&#39;)&amp;&quot;&lt;/script&gt;")
        #expect(HTML.pathSegment("a b/é") == "a%20b%2F%C3%A9")
    }
}
