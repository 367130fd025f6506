/// What a request asks for: the router is a pure function of the method, the path's segments and
/// the query, so every page and API path is listed here once (docs/PROTOCOL.md "HTTP").
public enum WebRoute: Sendable, Equatable {
    /// `/`: the leaderboards and the live public rooms.
    case front
    /// `/big` or `/?view=big`: the projector view.
    case big
    /// `/rooms/<name>`: one public room, live.
    case room(String)
    /// `/players/<name>`: a player's totals, rank, recent games and rating.
    case player(String)
    /// `/app.js`, `/app.css`: the page's own script and style sheet.
    case asset(WebAsset)
    /// `/events/rooms/<name>`: a room page's live updates (Server-Sent Events).
    case events(room: String)
    /// `/events/front`, `/events/big`: the front page's or the projector's live part (Server-Sent
    /// Events), sent again whenever the rooms or the leaderboards it shows changed.
    case lobbyEvents(big: Bool)
    /// `/api/leaderboard[?month=YYYY-MM][&n=N]`.
    case apiLeaderboard(month: String?, count: Int?)
    /// `/api/rooms`.
    case apiRooms
    /// `/api/rooms/<name>`.
    case apiRoom(String)
    /// `/api/players/<name>`.
    case apiPlayer(String)
    /// A method other than GET and HEAD (405, `Allow: GET, HEAD`).
    case methodNotAllowed
    /// A query value that cannot be (400), with why.
    case badQuery(String)
    case notFound

    /// Routes a parsed request.
    public static func match(_ request: HTTPRequest) -> WebRoute {
        match(method: request.method, segments: request.segments, query: request.query)
    }

    public static func match(method: String, segments: [String], query: [String: String]) -> WebRoute {
        guard method == "GET" || method == "HEAD" else { return .methodNotAllowed }
        let count = segments.count
        let first = segments.first ?? ""
        let second = count > 1 ? segments[1] : ""
        switch (count, first, second) {
        case (0, _, _): return query["view"] == "big" ? .big : .front
        case (1, "big", _): return .big
        case (1, "app.js", _): return .asset(.script)
        case (1, "app.css", _): return .asset(.style)
        case (2, "rooms", _): return .room(second)
        case (2, "players", _): return .player(second)
        case (3, "events", "rooms"): return .events(room: segments[2])
        case (2, "events", "front"): return .lobbyEvents(big: false)
        case (2, "events", "big"): return .lobbyEvents(big: true)
        case (2, "api", "rooms"): return .apiRooms
        case (3, "api", "rooms"): return .apiRoom(segments[2])
        case (3, "api", "players"): return .apiPlayer(segments[2])
        case (2, "api", "leaderboard"):
            var count: Int?
            if let text = query["n"] {
                guard let n = Int(text), n >= 1, text.utf8.count <= 6 else { return .badQuery("n must be a whole number from 1") }
                count = n
            }
            if let month = query["month"] {
                guard isMonth(month) else { return .badQuery("month must be YYYY-MM") }
                return .apiLeaderboard(month: month, count: count)
            }
            return .apiLeaderboard(month: nil, count: count)
        default: return .notFound
        }
    }

    /// `YYYY-MM` with a month from 01 to 12.
    static func isMonth(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
            bytes.enumerated().allSatisfy({ $0.offset == 4 || (48...57).contains($0.element) }),
            let month = Int(text.suffix(2))
        else { return false }
        return (1...12).contains(month)
    }
}

/// The static files the pages use (the only ones; none from elsewhere).
public enum WebAsset: Sendable, Equatable {
    case script
    case style
}
