import Dispatch
import Foundation
import HangmanSync
import Synchronization

/// The leaderboard and accounts in front of any engine (`StoreBackend`): SQLite, PostgreSQL or memory.
///
/// It owns a small pool of connections, each on its own serial queue: one writer that merges finished
/// games by group commit (`GroupCommitter`), and `readers` connections for everything else, so `top` and
/// logins never queue behind a merge. Every call completes within `timeout` (`.timedOut` past it; the
/// work still finishes or fails on its own queue, its answer dropped). Games the database cannot take go
/// to the outbox (`outboxPath`) before the caller is told, and are replayed when it is back.
/// `SQLiteStore`, `PostgresStore` and `MemoryStore` are this class with their engine's initialiser.
// @unchecked Sendable: every stored property is immutable, a lock, an atomic, or confined to a lane queue.
public class Store: HangmanStore, @unchecked Sendable {
    let backend: any StoreBackend
    let options: StoreOptions
    let counters = StoreCounters()
    let writer: StoreLane
    let readers: ReaderPool
    let outbox: Outbox?
    let committer: GroupCommitter
    let hooks: StoreHooks
    let hashers: PasswordHashWorkers
    let highScoreCache: HighScoreCache
    let deadlines: StoreDeadlines
    private let closed = Atomic<Bool>(false)

    /// Builds the store without touching the database yet; subclasses then call `start()`.
    init(backend: any StoreBackend, options: StoreOptions, outbox: Outbox?) {
        self.backend = backend
        self.options = options
        self.outbox = outbox
        let label = "hangman.store.\(backend.engineName)"
        deadlines = StoreDeadlines(label: label + ".deadlines")
        writer = StoreLane(label: label + ".writer", backend: backend)
        writer.markQueue()
        let lanes = (0..<max(1, options.readers)).map { StoreLane(label: label + ".reader\($0)", backend: backend) }
        for lane in lanes { lane.markQueue() }
        readers = ReaderPool(lanes: lanes, maxWaiting: options.maxWaiting)
        hashers = PasswordHashWorkers(
            label: label + ".hash", width: options.hashWorkers, maxWaiting: options.hashQueue)
        let hooks = StoreHooks(engineName: backend.engineName, log: options.log)
        self.hooks = hooks
        let highScoreCache = HighScoreCache(refreshNanos: UInt64(max(0, options.highScoresRefresh) * 1e9))
        self.highScoreCache = highScoreCache
        committer = GroupCommitter(
            lane: writer, outbox: outbox, counters: counters, retryInitial: options.retryInitialDelay,
            retryMax: options.retryMaxDelay, commitInterval: options.mergeCommitInterval,
            deferredSaved: { record, id in
                highScoreCache.merged(record)
                hooks.log("a deferred game record was saved as game \(id)")
                hooks.deferredSaved?(record, id)
            },
            log: hooks.log, publicError: hooks.publicError)
    }

    /// Opens the outbox when `options.outboxPath` is set, then the writer connection at once (a bad path,
    /// URL or schema is reported here, as `.open`), and replays what the outbox holds from an earlier run.
    public convenience init(backend: any StoreBackend, options: StoreOptions) throws(StoreError) {
        self.init(backend: backend, options: options, outbox: try Self.openOutbox(options))
        try start()
    }

    static func openOutbox(_ options: StoreOptions) throws(StoreError) -> Outbox? {
        guard let path = options.outboxPath else { return nil }
        return try Outbox(path: path)
    }

    /// Opens the writer connection and starts replaying the outbox.
    func start() throws(StoreError) {
        try writer.open()
        if let outbox, outbox.count > 0 {
            log("the outbox holds \(outbox.count) game record(s) from an earlier run: replaying")
            committer.retryNow()
        }
    }

    deinit { close() }

