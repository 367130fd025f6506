import HangmanCore
import HangmanStore

/// `stats [player]`: a player's totals, best game and rank, with a clear answer for a player who
/// has none yet.
extension Session {
    /// The store keeps a row for every player who finished a game or registered; a guest who has
    /// not finished one has none. Someone online (the asker, or anyone connected now) then gets
    /// totals of zero with no rank, as a registered player with no games does; a name nobody holds
    /// is `no_such_player` (it was `invalid_input` for both, "the arguments are wrong").
    func showStats(of who: String) {
        begin()
        let asker = id
        server.store.stats(player: who) { result in
            switch result {
            case .success(let stats):
                self.onQueue {
                    self.send(.stats(stats, provisionalGames: self.server.config.ratingProvisionalGames))
                    self.finish()
                }
            case .failure(.notFound):
                let named = PlayerID(who)
                let answer: @Sendable (Bool) -> Void = { online in
                    self.onQueue {
                        if online {
                            self.send(
                                .stats(Self.noGames(named.name), provisionalGames: self.server.config.ratingProvisionalGames))
                        } else {
                            self.sendError(.noSuchPlayer, "nobody called \(who) has played or registered here")
                        }
                        self.finish()
                    }
                }
                if named == asker { answer(true) } else { self.server.lobby.isOnline(named, reply: answer) }
            case .failure(let error):
                self.onQueue {
                    self.answerStoreFailure(error)
                    self.finish()
                }
            }
        }
    }

    /// The totals of a player who has not finished a game.
    static func noGames(_ name: String) -> PlayerStats {
        PlayerStats(name: name, games: 0, wins: 0, score: 0, best: 0, solved: 0, failed: 0, rank: nil)
    }
}
