import Testing

@testable import HangmanWeb

@Suite struct HTTPRequestParserTests {
    static func parse(_ text: String, limits: HTTPLimits = HTTPLimits()) -> [HTTPRequestParser.Output] {
        var parser = HTTPRequestParser(limits: limits)
        return parser.receive(Array(text.utf8), now: 0)
    }

    static func request(_ text: String) -> HTTPRequest? {
        guard case .request(let request) = parse(text).first else { return nil }
        return request
    }

    static func failure(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPRequestError? {
        guard case .failure(let error) = parse(text, limits: limits).last else { return nil }
        return error
    }

    @Test func aBrowserRequestParses() throws {
        let request = try #require(
            Self.request(
                "GET /rooms/Den%20one/?n=5&month=2026-11 HTTP/1.1\r\nHost: lan:8080\r\nUser-Agent: x\r\nAccept:  text/html \r\n\r\n"
            ))
        #expect(request.method == "GET")
        #expect(request.segments == ["rooms", "Den one"])
        #expect(request.query == ["n": "5", "month": "2026-11"])
        #expect(request.minorVersion == 1)
        #expect(request.header("accept") == "text/html")
        #expect(request.keepAlive)
    }

    @Test func bareLineFeedsAndLeadingBlankLinesAreAccepted() {
        #expect(Self.request("\r\n\nGET / HTTP/1.1\nHost: a\n\n")?.segments == [])
    }

    @Test func keepAliveFollowsTheVersionAndConnectionHeader() {
        #expect(Self.request("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")?.keepAlive == false)
        #expect(Self.request("GET / HTTP/1.0\r\n\r\n")?.keepAlive == false)
        #expect(Self.request("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")?.keepAlive == true)
        #expect(Self.request("GET / HTTP/1.1\r\nHost: a\r\nConnection: upgrade, close\r\n\r\n")?.keepAlive == false)
    }

    @Test func aRequestWithABodyEndsTheConnection() {
        // Its body is never read as the next request.
        #expect(Self.request("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nGET /")?.keepAlive == false)
        #expect(Self.request("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")?.keepAlive == false)
        #expect(Self.request("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")?.keepAlive == true)
        var parser = HTTPRequestParser(limits: HTTPLimits())
        let outputs = parser.receive(
            Array("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 30\r\n\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n".utf8), now: 0)
        #expect(outputs.count == 1)
        #expect(parser.isFinished)
    }

    @Test func pipelinedRequestsComeOutInOrderWhateverTheChunks() {
        let text = "GET /a HTTP/1.1\r\nHost: h\r\n\r\nHEAD /b HTTP/1.1\r\nHost: h\r\n\r\nGET /c HTTP/1.1\r\nHost: h\r\n\r\n"
        var parser = HTTPRequestParser(limits: HTTPLimits())
        var outputs: [HTTPRequestParser.Output] = []
        for byte in text.utf8 { outputs += parser.receive([byte], now: 0) }
        let paths = outputs.compactMap { output -> String? in
            if case .request(let request) = output { request.method + " " + request.segments.joined(separator: "/") } else { nil }
        }
        #expect(paths == ["GET a", "HEAD b", "GET c"])
        #expect(parser.bufferedBytes == 0)
    }

    @Test func malformedRequestsAre400() {
        let bad = [
            "GET /\r\n\r\n",  // no version
            "GET  / HTTP/1.1\r\nHost: a\r\n\r\n",  // two spaces
            "GET / HTTP/1.1\r\n\r\n",  // no Host
            "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nHost : a\r\n\r\n",  // space before the colon
            "GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n",  // bare CR
            "GET / HTTP/1.1\r\nHost: a\r\nX: a\u{1}b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n",
            "G(T / HTTP/1.1\r\nHost: a\r\n\r\n",
            "GET rooms HTTP/1.1\r\nHost: a\r\n\r\n",
            "GET / HTTP/1.2x\r\nHost: a\r\n\r\n",
            "GET /%zz HTTP/1.1\r\nHost: a\r\n\r\n",
            "GET /%ff HTTP/1.1\r\nHost: a\r\n\r\n",  // not UTF-8
            "GET /a%00 HTTP/1.1\r\nHost: a\r\n\r\n",
            "GET /?q=%1b HTTP/1.1\r\nHost: a\r\n\r\n",
            "GET /\u{7f} HTTP/1.1\r\nHost: a\r\n\r\n",
        ]
        for text in bad {
            let error = Self.failure(text)
            #expect(error?.status == .badRequest, "\(text.debugDescription): \(String(describing: error))")
        }
    }

