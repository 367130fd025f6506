/// One response, serialised in one buffer (head and body: one write). Every response carries its
/// length, its `Content-Type` with a charset, `Cache-Control: no-store` (everything the server
/// serves is live data or tied to it), the Content-Security-Policy and `nosniff`.
public struct HTTPResponse: Sendable, Equatable {
    public var status: HTTPStatus
    public var contentType: String
    public var body: [UInt8]
    /// Extra header fields (`Allow` on a 405).
    public var extraHeaders: [(String, String)] = []

    public static let html = "text/html; charset=utf-8"
    public static let json = "application/json; charset=utf-8"
    public static let text = "text/plain; charset=utf-8"
    public static let javascript = "text/javascript; charset=utf-8"
    public static let css = "text/css; charset=utf-8"
    public static let eventStream = "text/event-stream; charset=utf-8"

    /// Nothing from elsewhere, no inline script or style: the page's own script and style sheet
    /// (same origin), its event stream and API; no frames, forms or plugins.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    public init(status: HTTPStatus, contentType: String, body: [UInt8], extraHeaders: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.extraHeaders = extraHeaders
    }

    public init(status: HTTPStatus, contentType: String, text: String) {
        self.init(status: status, contentType: contentType, body: Array(text.utf8))
    }

    /// A plain-text error page: the status and a line saying why.
    public static func error(_ status: HTTPStatus, _ detail: String = "") -> HTTPResponse {
        var response = HTTPResponse(
            status: status, contentType: text, text: "\(status.rawValue) \(status.reason)\(detail.isEmpty ? "" : ": \(detail)")\n"
        )
        if status == .methodNotAllowed { response.extraHeaders.append(("Allow", "GET, HEAD")) }
        return response
    }

    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.contentType == rhs.contentType && lhs.body == rhs.body
            && lhs.extraHeaders.map { "\($0.0): \($0.1)" } == rhs.extraHeaders.map { "\($0.0): \($0.1)" }
    }

    /// The bytes to send: the head, and the body unless answering HEAD. `keepAlive` false adds
    /// `Connection: close` (the server closes after it).
    public func serialized(head: Bool, keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        text += Self.commonHeaders(contentType: contentType)
        text += "Content-Length: \(body.count)\r\n"
        for (name, value) in extraHeaders { text += "\(name): \(value)\r\n" }
        if !keepAlive { text += "Connection: close\r\n" }
        text += "\r\n"
        var bytes = Array(text.utf8)
        if !head { bytes += body }
        return bytes
    }

    /// The head of an event stream: no length, the connection stays its own (never reused).
    public static func eventStreamHead() -> [UInt8] {
        Array(("HTTP/1.1 200 OK\r\n" + commonHeaders(contentType: eventStream) + "Connection: keep-alive\r\n\r\n").utf8)
    }

    private static func commonHeaders(contentType: String) -> String {
        "Content-Type: \(contentType)\r\nCache-Control: no-store\r\nContent-Security-Policy: \(contentSecurityPolicy)\r\n"
            + "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
    }
}
