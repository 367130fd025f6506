/// The read and delete operations, the same for every backend: keys folded here, "absent" mapped to
/// the protocol's errors here.
extension StoreEngine {
    func leaderboard(limit: Int, player: String?, completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void) {
        let key = player.map(HangmanStoreKey.key(for:))
        perform(completion) { try $0.leaderboard(limit: limit, key: key) }
    }

    func highScores(limit: Int, completion: @escaping @Sendable (Result<[HighScore], StoreError>) -> Void) {
        perform(completion) { try $0.highScores(limit: limit) }
    }

    func history(player: String, limit: Int, completion: @escaping @Sendable (Result<[HistoryEntry], StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: player)
        perform(completion) { try $0.history(key: key, limit: limit) }
    }

    func game(id: Int64, completion: @escaping @Sendable (Result<GameDetail, StoreError>) -> Void) {
        perform(completion) { backend in
            guard let detail = try backend.game(id: id) else { throw StoreError.notFound }
            return detail
        }
    }

    func stats(player: String, completion: @escaping @Sendable (Result<PlayerStats, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: player)
        perform(completion) { backend in
            guard let stats = try backend.stats(key: key) else { throw StoreError.notFound }
            return stats
        }
    }

    func deleteHistory(player: String, gameID: Int64, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: player)
        perform(completion) { backend in
            guard try backend.deleteResult(key: key, gameID: gameID) else { throw StoreError.notFound }
        }
    }

    func resetHistory(player: String, completion: @escaping @Sendable (Result<Int, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: player)
        perform(completion) { try $0.deleteResults(key: key) }
    }

    func isRegistered(name: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: name)
        perform(completion) { try $0.passwordHash(key: key).hash != nil }
    }
}
