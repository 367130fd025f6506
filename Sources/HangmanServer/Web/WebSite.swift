import HangmanCore
import HangmanStore
import HangmanWeb

/// The web page's answers (issue 31): each route answered from the lobby, the rooms and the store,
/// with the wire protocol's JSON renderers for the API. Stateless: any queue may ask; the answer
/// comes on whatever queue had it (the connection hops back to its own).
struct WebSite: Sendable {
    let server: GameServer

    /// Answers a route that is one response (not an event stream).
    func answer(_ route: WebRoute, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        switch route {
        case .methodNotAllowed: reply(.error(.methodNotAllowed))
        case .notFound: reply(.error(.notFound))
        case .badQuery(let why): reply(.error(.badRequest, why))
        case .events, .lobbyEvents: reply(.error(.notFound))  // the connection turns these into streams; never asked here
        case .asset(let asset): reply(WebAssets.response(asset))
        case .apiRooms: publicRooms { reply(Self.json(.rooms($0))) }
        case .apiRoom(let name):
            roomSnapshot(name) { snapshot in reply(snapshot.map { Self.json(.state($0)) } ?? .error(.notFound)) }
        case .apiPlayer(let name):
            stats(name) { result in
                switch result {
                case .success(let event): reply(Self.json(event))
                case .failure(.notFound): reply(.error(.notFound, "nobody called \(name) has played here"))
                case .failure: reply(.error(.serviceUnavailable, "the leaderboard is not answering"))
                }
            }
        case .apiLeaderboard(let month, let count):
            leaderboard(month: month, count: count) { result in
                reply(result.map(Self.json) ?? .error(.serviceUnavailable, "the leaderboard is not answering"))
            }
        case .front, .big, .room, .player:
            WebPages(site: self).answer(route, reply: reply)
        }
    }

    static func json(_ event: Outbound) -> HTTPResponse {
        HTTPResponse(status: .ok, contentType: HTTPResponse.json, body: Renderer.render(event, style: .json))
    }

    // MARK: what the pages and the API read

    /// The rooms anyone may see: never a private one.
    func publicRooms(reply: @escaping @Sendable ([RoomSummary]) -> Void) {
        server.lobby.listRooms { rooms in reply(rooms.filter { !$0.isPrivate }) }
    }

    /// A public room, or nil for a private or missing one (both answered 404: a private room's
    /// existence is not told).
    func publicRoom(_ name: String, reply: @escaping @Sendable (Room?) -> Void) {
        server.lobby.room(named: name) { room in
            guard let room, !room.directory.summary.isPrivate else { return reply(nil) }
            reply(room)
        }
    }

    /// A public room's board as an outsider sees it (never the word during a round); nil: 404.
    func roomSnapshot(_ name: String, reply: @escaping @Sendable (RoomSnapshot?) -> Void) {
        publicRoom(name) { room in
            guard let room else { return reply(nil) }
            room.snapshot(reply: reply)
        }
    }

    /// Every public room's board, in the lobby's order.
    func publicSnapshots(reply: @escaping @Sendable ([RoomSnapshot]) -> Void) {
        publicRooms { summaries in
            let gather = Gather<RoomSnapshot?>(count: summaries.count) { reply($0.compactMap { $0 }) }
            for (index, summary) in summaries.enumerated() {
                roomSnapshot(summary.name) { gather.set(index, $0) }
            }
        }
    }

    /// What `stats <name>` gives.
    func stats(_ name: String, reply: @escaping @Sendable (Result<Outbound, StoreError>) -> Void) {
        let provisional = server.config.ratingProvisionalGames
        server.store.stats(player: name) { result in reply(result.map { .stats($0, provisionalGames: provisional) }) }
    }

    /// What `top [n]` or `top month [YYYY-MM] [n]` gives (this month's when `month` is "now").
    func leaderboard(month: String?, count: Int?, reply: @escaping @Sendable (Outbound?) -> Void) {
        let limit = min(count ?? server.config.topDefault, server.config.topMax)
        guard let month else {
            return server.store.leaderboard(limit: limit, player: nil) { result in
                reply(try? result.map { .leaderboard(entries: $0.entries, mine: nil) }.get())
            }
        }
        let board =
            LeaderboardMonth.parse(month) ?? LeaderboardMonth(containing: server.clock.wallSeconds)
        server.store.monthlyLeaderboard(month: board, limit: limit, player: nil) { result in
            reply(try? result.map { .leaderboard(entries: $0.entries, mine: nil, month: board.description) }.get())
        }
    }
}

extension LeaderboardMonth {
    /// `YYYY-MM` (the router checked the shape).
    static func parse(_ text: String) -> LeaderboardMonth? {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        return LeaderboardMonth(year: year, month: month)
    }
}
