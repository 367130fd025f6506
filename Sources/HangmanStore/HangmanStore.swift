/// The leaderboard and accounts, behind a protocol so the server can run on SQLite and its tests on
/// `MemoryStore`.
///
/// Every method returns at once and calls its completion later **on the store's own serial queue**;
/// callers hop back to their own queue. Names are matched by their key, the lower-cased name
/// (`HangmanStoreKey.key(for:)`); the display name kept is the one most recently written.
public protocol HangmanStore: AnyObject, Sendable {
    /// Merge one finished game. Completion: `.success(gameID)` after COMMIT; `.failure(.io)` if it could not be
    /// written yet – the record is kept in memory and retried until it lands (then `onDeferredSaved` fires).
    func recordGame(_ game: GameRecord, completion: @escaping @Sendable (Result<Int64, StoreError>) -> Void)
    /// Called (on the store's queue) for each record that failed at first and landed on a later retry.
    var onDeferredSaved: (@Sendable (GameRecord, Int64) -> Void)? { get set }
    /// The best `limit` players; `mine` is `player`'s own row when outside them.
    func leaderboard(
        limit: Int, player: String?, completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void)
    /// The best `limit` single-game results.
    func highScores(limit: Int, completion: @escaping @Sendable (Result<[HighScore], StoreError>) -> Void)
    /// One entry per round `player` played, newest game first then round order; empty for an unknown name.
    func history(player: String, limit: Int, completion: @escaping @Sendable (Result<[HistoryEntry], StoreError>) -> Void)
    /// A stored game; `.notFound` when there is no such id.
    func game(id: Int64, completion: @escaping @Sendable (Result<GameDetail, StoreError>) -> Void)
    /// A player's totals; `.notFound` for a name the store has never seen.
    func stats(player: String, completion: @escaping @Sendable (Result<PlayerStats, StoreError>) -> Void)
    /// Removes `player`'s result in game `gameID` (the game stays for the others); `.notFound` if they had none.
    func deleteHistory(player: String, gameID: Int64, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void)
    /// Removes all of `player`'s results; returns how many were removed (0 for an unknown name).
    func resetHistory(player: String, completion: @escaping @Sendable (Result<Int, StoreError>) -> Void)
    /// True when the name has a password.
    func isRegistered(name: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void)
    /// Stores a salted crypt(3) hash of `password` for `name` (created if missing); `.nameTaken` if it already has one.
    func register(name: String, password: String, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void)
    /// True when `password` matches; `.notRegistered` when the name has no password.
    func verify(name: String, password: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void)
    /// Stores a player's settings (any name, registered or not), replacing earlier ones.
    func saveSettings(
        name: String, settings: [String: String], completion: @escaping @Sendable (Result<Void, StoreError>) -> Void)
    /// A player's saved settings, nil when none were saved.
    func loadSettings(name: String, completion: @escaping @Sendable (Result<[String: String]?, StoreError>) -> Void)
    /// Wait (blocking the caller, bounded) until every queued write has landed or failed – for shutdown.
    /// Returns true when nothing is left pending. Never call it on the store's queue.
    func flush(timeout: Double) -> Bool
    /// Releases the store; later calls fail with `.io("store closed")`. Pending records that never landed
    /// are lost, so call `flush(timeout:)` first.
    func close()
}

/// How the store folds names.
public enum HangmanStoreKey {
    /// The key a name is stored under: lower-cased, so "Ann" and "ann" are one player.
    public static func key(for name: String) -> String { name.lowercased() }
}
