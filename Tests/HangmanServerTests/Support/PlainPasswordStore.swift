import Dispatch
import HangmanStore
import HangmanSync
import HangmanTesting
import Synchronization

/// A store for login tests in memory: accounts are a plain table answered inline (no yescrypt, so
/// hundreds of guesses take microseconds); everything else goes to an `ImmediateStore`. `down`
/// makes account calls fail as in an outage, `slowQueries` makes `top`… time out.
// @unchecked: it forwards to thread-safe stores, and its own state is behind a mutex or atomics.
final class PlainPasswordStore: HangmanStore, @unchecked Sendable {
    let inner = ImmediateStore()
    private let passwords = Locked<[String: String]>([:])
    /// Password checks answered so far (right or wrong).
    let verifies = Atomic<Int>(0)
    let down = Atomic<Bool>(false)
    let queriesTimeOut = Atomic<Bool>(false)

    var onDeferredSaved: (@Sendable (GameRecord, Int64) -> Void)? {
        get { inner.onDeferredSaved }
        set { inner.onDeferredSaved = newValue }
    }

    func recordGame(_ game: GameRecord, completion: @escaping @Sendable (Result<Int64, StoreError>) -> Void) {
        inner.recordGame(game, completion: completion)
    }
    func ratingLeaderboard(
        limit: Int, minGames: Int, player: String?,
        completion: @escaping @Sendable (Result<RatingBoardPage, StoreError>) -> Void
    ) {
        if queriesTimeOut.load(ordering: .relaxed) { return completion(.failure(.timedOut)) }
        inner.ratingLeaderboard(limit: limit, minGames: minGames, player: player, completion: completion)
    }
    func leaderboard(limit: Int, player: String?, completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void) {
        if queriesTimeOut.load(ordering: .relaxed) { return completion(.failure(.timedOut)) }
        inner.leaderboard(limit: limit, player: player, completion: completion)
    }
    func monthlyLeaderboard(
        month: LeaderboardMonth, limit: Int, player: String?,
        completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void
    ) {
        if queriesTimeOut.load(ordering: .relaxed) { return completion(.failure(.timedOut)) }
        inner.monthlyLeaderboard(month: month, limit: limit, player: player, completion: completion)
    }
    func monthlyStandings(
        month: LeaderboardMonth, players: [String],
        completion: @escaping @Sendable (Result<[MonthlyStanding], StoreError>) -> Void
    ) {
        if queriesTimeOut.load(ordering: .relaxed) { return completion(.failure(.timedOut)) }
        inner.monthlyStandings(month: month, players: players, completion: completion)
    }
    func highScores(limit: Int, completion: @escaping @Sendable (Result<[HighScore], StoreError>) -> Void) {
        if queriesTimeOut.load(ordering: .relaxed) { return completion(.failure(.timedOut)) }
        inner.highScores(limit: limit, completion: completion)
    }
    func history(player: String, limit: Int, completion: @escaping @Sendable (Result<[HistoryEntry], StoreError>) -> Void) {
        if queriesTimeOut.load(ordering: .relaxed) { return completion(.failure(.timedOut)) }
        inner.history(player: player, limit: limit, completion: completion)
    }
    func game(id: Int64, completion: @escaping @Sendable (Result<GameDetail, StoreError>) -> Void) {
        inner.game(id: id, completion: completion)
    }
    func stats(player: String, completion: @escaping @Sendable (Result<PlayerStats, StoreError>) -> Void) {
        if queriesTimeOut.load(ordering: .relaxed) { return completion(.failure(.timedOut)) }
        inner.stats(player: player, completion: completion)
    }
    func deleteHistory(player: String, gameID: Int64, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        inner.deleteHistory(player: player, gameID: gameID, completion: completion)
    }
    func resetHistory(player: String, completion: @escaping @Sendable (Result<Int, StoreError>) -> Void) {
        inner.resetHistory(player: player, completion: completion)
    }
    func isRegistered(name: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        if down.load(ordering: .relaxed) { return completion(.failure(.timedOut)) }
        completion(.success(passwords.withLock { $0[HangmanStoreKey.key(for: name)] != nil }))
    }
    func register(name: String, password: String, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        if down.load(ordering: .relaxed) { return completion(.failure(.unavailable)) }
        let fresh = passwords.withLock { table -> Bool in
            guard table[HangmanStoreKey.key(for: name)] == nil else { return false }
            table[HangmanStoreKey.key(for: name)] = password
            return true
        }
        completion(fresh ? .success(()) : .failure(.nameTaken))
    }
    func verify(name: String, password: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        if down.load(ordering: .relaxed) { return completion(.failure(.timedOut)) }
        verifies.add(1, ordering: .relaxed)
        guard let stored = passwords.withLock({ $0[HangmanStoreKey.key(for: name)] }) else {
            return completion(.failure(.notRegistered))
        }
        completion(.success(stored == password))
    }
    func changePassword(
        name: String, old: String, new: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void
    ) {
        if down.load(ordering: .relaxed) { return completion(.failure(.timedOut)) }
        verifies.add(1, ordering: .relaxed)
        let key = HangmanStoreKey.key(for: name)
        let changed = passwords.withLock { table -> Bool? in
            guard let stored = table[key] else { return nil }
            guard stored == old else { return false }
            table[key] = new
            return true
        }
        completion(changed.map { .success($0) } ?? .failure(.notRegistered))
    }
    func saveSettings(
        name: String, settings: [String: String], completion: @escaping @Sendable (Result<Void, StoreError>) -> Void
    ) {
        inner.saveSettings(name: name, settings: settings, completion: completion)
    }
    func loadSettings(name: String, completion: @escaping @Sendable (Result<[String: String]?, StoreError>) -> Void) {
        inner.loadSettings(name: name, completion: completion)
    }
    func saveSanction(_ sanction: StoredSanction, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        inner.saveSanction(sanction, completion: completion)
    }
    func liftSanction(kind: String, key: String, now: Int64, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        inner.liftSanction(kind: kind, key: key, now: now, completion: completion)
    }
    func sanctions(now: Int64, completion: @escaping @Sendable (Result<[StoredSanction], StoreError>) -> Void) {
        inner.sanctions(now: now, completion: completion)
    }
    func sanction(
        kind: String, key: String, now: Int64, completion: @escaping @Sendable (Result<StoredSanction?, StoreError>) -> Void
    ) {
        inner.sanction(kind: kind, key: key, now: now, completion: completion)
    }
    func recordModeration(_ entry: StoredModerationEntry, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        inner.recordModeration(entry, completion: completion)
    }
    func moderationLog(limit: Int, completion: @escaping @Sendable (Result<[StoredModerationEntry], StoreError>) -> Void) {
        inner.moderationLog(limit: limit, completion: completion)
    }
    func unsavedAfterFlush(timeout: Double) -> Int { inner.unsavedAfterFlush(timeout: timeout) }
    func close() { inner.close() }
}
