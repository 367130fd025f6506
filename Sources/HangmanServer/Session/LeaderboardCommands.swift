import HangmanCore
import HangmanStore

/// The store's answers: `top` (all time, by rating, a month), `highscores`, `history` (and deleting
/// it), `stats` and `game <id>`. Later lines wait for each answer. No state of its own.
final class LeaderboardCommands: CommandFamily, Sendable {
    func run(_ command: Command, for session: Session) -> Bool {
        let server = session.server
        let config = server.config
        let store = server.store
        let me = session.displayName
        switch command {
        case .top(let count):
            let limit = min(count ?? config.topDefault, config.topMax)
            StoreQuery.ask(session, { store.leaderboard(limit: limit, player: me, completion: $0) }) {
                .leaderboard(entries: $0.entries, mine: $0.mine)
            }
        case .topRating(let count):
            let limit = min(count ?? config.topDefault, config.topMax)
            let minGames = config.ratingProvisionalGames
            StoreQuery.ask(session, { store.ratingLeaderboard(limit: limit, minGames: minGames, player: me, completion: $0) }) {
                .ratingBoard(entries: $0.entries, mine: $0.mine)
            }
        case .topMonth(let month, let count):
            // `top month` is the month the server's clock is in, UTC (as every board's month is).
            let limit = min(count ?? config.topDefault, config.topMax)
            let board = month ?? LeaderboardMonth(containing: server.clock.wallSeconds)
            StoreQuery.ask(session, { store.monthlyLeaderboard(month: board, limit: limit, player: me, completion: $0) }) {
                .leaderboard(entries: $0.entries, mine: $0.mine, month: board.description)
            }
        case .highscores:
            StoreQuery.ask(session, { store.highScores(limit: 10, completion: $0) }) { .highscores(entries: $0, highlight: nil) }
        case .history(let player):
            let who = player ?? me
            StoreQuery.ask(session, { store.history(player: who, limit: config.historyLimit, completion: $0) }) {
                .history(player: who, entries: $0)
            }
        case .stats(let player): showStats(of: player ?? me, session)
        case .game(let id):
            StoreQuery.ask(
                session, { store.game(id: id, completion: $0) },
                notFound: "there is no game \(id); history shows the ids of your games"
            ) {
                .gameDetail($0)
            }
        case .historyDelete(let id):
            guard session.account.registered else {
                session.sendError(.invalidInput, "only a registered player can delete history; type register <password>")
                return true
            }
            StoreQuery.ask(
                session, { store.deleteHistory(player: me, gameID: id, completion: $0) },
                notFound: "game \(id) is not in your history"
            ) { _ in
                .info("Game \(id) was removed from your history.")
            }
        case .historyReset:
            guard session.account.registered else {
                session.sendError(.invalidInput, "only a registered player can reset history; type register <password>")
                return true
            }
            StoreQuery.ask(session, { store.resetHistory(player: me, completion: $0) }) { count in
                .info("Your history was reset (\(count) \(count == 1 ? "game" : "games") removed).")
            }
        default:
            return false
        }
        return true
    }

    /// `stats [player]`. The store keeps a row for every player who finished a game or registered;
    /// a guest who has not finished one has none. Someone online (the asker, or anyone connected
    /// now) then gets totals of zero with no rank, as a registered player with no games does; a
    /// name nobody holds is `no_such_player` (it was `invalid_input` for both).
    private func showStats(of who: String, _ session: Session) {
        session.begin()
        let asker = session.id
        let provisional = session.server.config.ratingProvisionalGames
        session.server.store.stats(player: who) { result in
            switch result {
            case .success(let stats):
                session.onQueue {
                    session.send(.stats(stats, provisionalGames: provisional))
                    session.finish()
                }
            case .failure(.notFound):
                let named = PlayerID(who)
                let answer: @Sendable (Bool) -> Void = { online in
                    session.onQueue {
                        if online {
                            session.send(.stats(Self.noGames(named.name), provisionalGames: provisional))
                        } else {
                            session.sendError(.noSuchPlayer, "nobody called \(who) has played or registered here")
                        }
                        session.finish()
                    }
                }
                if named == asker { answer(true) } else { session.server.lobby.isOnline(named, reply: answer) }
            case .failure(let error):
                session.onQueue {
                    StoreQuery.answerFailure(error, session)
                    session.finish()
                }
            }
        }
    }

    /// The totals of a player who has not finished a game.
    static func noGames(_ name: String) -> PlayerStats {
        PlayerStats(name: name, games: 0, wins: 0, score: 0, best: 0, solved: 0, failed: 0, rank: nil)
    }
}