    /// Write transactions that merged game records (one per group commit or outbox replay).
    public var commitCount: Int { counters.commits.load(ordering: .relaxed) }
    /// Game records accepted and neither committed nor in the outbox.
    public var pendingCount: Int { committer.pending }
    /// Game records waiting in the outbox (0 without one).
    public var outboxCount: Int { outbox?.count ?? 0 }

    public var onDeferredSaved: (@Sendable (GameRecord, Int64) -> Void)? {
        get { hooks.deferredSaved }
        set { hooks.deferredSaved = newValue }
    }

    func log(_ line: String) { hooks.log(line) }

    func publicError(_ error: any Error) -> StoreError { hooks.publicError(error) }

    /// A call's answer that disarms its time limit (`token`) when it comes first.
    func answer<T>(
        _ token: StoreDeadlines.Token, _ completion: @escaping @Sendable (T) -> Void
    ) -> CompletionOnce<T> {
        let deadlines = deadlines
        return CompletionOnce { value in
            deadlines.disarm(token)
            completion(value)
        }
    }

    /// A call's answer with its time limit armed (on the store's one deadline sweep, not a timer per
    /// call): `timedOut` when nothing answered within `timeout`; the answer disarms it when it comes first.
    func timedAnswer<T>(
        _ what: String, timedOut: T, _ completion: @escaping @Sendable (T) -> Void
    ) -> CompletionOnce<T> {
        let token = deadlines.reserve()
        let answer = answer(token, completion)
        let timeout = max(0.001, options.timeout)
        deadlines.arm(token, after: timeout) { [weak self] in
            if answer.complete(timedOut) {
                self?.counters.timeouts.add(1, ordering: .relaxed)
                self?.log("\(what) did not answer within \(timeout) s")
            }
        }
        return answer
    }

    /// Runs `body` on a free reader connection and completes with its value or error, within the time limit.
    func perform<T: Sendable>(
        _ what: String, _ completion: @escaping @Sendable (Result<T, StoreError>) -> Void,
        _ body: @escaping @Sendable (any StoreConnection) throws -> T
    ) {
        let answer = timedAnswer(what, timedOut: .failure(.timedOut), completion)
        guard !closed.load(ordering: .relaxed) else {
            answer.complete(.failure(.io("store closed")))
            return
        }
        let taken = readers.submit { [weak self] lane in
            guard let self, !answer.isDone else { return }  // the caller already has its answer
            do {
                answer.complete(.success(try lane.with(body)))
            } catch {
                answer.complete(.failure(self.publicError(error)))
            }
        }
        if !taken { answer.complete(.failure(.unavailable)) }
    }

    // MARK: - Games

    public func recordGameOutcome(_ game: GameRecord, completion: @escaping @Sendable (RecordOutcome) -> Void) {
        record(game, standings: nil, completion: completion)
    }

    /// The standings found for `asked`, in their order, each with the name asked.
    static func standings(_ asked: [(name: String, key: String)], found: [String: MonthlyStanding]) -> [MonthlyStanding] {
        asked.compactMap { name, key in
            found[key].map { standing in
                var standing = standing
                standing.name = name
                return standing
            }
        }
    }

