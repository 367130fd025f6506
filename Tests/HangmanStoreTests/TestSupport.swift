import Dispatch
import Foundation
import HangmanSync
import Testing

@testable import HangmanStore

/// The engines every behaviour test runs against. PostgreSQL runs when its binaries are installed, and
/// always under CI (where missing binaries fail the run); `PostgresAvailability` reports it skipped.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, memory, postgres
    var testDescription: String { rawValue }

    /// The engines to run here.
    static var engines: [StoreKind] { PostgresCluster.enabled ? allCases : [.sqlite, .memory] }
    /// The engines that share a database between two stores.
    static var shared: [StoreKind] { PostgresCluster.enabled ? [.sqlite, .postgres] : [.sqlite] }
}

/// Says so when the PostgreSQL cases are not run here (no server binaries and not under CI): reported
/// as skipped, never passed. Under CI=true the cases run and fail if PostgreSQL is missing.
@Suite(.ownThread) struct PostgresAvailability {
    @Test(.enabled(if: PostgresCluster.enabled, "PostgreSQL server binaries not found: the PostgreSQL store tests did not run"))
    func postgresStoreTestsRun() throws {
        _ = try PostgresCluster.socketFolder.get()
    }
}

/// A store under test, with its temp folder (removed at deinit).
final class Harness {
    let store: Store
    let folder: URL
    /// The SQLite file or the PostgreSQL URL (what `--db` would take).
    let location: String
    let kind: StoreKind
    var path: String { location }

    init(_ kind: StoreKind, options: StoreOptions = fastOptions) throws {
        self.kind = kind
        folder = try makeTempFolder()
        switch kind {
        case .sqlite:
            location = folder.appendingPathComponent("data/leaderboard.sqlite").path
            store = try SQLiteStore(path: location, options: options)
        case .memory:
            location = ""
            store = try MemoryStore(options: options)
        case .postgres:
            location = try PostgresCluster.freshDatabase()
            store = try PostgresStore(url: location, options: options)
        }
    }

    /// Another store on the same database (a second server); nil for memory.
    func second(options: StoreOptions = fastOptions) throws -> Store? {
        switch kind {
        case .sqlite: try SQLiteStore(path: location, options: options)
        case .postgres: try PostgresStore(url: location, options: options)
        case .memory: nil
        }
    }

    deinit {
        store.close()
        try? FileManager.default.removeItem(at: folder)
    }

    /// `PRAGMA integrity_check` for SQLite; always ok for the others.
    func integrity() throws -> [String] {
        guard let store = store as? SQLiteStore else { return ["ok"] }
        return try store.integrityCheck()
    }
}

/// Short delays so retries are visible within a test.
let fastOptions = StoreOptions(busyTimeout: 5, retryInitialDelay: 0.05, retryMaxDelay: 0.2, timeout: 10)

/// A store on a memory database whose reads and writes the test fails or hangs (`FaultBackend`),
/// answering within `timeout` seconds; the caller releases the backend and closes the store.
func faultStore(timeout: Double) throws -> (FaultBackend, Store) {
    let backend = FaultBackend(MemoryBackend())
    var options = fastOptions
    options.timeout = timeout
    return (backend, try Store(backend: backend, options: options))
}

struct TestTimeout: Error, CustomStringConvertible {
    var description: String { "the store did not complete in time" }
}

func makeTempFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hangman-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A thread-safe slot for values produced on other queues.
final class Box<T: Sendable>: Sendable {
    private let slot = Locked<T?>(nil)
    func set(_ value: T) { slot.withLock { $0 = value } }
    var value: T? { slot.withLock { $0 } }
}

/// Calls an asynchronous store method and waits (bounded) for its result.
func result<T: Sendable>(
    timeout: Double = 20, _ call: (@escaping @Sendable (Result<T, StoreError>) -> Void) -> Void
) throws -> Result<T, StoreError> {
    let done = DispatchSemaphore(value: 0)
    let box = Box<Result<T, StoreError>>()
    call { outcome in
        box.set(outcome)
        done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success, let outcome = box.value else { throw TestTimeout() }
    return outcome
}

/// Like `result`, but throws the store's error.
func value<T: Sendable>(_ call: (@escaping @Sendable (Result<T, StoreError>) -> Void) -> Void) throws -> T {
    try result(call).get()
}

/// The error a call failed with, or nil when it succeeded.
func failure<T: Sendable>(_ call: (@escaping @Sendable (Result<T, StoreError>) -> Void) -> Void) throws -> StoreError? {
    if case .failure(let error) = try result(call) { return error }
    return nil
}

extension HangmanStore {
    @discardableResult
    func record(_ game: GameRecord) throws -> Int64 { try value { recordGame(game, completion: $0) } }
}

// MARK: - Fixtures

func player(_ name: String, _ score: Int, rank: Int, solved: Int = 0, failed: Int = 0) -> PlayerResult {
    PlayerResult(name: name, score: score, rank: rank, solved: solved, failed: failed)
}

func game(
    _ room: String, mode: String = "classic", difficulty: String = "custom", rounds: [RoundRecord], results: [PlayerResult],
    ended: Int64
) -> GameRecord {
    GameRecord(
        room: room, mode: mode, difficulty: difficulty, rounds: rounds, results: results, started: ended - 100, ended: ended)
}

/// Three games: Ann 30 / Bob 10 in alpha, Bob 25 / Cy 5 in beta, Cy 0 / Dee 0 in a lost alpha game.
enum MainFixture {
    static let g1 = game(
        "alpha", difficulty: "easy",
        rounds: [
            RoundRecord(word: "apple", won: true, mistakes: 2, solver: "Ann"),
            RoundRecord(word: "berry", won: false, mistakes: 7),
        ],
        results: [player("Ann", 30, rank: 1, solved: 1, failed: 1), player("Bob", 10, rank: 2, solved: 1, failed: 1)],
        ended: 1100)
    static let g2 = game(
        "beta", mode: "evil", difficulty: "hard", rounds: [RoundRecord(word: "cat", won: true, mistakes: 1, solver: "Bob")],
        results: [player("Bob", 25, rank: 1, solved: 1), player("Cy", 5, rank: 2, solved: 1)], ended: 2100)
    static let g3 = game(
        "alpha", rounds: [RoundRecord(word: "dog", won: false, mistakes: 7)],
        results: [player("Cy", 0, rank: 1, failed: 1), player("Dee", 0, rank: 1, failed: 1)], ended: 3100)

    @discardableResult
    static func load(_ store: any HangmanStore) throws -> [Int64] {
        [try store.record(g1), try store.record(g2), try store.record(g3)]
    }
}

/// Ties everywhere: every player totals 10 points.
enum TieFixture {
    static func round(_ mistakes: Int) -> [RoundRecord] { [RoundRecord(word: "w\(mistakes)", won: true, mistakes: mistakes)] }
    static let games = [
        game("t1", rounds: round(3), results: [player("Zed", 10, rank: 1), player("Amy", 10, rank: 2)], ended: 100),
        game("t2", rounds: round(2), results: [player("Bea", 6, rank: 1), player("Cal", 4, rank: 2)], ended: 200),
        game("t3", rounds: round(2), results: [player("Cal", 6, rank: 1), player("Bea", 4, rank: 2)], ended: 200),
        game("t4", rounds: round(1), results: [player("Ida", 10, rank: 1)], ended: 400),
        game("t5", rounds: round(1), results: [player("Eve", 10, rank: 1)], ended: 50),
    ]

    @discardableResult
    static func load(_ store: any HangmanStore) throws -> [Int64] {
        try games.map { try store.record($0) }
    }
}
