import Dispatch
import Foundation
import HangmanSync
import Testing

@testable import HangmanStore

/// Exactly once through faults: the durable outbox, replay after a restart, the time limit on every
/// call, and shutdown that never throws a promised result away.
@Suite(.ownThread) struct OutboxTests {
    static func options(outbox: String?, timeout: Double = 10, log: (@Sendable (String) -> Void)? = nil) -> StoreOptions {
        StoreOptions(retryInitialDelay: 0.05, retryMaxDelay: 0.2, log: log, timeout: timeout, outboxPath: outbox)
    }

    static func outcome(_ store: Store, _ record: GameRecord, timeout: Double = 20) throws -> RecordOutcome {
        let box = Box<RecordOutcome>()
        let done = DispatchSemaphore(value: 0)
        store.recordGameOutcome(record) { outcome in
            box.set(outcome)
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success, let outcome = box.value else { throw TestTimeout() }
        return outcome
    }

    @Test func aGameTheDatabaseRefusesIsQueuedDurablyAndReplayed() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try MemoryStore(options: Self.options(outbox: folder.appendingPathComponent("outbox.sqlite").path))
        defer { store.close() }
        let landed = DispatchSemaphore(value: 0)
        store.onDeferredSaved = { _, _ in landed.signal() }
        store.simulateWriteFailure("database down")
        #expect(try Self.outcome(store, MainFixture.g1) == .queued)
        #expect(store.outboxCount == 1)
        #expect(store.pendingCount == 0)  // not only in memory: on disk
        store.simulateWriteFailure(nil)
        #expect(landed.wait(timeout: .now() + 10) == .success)
        #expect(store.outboxCount == 0)
        #expect(try value { store.stats(player: "ann", completion: $0) }.games == 1)
    }

    /// kill -9 after "will be synced": the next start replays the outbox; a game both merged and still in
    /// the outbox (killed between the commit and the outbox delete) is counted once.
    @Test(arguments: [StoreKind.sqlite] + (PostgresCluster.enabled ? [StoreKind.postgres] : []))
    func aRestartReplaysTheOutboxExactlyOnce(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let outboxPath = harness.folder.appendingPathComponent("outbox.sqlite").path
        try harness.store.record(MainFixture.g1)
        harness.store.close()
        // What a killed server leaves: g1 merged and still in the outbox, g2 only in the outbox.
        let leftover = try Outbox(path: outboxPath)
        try leftover.append([MainFixture.g1, MainFixture.g2])
        leftover.close()

        let options = Self.options(outbox: outboxPath)
        let restarted: Store =
            kind == .sqlite
            ? try SQLiteStore(path: harness.location, options: options)
            : try PostgresStore(url: harness.location, options: options)
        defer { restarted.close() }
        for _ in 0..<500 where restarted.outboxCount > 0 { usleep(20_000) }  // replayed at start, unasked
        #expect(restarted.outboxCount == 0)
        let ann = try value { restarted.stats(player: "ann", completion: $0) }
        #expect(ann.games == 1 && ann.score == 30)
        let bob = try value { restarted.stats(player: "bob", completion: $0) }
        #expect(bob.games == 2 && bob.score == 35)
    }

    @Test func aMergeThatHangsIsQueuedAtTheTimeLimitAndReadsDoNotWaitForIt() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let backend = FaultBackend(MemoryBackend())
        let store = try Store(
            backend: backend, options: Self.options(outbox: folder.appendingPathComponent("outbox.sqlite").path, timeout: 0.3))
        defer {
            backend.release()
            store.close()
        }
        backend.set(merges: .hang)
        #expect(try Self.outcome(store, MainFixture.g1) == .queued)
        #expect(store.outboxCount == 1)
        // `top` is answered while the writer is stuck.
        #expect(try value { store.leaderboard(limit: 10, player: nil, completion: $0) }.entries.isEmpty)
        // Reads that hang are answered `.timedOut`, not never.
        backend.set(reads: .hang)
        #expect(try failure { store.leaderboard(limit: 10, player: nil, completion: $0) } == .timedOut)
        #expect(try failure { store.verify(name: "ann", password: "x", completion: $0) } == .timedOut)
        backend.release()
        // The stuck merge lands; the outbox copy is dropped; counted once.
        #expect(store.flush(timeout: 10))
        for _ in 0..<200 where store.outboxCount > 0 { usleep(20_000) }
        #expect(try value { store.stats(player: "ann", completion: $0) }.games == 1)
    }

    @Test func aLoginWhileTheDatabaseIsDownIsUnavailable() throws {
        let backend = FaultBackend(MemoryBackend())
        let store = try Store(backend: backend, options: Self.options(outbox: nil))
        defer { store.close() }
        try value { store.register(name: "Ann", password: "pw", completion: $0) }
        backend.set(reads: .fail)
        #expect(try failure { store.verify(name: "ann", password: "pw", completion: $0) } == .unavailable)
        #expect(try failure { store.isRegistered(name: "ann", completion: $0) } == .unavailable)
    }

    @Test func shutdownHandsPendingGamesToTheOutbox() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outboxPath = folder.appendingPathComponent("outbox.sqlite").path
        let backend = FaultBackend(MemoryBackend())
        let store = try Store(backend: backend, options: Self.options(outbox: outboxPath, timeout: 30))
        backend.set(merges: .hang)
        store.recordGameOutcome(MainFixture.g1) { _ in }
        store.recordGameOutcome(MainFixture.g2) { _ in }
        #expect(store.flush(timeout: 0.2))  // not landed, but durable
        #expect(store.pendingCount == 0)
        #expect(store.outboxCount == 2)
        backend.release()
        store.close()
    }

    @Test func shutdownWithNowhereToWriteLogsEveryRecordAndReportsFailure() throws {
        let lines = Locked<[String]>([])
        let backend = FaultBackend(MemoryBackend())
        let store = try Store(
            backend: backend, options: Self.options(outbox: nil, timeout: 30, log: { line in lines.withLock { $0.append(line) } })
        )
        backend.set(merges: .hang)
        store.recordGameOutcome(MainFixture.g1) { _ in }
        #expect(store.flush(timeout: 0.2) == false)
        let unsaved = lines.withLock { $0.filter { $0.hasPrefix("UNSAVED GAME RECORD: ") } }
        #expect(unsaved.count == 1)
        #expect(unsaved.first?.contains(MainFixture.g1.id.uuidString) == true)
        #expect(unsaved.first?.contains("\"room\":\"alpha\"") == true)
        backend.release()
        store.close()
    }

    @Test func errorsShownToCallersCarryNoSQLOrPath() {
        let error = SQLiteError(code: 13, message: "database or disk is full", sql: "INSERT INTO games …")
        #expect(error.storeError == .io("disk full"))
        let postgres = PostgresError(sqlState: "23505", message: "duplicate key … in /var/lib/x", connectionLost: false)
        #expect(postgres.storeError == .io("database error 23505"))
        #expect(PostgresError(sqlState: nil, message: "no route", connectionLost: true).storeError == .unavailable)
    }
}
