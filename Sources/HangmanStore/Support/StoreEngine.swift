import Dispatch
import Foundation
import Synchronization

/// The asynchronous machinery both public stores share: the serial queue that owns the backend,
/// the group-commit queue, password hashing off that queue, and the callbacks.
///
/// `SQLiteStore` and `MemoryStore` forward every `HangmanStore` method here, so their threading,
/// retry and account rules are one piece of code; only the backend's storage differs.
// @unchecked Sendable: `backend` and `committer` are touched only on `queue`; the rest is immutable
// or a lock/atomic.
final class StoreEngine: @unchecked Sendable {
    let queue: DispatchQueue
    let counters = StoreCounters()
    private var backend: (any StoreBackend)?
    private let committer: GroupCommitter
    private let hashers: PasswordHashWorkers
    private let deferredHandler = Mutex<(@Sendable (GameRecord, Int64) -> Void)?>(nil)
    private let log: (@Sendable (String) -> Void)?
    private let queueKey = DispatchSpecificKey<ObjectIdentifier>()

    init(
        label: String, backend: any StoreBackend, queue: DispatchQueue, retryInitial: Double, retryMax: Double,
        hashWorkers: Int, log: (@Sendable (String) -> Void)?
    ) {
        self.queue = queue
        self.backend = backend
        self.log = log
        committer = GroupCommitter(queue: queue, counters: counters, retryInitial: retryInitial, retryMax: retryMax)
        hashers = PasswordHashWorkers(label: label + ".hash", width: hashWorkers)
        queue.setSpecific(key: queueKey, value: ObjectIdentifier(self))
        queue.sync {
            committer.commit = { [weak self] records in
                guard let self, let backend = self.backend else { return .failure(.io("store closed")) }
                do {
                    let ids = try backend.insertGames(records)
                    self.counters.commits.add(1, ordering: .relaxed)
                    return .success(ids)
                } catch {
                    return .failure(Self.storeError(error))
                }
            }
            committer.deferredSaved = { [weak self] record, id in
                self?.log?("a deferred game record was saved as game \(id)")
                self?.onDeferredSaved?(record, id)
            }
            committer.failed = { [weak self] message, count in
                self?.log?("\(count) game record(s) not saved: \(message)")
            }
        }
    }

    var onDeferredSaved: (@Sendable (GameRecord, Int64) -> Void)? {
        get { deferredHandler.withLock { $0 } }
        set { deferredHandler.withLock { $0 = newValue } }
    }

    private var isOnQueue: Bool { DispatchQueue.getSpecific(key: queueKey) == ObjectIdentifier(self) }

    /// Maps anything a backend throws to the public error.
    static func storeError(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? SQLiteError { return .io(error.description) }
        return .io(String(describing: error))
    }

    // MARK: - Games

    func recordGame(_ game: GameRecord, completion: @escaping @Sendable (Result<Int64, StoreError>) -> Void) {
        counters.pending.add(1, ordering: .relaxed)  // counted before the hop so `flush` right after sees it
        queue.async { self.committer.enqueue(game, completion: completion) }
    }

    /// Runs `body` on the queue with the backend and completes with its value or error.
    func perform<T>(
        _ completion: @escaping @Sendable (Result<T, StoreError>) -> Void,
        _ body: @escaping @Sendable (any StoreBackend) throws -> T
    ) {
        queue.async {
            guard let backend = self.backend else { return completion(.failure(.io("store closed"))) }
            let result: Result<T, StoreError>
            do { result = .success(try body(backend)) } catch { result = .failure(Self.storeError(error)) }
            completion(result)
        }
    }

    // MARK: - Accounts

    func register(name: String, password: String, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: name)
        perform({ (first: Result<Bool, StoreError>) in
            switch first {
            case .failure(let error): completion(.failure(error))
            case .success(true): completion(.failure(.nameTaken))
            case .success(false):
                // Hash off the database queue (it is slow on purpose), then hop back to store it.
                self.hashers.submit {
                    let hash = PasswordHasher.hash(password)
                    self.perform(completion) { backend in
                        guard let hash else { throw StoreError.io("password hashing failed") }
                        guard try backend.setPasswordHash(name: name, key: key, hash: hash) else { throw StoreError.nameTaken }
                    }
                }
            }
        }) { backend in try backend.passwordHash(key: key).hash != nil }
    }

    func verify(name: String, password: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: name)
        perform({ (stored: Result<String?, StoreError>) in
            switch stored {
            case .failure(let error): completion(.failure(error))
            case .success(nil): completion(.failure(.notRegistered))
            case .success(let hash?):
                self.hashers.submit {
                    let matches = PasswordHasher.verify(password, hash: hash)
                    self.queue.async { completion(.success(matches)) }  // completions always run on the store's queue
                }
            }
        }) { backend in try backend.passwordHash(key: key).hash }
    }

    func saveSettings(
        name: String, settings: [String: String], completion: @escaping @Sendable (Result<Void, StoreError>) -> Void
    ) {
        let key = HangmanStoreKey.key(for: name)
        perform(completion) { backend in
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let json = String(decoding: try encoder.encode(settings), as: UTF8.self)
            try backend.saveSettings(name: name, key: key, json: json)
        }
    }

    func loadSettings(name: String, completion: @escaping @Sendable (Result<[String: String]?, StoreError>) -> Void) {
        let key = HangmanStoreKey.key(for: name)
        let log = self.log
        perform(completion) { backend in
            guard let json = try backend.loadSettings(key: key) else { return nil }
            do {
                return try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
            } catch {
                log?("ignoring unreadable saved settings of \(name): \(error)")
                return nil
            }
        }
    }

    // MARK: - Lifecycle

    func flush(timeout: Double) -> Bool {
        if isOnQueue { return counters.pending.load(ordering: .relaxed) == 0 }  // cannot wait for ourselves
        queue.async { self.committer.retryNow() }
        let deadline = DispatchTime.now() + max(0, timeout)
        while counters.pending.load(ordering: .relaxed) > 0 {
            if DispatchTime.now() >= deadline { return false }
            usleep(2_000)
        }
        return true
    }

    func close() {
        let work = {
            self.committer.close()
            self.backend?.close()
            self.backend = nil
        }
        if isOnQueue { work() } else { queue.sync(execute: work) }
    }

    /// Runs `body` with the backend on the queue and waits (tests and diagnostics).
    func withBackend<T>(_ body: (any StoreBackend) throws -> T) throws -> T {
        if isOnQueue { return try withLiveBackend(body) }
        return try queue.sync { try withLiveBackend(body) }
    }

    private func withLiveBackend<T>(_ body: (any StoreBackend) throws -> T) throws -> T {
        guard let backend else { throw StoreError.io("store closed") }
        return try body(backend)
    }
}
