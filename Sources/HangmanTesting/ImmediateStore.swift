import Dispatch
import HangmanStore
import HangmanSync
import Synchronization

/// A store that answers before the call returns: it forwards to an in-memory `MemoryStore` and waits
/// for its answer, so a table test never has to wait for another queue to answer. (A room or session
/// queue blocks on the store's queue for a moment; the store never calls back into them.)
public final class ImmediateStore: HangmanStore, @unchecked Sendable {  // forwards to a thread-safe store
    public let inner = MemoryStore()
    /// While true, every call fails at once with `.unavailable` (an outage), touching nothing.
    public let outage = Atomic<Bool>(false)
    /// While true, a game's end (`finishGame`) is answered without the high scores, as the store does
    /// when they do not come within its time limit.
    public let dropHighScores = Atomic<Bool>(false)
    /// While true, `recordGame` and `finishGame` answers (the save of a finished game) are held back
    /// until `releaseSaves()`: the game is stored at once, the room hears of it later.
    public let holdSaves = Atomic<Bool>(false)
    private let heldSaves = HeldAnswers()
    /// While true, `sanctions` answers (the lobby's read of the bans in force) are held back until
    /// `releaseSanctions()`.
    public let holdSanctions = Atomic<Bool>(false)
    private let heldSanctions = HeldAnswers()

    public init() {}

    private func wait<V: Sendable>(
        _ call: (@escaping @Sendable (Result<V, StoreError>) -> Void) -> Void,
        then completion: @escaping @Sendable (Result<V, StoreError>) -> Void
    ) {
        if outage.load(ordering: .relaxed) { return completion(.failure(.unavailable)) }
        typealias T = Result<V, StoreError>
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        call { value in
            box.value = value
            done.signal()
        }
        done.wait()
        if let value = box.value { completion(value) }
    }

    public var onDeferredSaved: (@Sendable (GameRecord, Int64) -> Void)? {
        get { inner.onDeferredSaved }
        set { inner.onDeferredSaved = newValue }
    }

    public func recordGame(_ game: GameRecord, completion: @escaping @Sendable (Result<Int64, StoreError>) -> Void) {
        let answer = heldSaves.passOrHold(completion, if: holdSaves.load(ordering: .relaxed))
        wait({ inner.recordGame(game, completion: $0) }, then: answer)
    }

    public func finishGame(_ game: GameRecord, highScores limit: Int, completion: @escaping @Sendable (GameEnd) -> Void) {
        let month = LeaderboardMonth(containing: game.ended)
        if outage.load(ordering: .relaxed) { return completion(GameEnd(outcome: .failed(.unavailable), month: month)) }
        let box = Box<GameEnd>()
        let done = DispatchSemaphore(value: 0)
        inner.finishGame(game, highScores: limit) { end in
            box.value = end
            done.signal()
        }
        done.wait()
        guard var end = box.value else { return }
        if dropHighScores.load(ordering: .relaxed) { end.highScores = nil }
        let answer = end
        if holdSaves.load(ordering: .relaxed) { return heldSaves.hold { completion(answer) } }
        completion(answer)
    }

