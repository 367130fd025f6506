/// The in-memory twin: the same `Store` (pool, group commit, retries, outbox, password hashing, time
/// limits) over Swift arrays instead of a database. Meant for other modules' tests; nothing survives the
/// process.
// @unchecked Sendable: adds only an immutable reference to `Store`.
public final class MemoryStore: Store, @unchecked Sendable {
    private let memory: MemoryBackend

    /// An empty store with the default retry policy (1 s doubling to 30 s).
    public convenience init() {
        self.init(retryInitialDelay: 1, retryMaxDelay: 30)
    }

    /// An empty store; short retry delays let tests watch a deferred save land.
    public init(
        retryInitialDelay: Double, retryMaxDelay: Double, hashWorkers: Int = 2, log: (@Sendable (String) -> Void)? = nil
    ) {
        memory = MemoryBackend()
        let options = StoreOptions(
            retryInitialDelay: retryInitialDelay, retryMaxDelay: retryMaxDelay, hashWorkers: hashWorkers, log: log)
        super.init(backend: memory, options: options, outbox: nil)  // memory connections open lazily and never fail
    }

    /// An empty store with any options: a time limit, an outbox file (`.open` when it cannot be used).
    public init(options: StoreOptions) throws(StoreError) {
        memory = MemoryBackend()
        super.init(backend: memory, options: options, outbox: try Store.openOutbox(options))
        try start()
    }

    /// Simulates a failing disk: while set, every write fails with `.io(message)` (game records go to the
    /// outbox or are kept and retried as with a database); set nil to let them land.
    public func simulateWriteFailure(_ message: String?) {
        memory.tables.withLock { $0.failWrites = message }
    }
}