    @Test func pathTraversalIsRefused() {
        for path in ["/../etc/passwd", "/rooms/..", "/rooms/%2e%2E/x", "/a/./b", "/rooms/a%2Fb", "/rooms/a%5c..", "/%2e"] {
            #expect(Self.failure("GET \(path) HTTP/1.1\r\nHost: a\r\n\r\n")?.status == .badRequest, "\(path)")
        }
        // Dots inside a name are a name.
        #expect(Self.request("GET /players/a..b HTTP/1.1\r\nHost: a\r\n\r\n")?.segments == ["players", "a..b"])
    }

    @Test func http2IsNotSupported() {
        #expect(Self.failure("GET / HTTP/2.0\r\nHost: a\r\n\r\n") == .versionNotSupported)
        #expect(Self.failure("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") == .versionNotSupported)
    }

    @Test func absoluteFormTargetsUseTheirPath() {
        #expect(Self.request("GET http://lan:8080/api/rooms HTTP/1.1\r\nHost: lan\r\n\r\n")?.segments == ["api", "rooms"])
    }

    /// The header limit at its edge: a head of exactly `maxHeaderBytes` bytes parses; one byte more is 431.
    @Test func theHeaderLimitAtItsEdge() {
        let limits = HTTPLimits(maxHeaderBytes: 100)
        let base = "GET / HTTP/1.1\r\nHost: a\r\nX: \r\n\r\n"
        let fits = base.replacingOccurrences("X: ", with: "X: " + String(repeating: "v", count: 100 - base.utf8.count))
        #expect(fits.utf8.count == 100)
        var parser = HTTPRequestParser(limits: limits)
        guard case .request = parser.receive(Array(fits.utf8), now: 0).first else {
            Issue.record("a head of exactly the limit was refused")
            return
        }
        let over = fits.replacingOccurrences("X: ", with: "X: v")
        #expect(Self.failure(over, limits: limits) == .headersTooLarge)
        // A head that never ends is cut at the limit, without waiting for its line end.
        var endless = HTTPRequestParser(limits: limits)
        let outputs = endless.receive(Array(("GET /" + String(repeating: "a", count: 500)).utf8), now: 0)
        #expect(outputs == [.failure(.headersTooLarge)])
        #expect(endless.bufferedBytes == 0)
    }

    /// The request-time limit at its edge: at exactly the limit still waiting, a nanosecond later 408.
    @Test func theRequestTimeLimitAtItsEdge() {
        var parser = HTTPRequestParser(limits: HTTPLimits(requestMilliseconds: 2000))
        #expect(parser.receive(Array("GET / HT".utf8), now: 1_000).isEmpty)
        #expect(parser.checkDeadline(now: 1_000 + 2_000_000_000) == nil)
        #expect(parser.receive(Array("T".utf8), now: 1_500_000_000).isEmpty)  // trickling does not reset it
        #expect(parser.checkDeadline(now: 1_000 + 2_000_000_001) == .failure(.timedOut))
        #expect(parser.isFinished)
        // Between requests on a kept-alive connection nothing is pending: no deadline.
        var idle = HTTPRequestParser(limits: HTTPLimits(requestMilliseconds: 1))
        _ = idle.receive(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8), now: 0)
        #expect(idle.checkDeadline(now: 10_000_000_000) == nil)
    }

    @Test func afterAFailureNothingMoreIsParsed() {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        #expect(parser.receive(Array("BAD\r\n\r\n".utf8), now: 0).count == 1)
        #expect(parser.receive(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8), now: 0).isEmpty)
    }
}

extension String {
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
