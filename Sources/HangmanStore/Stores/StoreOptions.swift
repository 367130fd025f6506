import Foundation

/// How a store opens, waits and retries. The defaults suit a server; tests shorten the delays.
public struct StoreOptions: Sendable {
    /// `PRAGMA synchronous` in WAL mode (SQLite only).
    public enum Synchronous: String, Sendable {
        /// fsync the WAL at every commit: a merged game survives power loss and OS crashes.
        case full = "FULL"
        /// fsync only at checkpoints: survives a crash of the process (kill -9), not of the machine.
        case normal = "NORMAL"
    }

    /// Seconds to wait for a lock held by another connection (SQLite: another server on the same file).
    public var busyTimeout: Double
    /// First delay before retrying a failed merge or replaying the outbox; doubled after each failure…
    public var retryInitialDelay: Double
    /// …up to this.
    public var retryMaxDelay: Double
    public var synchronous: Synchronous
    /// Password hashes computed at once (each yescrypt hash holds a few MiB while it runs).
    public var hashWorkers: Int
    /// Receives one line per noteworthy event (a failed merge, a timeout, an engine error with its detail).
    public var log: (@Sendable (String) -> Void)?
    /// Seconds every call may take before it completes with `.timedOut` (`store-timeout-ms`).
    public var timeout: Double
    /// Reader connections (everything but merges): reads never wait behind a merge.
    public var readers: Int
    /// Calls allowed to wait for a busy reader; more are answered `.unavailable` at once.
    public var maxWaiting: Int
    /// Password jobs allowed to wait for a hashing worker; past it `verify` and `register` answer
    /// `.unavailable` at once, so a guessing flood cannot queue unbounded yescrypt work (`password-hash-queue`).
    public var hashQueue: Int
    /// The local outbox file for games the database could not take (`outbox`); nil = keep them in memory.
    public var outboxPath: String?
    /// Seconds the high-score table is reused while no game merged here could enter it
    /// (`high-scores-refresh-ms`; 0 reads it every time). See `HighScoreCache`.
    public var highScoresRefresh: Double
    /// Seconds at least between the starts of two merge transactions (`merge-commit-interval-ms`; 0 =
    /// commit at once): under load the games finished meanwhile gather into one larger commit (one WAL
    /// sync, one transaction for all); a quiet store, whose last commit is older than this, commits at once.
    public var mergeCommitInterval: Double

    public init(
        busyTimeout: Double = 5, retryInitialDelay: Double = 1, retryMaxDelay: Double = 30, synchronous: Synchronous = .full,
        hashWorkers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount), log: (@Sendable (String) -> Void)? = nil,
        timeout: Double = 3, readers: Int = 2, maxWaiting: Int = 256, outboxPath: String? = nil, hashQueue: Int = 64,
        highScoresRefresh: Double = 1, mergeCommitInterval: Double = 0
    ) {
        self.mergeCommitInterval = mergeCommitInterval
        self.highScoresRefresh = highScoresRefresh
        self.hashQueue = hashQueue
        self.busyTimeout = busyTimeout
        self.retryInitialDelay = retryInitialDelay
        self.retryMaxDelay = retryMaxDelay
        self.synchronous = synchronous
        self.hashWorkers = hashWorkers
        self.log = log
        self.timeout = timeout
        self.readers = readers
        self.maxWaiting = maxWaiting
        self.outboxPath = outboxPath
    }
}
