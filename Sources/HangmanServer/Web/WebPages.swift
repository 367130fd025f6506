import HangmanCore
import HangmanStore
import HangmanWeb

/// The pages (issue 31): each gathers what it shows from the lobby, the rooms and the store, all
/// asked at once, then renders it on the server (`WebHTML`), so the page works without its script.
struct WebPages: Sendable {
    let site: WebSite

    /// The front page's and the projector's boards: the top rows of all time and of this month.
    static let boardRows = 10
    /// Recent games on a player's page.
    static let recentGames = 10

    func answer(_ route: WebRoute, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        switch route {
        case .front, .big: front(big: route == .big, whole: true) { reply(Self.page($0)) }
        case .room(let name):
            site.publicRoom(name) { room in
                guard let room else { return reply(.error(.notFound)) }
                room.pageView { snapshot, history in reply(Self.page(WebHTML.room(snapshot, history: history))) }
            }
        case .player(let name): player(name, reply: reply)
        default: reply(.error(.notFound))
        }
    }

    static func page(_ html: String) -> HTTPResponse {
        HTTPResponse(status: .ok, contentType: HTTPResponse.html, text: html)
    }

    /// The front page's or the projector's live part alone (`<main id="live">`), for its stream.
    func live(big: Bool, reply: @escaping @Sendable (String) -> Void) {
        front(big: big, whole: false, reply: reply)
    }

    /// The front page or the projector view (`whole`), or its live part alone.
    private func front(big: Bool, whole: Bool, reply: @escaping @Sendable (String) -> Void) {
        let server = site.server
        let month = LeaderboardMonth(containing: server.clock.wallSeconds)
        let limit = min(Self.boardRows, server.config.topMax)
        struct Parts: Sendable {
            var rooms: [RoomSnapshot] = []
            var allTime: [LeaderboardEntry]?
            var month: [LeaderboardEntry]?
        }
        enum Part: Sendable {
            case rooms([RoomSnapshot])
            case allTime([LeaderboardEntry]?)
            case month([LeaderboardEntry]?)
        }
        let gather = Gather<Part>(count: 3) { parts in
            var all = Parts()
            for part in parts {
                switch part {
                case .rooms(let rooms): all.rooms = rooms
                case .allTime(let entries): all.allTime = entries
                case .month(let entries): all.month = entries
                }
            }
            let live =
                big
                ? WebHTML.bigLive(rooms: all.rooms, allTime: all.allTime, month: all.month, monthName: month.description)
                : WebHTML.frontLive(rooms: all.rooms, allTime: all.allTime, month: all.month, monthName: month.description)
            reply(whole ? (big ? WebHTML.big(live: live) : WebHTML.front(live: live)) : live)
        }
        site.publicSnapshots { gather.set(0, .rooms($0)) }
        server.store.leaderboard(limit: limit, player: nil) { gather.set(1, .allTime(try? $0.get().entries)) }
        server.store.monthlyLeaderboard(month: month, limit: limit, player: nil) { gather.set(2, .month(try? $0.get().entries)) }
    }

    private func player(_ name: String, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        let server = site.server
        server.store.stats(player: name) { result in
            switch result {
            case .success(let stats):
                server.store.history(player: stats.name, limit: Self.recentGames) { history in
                    reply(
                        Self.page(
                            WebHTML.player(
                                stats, recent: (try? history.get()) ?? [],
                                provisionalGames: server.config.ratingProvisionalGames)))
                }
            case .failure(.notFound): reply(.error(.notFound, "nobody called \(name) has played here"))
            case .failure: reply(.error(.serviceUnavailable, "the leaderboard is not answering"))
            }
        }
    }
}
