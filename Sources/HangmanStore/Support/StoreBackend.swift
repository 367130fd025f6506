/// The synchronous storage under a store: SQLite (`SQLiteBackend`) or memory (`MemoryBackend`).
///
/// `StoreEngine` owns one backend and calls it only on its serial queue, so backends need no locks.
/// Keys passed in are already case-folded (`HangmanStoreKey.key(for:)`). Errors thrown become
/// `StoreError.io` unless they already are a `StoreError`.
protocol StoreBackend: AnyObject {
    /// Merges `records` in one transaction and returns their new ids in order; all or nothing.
    func insertGames(_ records: [GameRecord]) throws -> [Int64]
    func leaderboard(limit: Int, key: String?) throws -> LeaderboardPage
    func highScores(limit: Int) throws -> [HighScore]
    func history(key: String, limit: Int) throws -> [HistoryEntry]
    func game(id: Int64) throws -> GameDetail?
    /// Nil for a name never seen.
    func stats(key: String) throws -> PlayerStats?
    /// False when the player had no result in that game.
    func deleteResult(key: String, gameID: Int64) throws -> Bool
    func deleteResults(key: String) throws -> Int
    /// (known name, stored hash or nil when unregistered).
    func passwordHash(key: String) throws -> (known: Bool, hash: String?)
    /// Stores the hash unless the name already has one; false when it had.
    func setPasswordHash(name: String, key: String, hash: String) throws -> Bool
    func saveSettings(name: String, key: String, json: String) throws
    func loadSettings(key: String) throws -> String?
    func close()
}

extension GameRecord {
    /// Results with repeated names (ignoring case) dropped after their first occurrence: a game holds one
    /// result per player, and a malformed record must not poison the retry queue with a constraint error.
    var uniqueResults: [PlayerResult] {
        var seen: Set<String> = []
        return results.filter { seen.insert(HangmanStoreKey.key(for: $0.name)).inserted }
    }

    /// The game's total misses.
    var totalMistakes: Int { rounds.reduce(0) { $0 + $1.mistakes } }

    /// Rounds won.
    var wordsSolved: Int { rounds.filter(\.won).count }
}