    /// Gives the held `recordGame` and `finishGame` answers, in order (on the caller's thread).
    public func releaseSaves() { heldSaves.release() }
    public func releaseSanctions() { heldSanctions.release() }
    public func ratingLeaderboard(
        limit: Int, minGames: Int, player: String?,
        completion: @escaping @Sendable (Result<RatingBoardPage, StoreError>) -> Void
    ) {
        wait({ inner.ratingLeaderboard(limit: limit, minGames: minGames, player: player, completion: $0) }, then: completion)
    }
    public func leaderboard(
        limit: Int, player: String?, completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void
    ) {
        wait({ inner.leaderboard(limit: limit, player: player, completion: $0) }, then: completion)
    }
    public func monthlyLeaderboard(
        month: LeaderboardMonth, limit: Int, player: String?,
        completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void
    ) {
        wait({ inner.monthlyLeaderboard(month: month, limit: limit, player: player, completion: $0) }, then: completion)
    }
    public func monthlyStandings(
        month: LeaderboardMonth, players: [String],
        completion: @escaping @Sendable (Result<[MonthlyStanding], StoreError>) -> Void
    ) {
        wait({ inner.monthlyStandings(month: month, players: players, completion: $0) }, then: completion)
    }
    public func highScores(limit: Int, completion: @escaping @Sendable (Result<[HighScore], StoreError>) -> Void) {
        wait({ inner.highScores(limit: limit, completion: $0) }, then: completion)
    }
    public func history(
        player: String, limit: Int, completion: @escaping @Sendable (Result<[HistoryEntry], StoreError>) -> Void
    ) {
        wait({ inner.history(player: player, limit: limit, completion: $0) }, then: completion)
    }
    public func game(id: Int64, completion: @escaping @Sendable (Result<GameDetail, StoreError>) -> Void) {
        wait({ inner.game(id: id, completion: $0) }, then: completion)
    }
    public func stats(player: String, completion: @escaping @Sendable (Result<PlayerStats, StoreError>) -> Void) {
        wait({ inner.stats(player: player, completion: $0) }, then: completion)
    }
    public func deleteHistory(
        player: String, gameID: Int64, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void
    ) {
        wait({ inner.deleteHistory(player: player, gameID: gameID, completion: $0) }, then: completion)
    }
    public func resetHistory(player: String, completion: @escaping @Sendable (Result<Int, StoreError>) -> Void) {
        wait({ inner.resetHistory(player: player, completion: $0) }, then: completion)
    }
    public func isRegistered(name: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        wait({ inner.isRegistered(name: name, completion: $0) }, then: completion)
    }
    public func register(name: String, password: String, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        wait({ inner.register(name: name, password: password, completion: $0) }, then: completion)
    }
    public func verify(name: String, password: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        wait({ inner.verify(name: name, password: password, completion: $0) }, then: completion)
    }
    public func changePassword(
        name: String, old: String, new: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void
    ) {
        wait({ inner.changePassword(name: name, old: old, new: new, completion: $0) }, then: completion)
    }
    public func registeredName(name: String, completion: @escaping @Sendable (Result<String?, StoreError>) -> Void) {
        wait({ inner.registeredName(name: name, completion: $0) }, then: completion)
    }
    public func verifyStamped(
        name: String, password: String, completion: @escaping @Sendable (Result<PasswordStamp?, StoreError>) -> Void
    ) {
        wait({ inner.verifyStamped(name: name, password: password, completion: $0) }, then: completion)
    }
    public func registerStamped(
        name: String, password: String, completion: @escaping @Sendable (Result<PasswordStamp, StoreError>) -> Void
    ) {
        wait({ inner.registerStamped(name: name, password: password, completion: $0) }, then: completion)
    }
    public func changePasswordStamped(
        name: String, old: String, new: String, completion: @escaping @Sendable (Result<PasswordStamp?, StoreError>) -> Void
    ) {
        wait({ inner.changePasswordStamped(name: name, old: old, new: new, completion: $0) }, then: completion)
    }
    public func passwordStamps(
        names: [String], completion: @escaping @Sendable (Result<[String: PasswordStamp], StoreError>) -> Void
    ) {
        wait({ inner.passwordStamps(names: names, completion: $0) }, then: completion)
    }
    public func saveSettings(
        name: String, settings: [String: String], completion: @escaping @Sendable (Result<Void, StoreError>) -> Void
    ) {
        wait({ inner.saveSettings(name: name, settings: settings, completion: $0) }, then: completion)
    }
    public func loadSettings(name: String, completion: @escaping @Sendable (Result<[String: String]?, StoreError>) -> Void) {
        wait({ inner.loadSettings(name: name, completion: $0) }, then: completion)
    }
    public func saveSanction(_ sanction: StoredSanction, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        wait({ inner.saveSanction(sanction, completion: $0) }, then: completion)
    }
    public func liftSanction(
        kind: String, key: String, now: Int64, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void
    ) {
        wait({ inner.liftSanction(kind: kind, key: key, now: now, completion: $0) }, then: completion)
    }
    public func sanctions(now: Int64, completion: @escaping @Sendable (Result<[StoredSanction], StoreError>) -> Void) {
        let answer = heldSanctions.passOrHold(completion, if: holdSanctions.load(ordering: .relaxed))
        wait({ inner.sanctions(now: now, completion: $0) }, then: answer)
    }
    public func sanction(
        kind: String, key: String, now: Int64, completion: @escaping @Sendable (Result<StoredSanction?, StoreError>) -> Void
    ) {
        wait({ inner.sanction(kind: kind, key: key, now: now, completion: $0) }, then: completion)
    }
    public func recordModeration(
        _ entry: StoredModerationEntry, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void
    ) {
        wait({ inner.recordModeration(entry, completion: $0) }, then: completion)
    }
    public func moderationLog(
        limit: Int, completion: @escaping @Sendable (Result<[StoredModerationEntry], StoreError>) -> Void
    ) {
        wait({ inner.moderationLog(limit: limit, completion: $0) }, then: completion)
    }
    public func unsavedAfterFlush(timeout: Double) -> Int { inner.unsavedAfterFlush(timeout: timeout) }
    public func close() { inner.close() }
}

/// Answers of one kind of call held back (a slow store), given in order by `release`.
private final class HeldAnswers: Sendable {
    private let held = Locked<[@Sendable () -> Void]>([])

    /// `completion` itself unless `holding`; else a completion that keeps the answer for `release`.
    func passOrHold<V: Sendable>(
        _ completion: @escaping @Sendable (Result<V, StoreError>) -> Void, if holding: Bool
    ) -> @Sendable (Result<V, StoreError>) -> Void {
        guard holding else { return completion }
        return { result in self.hold { completion(result) } }
    }

    /// Keeps `answer` for `release`.
    func hold(_ answer: @escaping @Sendable () -> Void) {
        held.withLock { $0.append(answer) }
    }

    func release() {
        let answers = held.withLock { held in
            defer { held = [] }
            return held
        }
        for answer in answers { answer() }
    }
}

/// One answer handed from the store's queue to the waiting caller (the semaphore orders the accesses).
private final class Box<T>: @unchecked Sendable {  // written before signal, read after wait
    var value: T?
}
