import Dispatch

/// An in-memory twin of `SQLiteStore` with the same semantics — the same engine (queue, group commit,
/// retries, password hashing) over Swift arrays instead of a file. Meant for other modules' tests;
/// nothing survives the process.
public final class MemoryStore: HangmanStore, Sendable {
    let engine: StoreEngine

    /// An empty store with the default retry policy (1 s doubling to 30 s).
    public convenience init() {
        self.init(retryInitialDelay: 1, retryMaxDelay: 30)
    }

    /// An empty store; short retry delays let tests watch a deferred save land.
    public init(retryInitialDelay: Double, retryMaxDelay: Double, hashWorkers: Int = 2, log: (@Sendable (String) -> Void)? = nil)
    {
        engine = StoreEngine(
            label: "hangman.store.memory", backend: MemoryBackend(),
            queue: DispatchQueue(label: "hangman.store.memory", qos: .userInitiated),
            retryInitial: retryInitialDelay, retryMax: retryMaxDelay, hashWorkers: hashWorkers, log: log)
    }

    deinit { engine.close() }

    /// Simulates a failing disk: while set, every write fails with `.io(message)` (game records are kept and
    /// retried as with SQLite); set nil to let them land. Waits until the store's queue has applied it.
    public func simulateWriteFailure(_ message: String?) {
        _ = try? engine.withBackend { backend in (backend as? MemoryBackend)?.failWrites = message }
    }

    /// Write transactions that merged game records (one per group commit).
    public var commitCount: Int { engine.counters.commits.load(ordering: .relaxed) }
    /// Game records accepted and not yet committed.
    public var pendingCount: Int { engine.counters.pending.load(ordering: .relaxed) }

    public var onDeferredSaved: (@Sendable (GameRecord, Int64) -> Void)? {
        get { engine.onDeferredSaved }
        set { engine.onDeferredSaved = newValue }
    }

    public func recordGame(_ game: GameRecord, completion: @escaping @Sendable (Result<Int64, StoreError>) -> Void) {
        engine.recordGame(game, completion: completion)
    }

    public func leaderboard(
        limit: Int, player: String?, completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void
    ) {
        engine.leaderboard(limit: limit, player: player, completion: completion)
    }

    public func highScores(limit: Int, completion: @escaping @Sendable (Result<[HighScore], StoreError>) -> Void) {
        engine.highScores(limit: limit, completion: completion)
    }

    public func history(player: String, limit: Int, completion: @escaping @Sendable (Result<[HistoryEntry], StoreError>) -> Void)
    {
        engine.history(player: player, limit: limit, completion: completion)
    }

    public func game(id: Int64, completion: @escaping @Sendable (Result<GameDetail, StoreError>) -> Void) {
        engine.game(id: id, completion: completion)
    }

    public func stats(player: String, completion: @escaping @Sendable (Result<PlayerStats, StoreError>) -> Void) {
        engine.stats(player: player, completion: completion)
    }

    public func deleteHistory(player: String, gameID: Int64, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        engine.deleteHistory(player: player, gameID: gameID, completion: completion)
    }

    public func resetHistory(player: String, completion: @escaping @Sendable (Result<Int, StoreError>) -> Void) {
        engine.resetHistory(player: player, completion: completion)
    }

    public func isRegistered(name: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        engine.isRegistered(name: name, completion: completion)
    }

    public func register(name: String, password: String, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        engine.register(name: name, password: password, completion: completion)
    }

    public func verify(name: String, password: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        engine.verify(name: name, password: password, completion: completion)
    }

    public func saveSettings(
        name: String, settings: [String: String], completion: @escaping @Sendable (Result<Void, StoreError>) -> Void
    ) {
        engine.saveSettings(name: name, settings: settings, completion: completion)
    }

    public func loadSettings(name: String, completion: @escaping @Sendable (Result<[String: String]?, StoreError>) -> Void) {
        engine.loadSettings(name: name, completion: completion)
    }

    public func flush(timeout: Double) -> Bool { engine.flush(timeout: timeout) }

    /// Empties nothing (the data lives as long as the object) but stops the store. Idempotent.
    public func close() { engine.close() }
}