    func record(
        _ game: GameRecord, standings: StandingsRequest?, completion: @escaping @Sendable (RecordOutcome) -> Void
    ) {
        let cache = highScoreCache
        // The high-score table forgets what this game could change before the caller hears it is saved.
        let token = deadlines.reserve()
        let answer = answer(token) { (outcome: RecordOutcome) in
            if case .saved = outcome { cache.merged(game) }
            completion(outcome)
        }
        committer.enqueue(game, answer: answer, standings: standings)
        guard !answer.isDone else { return }
        // One time limit for the whole answer, outbox included: the caller (a room waiting to say
        // `game_over`) hears within `timeout`. With an outbox the merge gets `mergeShare` of it and
        // the outbox what is left; the outbox may sit on the same stalled disk (by default it is
        // beside the database), and the last deadline answers "kept in memory" if it has not
        // finished (a fresh limit for it made a frozen disk's `game_over` take two limits and more).
        // The append runs on the deadline's thread: an append blocked in the kernel delays that
        // thread's next deadline (docs/RELIABILITY.md, "Hostile, round three").
        let limit = max(0.001, options.timeout)
        guard let outbox else {
            deadlines.arm(token, after: limit) { [weak self] in
                guard let self, !answer.isDone else { return }
                self.counters.timeouts.add(1, ordering: .relaxed)
                self.committer.owe([game.id])
                if answer.complete(.failed(.timedOut)) { self.log("a game merge took over \(limit) s: kept in memory") }
            }
            return
        }
        let mergeLimit = limit * Self.mergeShare
        deadlines.arm(token, after: mergeLimit) { [weak self] in
            guard let self, !answer.isDone else { return }
            self.counters.timeouts.add(1, ordering: .relaxed)
            self.committer.owe([game.id])
            let last = self.deadlines.reserve()
            self.deadlines.arm(last, after: limit - mergeLimit) { [weak self] in
                if answer.complete(.failed(.timedOut)) {
                    self?.log("a game merge took over \(mergeLimit) s and the outbox the rest of \(limit) s: kept in memory")
                }
            }
            do {
                try outbox.append([game])
                if answer.complete(.queued) { self.log("a game merge took over \(mergeLimit) s: kept in the outbox") }
            } catch {
                self.log("the outbox could not take a game record: \(error)")
                if answer.complete(.failed(.timedOut)) { self.log("a game merge took over \(mergeLimit) s: kept in memory") }
            }
        }
    }

    /// The part of the time limit a game's merge gets before the outbox is tried with the rest.
    static let mergeShare = 0.75

    public func recordGame(_ game: GameRecord, completion: @escaping @Sendable (Result<Int64, StoreError>) -> Void) {
        recordGameOutcome(game) { outcome in
            switch outcome {
            case .saved(let id): completion(.success(id))
            case .queued: completion(.failure(.unavailable))
            case .failed(let error): completion(.failure(error))
            }
        }
    }

    // MARK: - Lifecycle

    public func unsavedAfterFlush(timeout: Double) -> Int {
        committer.retryNow()
        let deadline = DispatchTime.now() + max(0, timeout)
        while committer.pending > 0 && DispatchTime.now() < deadline { usleep(2_000) }
        return committer.handOffPending()
    }

    /// Stops the store: records not yet merged go to the outbox (or the log), connections close. Idempotent.
    public func close() {
        guard !closed.exchange(true, ordering: .relaxed) else { return }
        committer.close()
        writer.close()
        for lane in readers.lanes { lane.close() }
        outbox?.close()
    }

    /// Runs `body` with the writer connection and waits (tests and diagnostics).
    func withWriter<T>(_ body: (any StoreConnection) throws -> T) throws -> T {
        try writer.queue.sync { try writer.with(body) }
    }
}

/// The store's log line and deferred-save callback, shared with its committer.
final class StoreHooks: Sendable {
    let engineName: String
    private let logLine: (@Sendable (String) -> Void)?
    private let handler = Locked<(@Sendable (GameRecord, Int64) -> Void)?>(nil)

    init(engineName: String, log: (@Sendable (String) -> Void)?) {
        self.engineName = engineName
        logLine = log
    }

    var deferredSaved: (@Sendable (GameRecord, Int64) -> Void)? {
        get { handler.withLock { $0 } }
        set { handler.withLock { $0 = newValue } }
    }

    @Sendable func log(_ line: String) { logLine?(line) }

    /// What callers are told about an error: engine detail (SQL, paths) is logged, never returned.
    @Sendable func publicError(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if let failure = error as? any StoreFailure {
            log("\(engineName): \(failure.description)")
            return failure.storeError
        }
        log("\(engineName): \(error)")
        return .io("database error")
    }
}
