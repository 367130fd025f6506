import Dispatch
import Foundation

/// The leaderboard and accounts in one SQLite file (WAL, `synchronous=FULL` by default, migrations by
/// `user_version`). See docs/STORE.md for the schema, the durability choice and the retry policy.
///
/// The connection lives on the store's serial queue; every method returns at once and completes there.
/// Finished games are merged by group commit: all records waiting when the queue gets to them go in
/// one transaction.
public final class SQLiteStore: HangmanStore, Sendable {  // all mutable state is inside `engine`, confined to its queue
    /// How the store opens and retries. The defaults suit a server; tests shorten the delays.
    public struct Options: Sendable {
        /// `PRAGMA synchronous` in WAL mode.
        public enum Synchronous: String, Sendable {
            /// fsync the WAL at every commit: a merged game survives power loss and OS crashes.
            case full = "FULL"
            /// fsync only at checkpoints: survives a crash of the process (kill -9), not of the machine.
            case normal = "NORMAL"
        }

        /// Seconds to wait for a lock held by another connection (another server on the same file).
        public var busyTimeout: Double
        /// First delay before retrying a failed merge; doubled after each failure…
        public var retryInitialDelay: Double
        /// …up to this.
        public var retryMaxDelay: Double
        public var synchronous: Synchronous
        /// Password hashes computed at once (each yescrypt hash holds a few MiB while it runs).
        public var hashWorkers: Int
        /// Receives one line per noteworthy event (a failed merge kept for retry, a deferred save, unreadable settings).
        public var log: (@Sendable (String) -> Void)?

        public init(
            busyTimeout: Double = 5, retryInitialDelay: Double = 1, retryMaxDelay: Double = 30, synchronous: Synchronous = .full,
            hashWorkers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount), log: (@Sendable (String) -> Void)? = nil
        ) {
            self.busyTimeout = busyTimeout
            self.retryInitialDelay = retryInitialDelay
            self.retryMaxDelay = retryMaxDelay
            self.synchronous = synchronous
            self.hashWorkers = hashWorkers
            self.log = log
        }
    }

    /// The database file.
    public let path: String
    let engine: StoreEngine

    /// Opens (creating the folder and the file when missing) with the default options.
    public convenience init(path: String) throws(StoreError) {
        try self.init(path: path, options: Options())
    }

    /// Opens (creating the folder and the file when missing). Throws `.open` for an unwritable path, a
    /// directory, a file that is not a healthy SQLite database, or a schema newer than this code.
    public init(path: String, options: Options) throws(StoreError) {
        self.path = path
        let queue = DispatchQueue(label: "hangman.store.sqlite", qos: .userInitiated)
        // Opened on the queue that will own the connection from now on.
        let opened = queue.sync { () -> Result<SQLiteBackend, StoreError> in
            do throws(StoreError) {
                return .success(try SQLiteBackend.open(path: path, options: options, queue: queue))
            } catch {
                return .failure(error)
            }
        }
        let backend = try opened.get()
        engine = StoreEngine(
            label: "hangman.store.sqlite", backend: backend, queue: queue, retryInitial: options.retryInitialDelay,
            retryMax: options.retryMaxDelay, hashWorkers: options.hashWorkers, log: options.log)
    }

    deinit { engine.close() }

    /// Write transactions that merged game records (one per group commit). For tests and diagnostics.
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

    /// Finalizes the statements and closes the connection (`sqlite3_close_v2`). Idempotent.
    public func close() { engine.close() }

    /// `PRAGMA integrity_check` (["ok"] when healthy), run on the store's queue; waits for it.
    public func integrityCheck() throws(StoreError) -> [String] {
        do {
            return try engine.withBackend { backend in
                guard let backend = backend as? SQLiteBackend else { throw StoreError.io("not an SQLite store") }
                return try backend.integrityCheck()
            }
        } catch {
            throw StoreEngine.storeError(error)
        }
    }
}
