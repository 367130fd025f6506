import Dispatch
import HangmanStore

/// A store whose every answer comes `delay` seconds late (0: at once): for tests of what a session
/// does while it waits. `OutageStore` builds on it.
class DelayedStore: HangmanStore, @unchecked Sendable {  // forwards to a thread-safe store; `delay` is immutable
    let inner = MemoryStore()
    let delay: Double
    /// Not `.global()`: on Linux that pool is shared with the test runner's blocked threads.
    private let timers = DispatchQueue(label: "delayed-store")

    init(delay: Double) { self.delay = delay }

    fileprivate func later<T: Sendable>(_ completion: @escaping @Sendable (T) -> Void) -> @Sendable (T) -> Void {
        let delay = self.delay
        let timers = self.timers
        guard delay > 0 else { return completion }
        return { value in timers.asyncAfter(deadline: .now() + delay) { completion(value) } }
    }

    var onDeferredSaved: (@Sendable (GameRecord, Int64) -> Void)? {
        get { inner.onDeferredSaved }
        set { inner.onDeferredSaved = newValue }
    }

    func recordGame(_ game: GameRecord, completion: @escaping @Sendable (Result<Int64, StoreError>) -> Void) {
        inner.recordGame(game, completion: later(completion))
    }
    func ratingLeaderboard(
        limit: Int, minGames: Int, player: String?,
        completion: @escaping @Sendable (Result<RatingBoardPage, StoreError>) -> Void
    ) {
        inner.ratingLeaderboard(limit: limit, minGames: minGames, player: player, completion: later(completion))
    }
    func leaderboard(limit: Int, player: String?, completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void) {
        inner.leaderboard(limit: limit, player: player, completion: later(completion))
    }
    func monthlyLeaderboard(
        month: LeaderboardMonth, limit: Int, player: String?,
        completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void
    ) {
        inner.monthlyLeaderboard(month: month, limit: limit, player: player, completion: later(completion))
    }
    func monthlyStandings(
        month: LeaderboardMonth, players: [String],
        completion: @escaping @Sendable (Result<[MonthlyStanding], StoreError>) -> Void
    ) {
        inner.monthlyStandings(month: month, players: players, completion: later(completion))
    }
    func highScores(limit: Int, completion: @escaping @Sendable (Result<[HighScore], StoreError>) -> Void) {
        inner.highScores(limit: limit, completion: later(completion))
    }
    func history(player: String, limit: Int, completion: @escaping @Sendable (Result<[HistoryEntry], StoreError>) -> Void) {
        inner.history(player: player, limit: limit, completion: later(completion))
    }
    func game(id: Int64, completion: @escaping @Sendable (Result<GameDetail, StoreError>) -> Void) {
        inner.game(id: id, completion: later(completion))
    }
    func stats(player: String, completion: @escaping @Sendable (Result<PlayerStats, StoreError>) -> Void) {
        inner.stats(player: player, completion: later(completion))
    }
    func deleteHistory(player: String, gameID: Int64, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        inner.deleteHistory(player: player, gameID: gameID, completion: later(completion))
    }
    func resetHistory(player: String, completion: @escaping @Sendable (Result<Int, StoreError>) -> Void) {
        inner.resetHistory(player: player, completion: later(completion))
    }
    func isRegistered(name: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        inner.isRegistered(name: name, completion: completion)
    }
    func register(name: String, password: String, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        inner.register(name: name, password: password, completion: later(completion))
    }
    func verify(name: String, password: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        inner.verify(name: name, password: password, completion: later(completion))
    }
    func changePassword(
        name: String, old: String, new: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void
    ) {
        inner.changePassword(name: name, old: old, new: new, completion: later(completion))
    }
    func saveSettings(
        name: String, settings: [String: String], completion: @escaping @Sendable (Result<Void, StoreError>) -> Void
    ) {
        inner.saveSettings(name: name, settings: settings, completion: later(completion))
    }
    func loadSettings(name: String, completion: @escaping @Sendable (Result<[String: String]?, StoreError>) -> Void) {
        inner.loadSettings(name: name, completion: completion)
    }
    func saveSanction(_ sanction: StoredSanction, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        inner.saveSanction(sanction, completion: later(completion))
    }
    func liftSanction(kind: String, key: String, now: Int64, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        inner.liftSanction(kind: kind, key: key, now: now, completion: later(completion))
    }
    func sanctions(now: Int64, completion: @escaping @Sendable (Result<[StoredSanction], StoreError>) -> Void) {
        inner.sanctions(now: now, completion: later(completion))
    }
    func sanction(
        kind: String, key: String, now: Int64, completion: @escaping @Sendable (Result<StoredSanction?, StoreError>) -> Void
    ) {
        inner.sanction(kind: kind, key: key, now: now, completion: later(completion))
    }
    func recordModeration(_ entry: StoredModerationEntry, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        inner.recordModeration(entry, completion: later(completion))
    }
    func moderationLog(limit: Int, completion: @escaping @Sendable (Result<[StoredModerationEntry], StoreError>) -> Void) {
        inner.moderationLog(limit: limit, completion: later(completion))
    }
    func unsavedAfterFlush(timeout: Double) -> Int { inner.unsavedAfterFlush(timeout: timeout) }
    func close() { inner.close() }
}
