import Dispatch
import Foundation
import Testing

@testable import HangmanStore

/// A merge that cannot be written is reported, kept, retried, and lands later: never dropped.
@Suite(.ownThread) struct RetryTests {
    /// Collects `onDeferredSaved` calls.
    final class Deferred: Sendable {
        let saved = Box<[Int64]>()
        let signal = DispatchSemaphore(value: 0)
        init(_ store: any HangmanStore) {
            saved.set([])
            let lock = NSLock()
            store.onDeferredSaved = { [saved, signal] _, id in
                lock.lock()
                saved.set((saved.value ?? []) + [id])
                lock.unlock()
                signal.signal()
            }
        }

        func wait(count: Int, timeout: Double = 10) -> Bool {
            for _ in 0..<count where signal.wait(timeout: .now() + timeout) != .success { return false }
            return true
        }
    }

    @Test func sqliteRetriesAfterALockIsReleased() throws {
        let options = SQLiteStore.Options(busyTimeout: 0.1, retryInitialDelay: 0.05, retryMaxDelay: 0.2)
        let harness = try Harness(.sqlite, options: options)
        let store = harness.store
        let deferred = Deferred(store)
        try store.record(MainFixture.g1)

        // Another connection (another server on the same file) holds the write lock past our busy timeout.
        let other = try SQLiteConnection(path: harness.path, busyTimeout: 0, queue: nil)
        try other.execute("BEGIN IMMEDIATE")
        guard case .io(let message)? = try failure({ store.recordGame(MainFixture.g2, completion: $0) }) else {
            Issue.record("expected an io failure while the file is locked")
            return
        }
        #expect(message == "database busy")  // a code for players; SQLite's own message and the SQL go to the log
        #expect(try failure { store.recordGame(MainFixture.g3, completion: $0) } != nil)
        #expect(store.flush(timeout: 0.3) == false)
        // Reads still work while another writer holds the lock (WAL).
        #expect(try value { store.leaderboard(limit: 10, player: nil, completion: $0) }.entries.count == 2)

        try other.execute("ROLLBACK")
        other.close()
        #expect(deferred.wait(count: 2))
        let ids = try #require(deferred.saved.value)
        #expect(ids.sorted() == [2, 3])
        #expect(store.flush(timeout: 5))
        #expect(try value { store.game(id: ids.sorted()[0], completion: $0) }.record == MainFixture.g2)
        #expect(try value { store.leaderboard(limit: 10, player: nil, completion: $0) }.entries.count == 4)
        #expect(try harness.integrity() == ["ok"])
    }

    @Test func memoryStoreSimulatesAFailingDisk() throws {
        let harness = try Harness(.memory)
        let store = try #require(harness.store as? MemoryStore)
        let deferred = Deferred(store)
        store.simulateWriteFailure("disk full")
        #expect(try failure { store.recordGame(MainFixture.g1, completion: $0) } == .io("disk full"))
        #expect(try failure { store.recordGame(MainFixture.g2, completion: $0) } == .io("disk full"))
        #expect(try failure { store.saveSettings(name: "a", settings: [:], completion: $0) } == .io("disk full"))
        #expect(store.pendingCount == 2)
        store.simulateWriteFailure(nil)
        #expect(deferred.wait(count: 2))
        #expect(deferred.saved.value == [1, 2])
        #expect(store.flush(timeout: 5))
        #expect(try value { store.game(id: 1, completion: $0) }.record == MainFixture.g1)
    }

    @Test func aNewRecordCarriesTheDeferredOnesWithIt() throws {
        let store = MemoryStore(retryInitialDelay: 60, retryMaxDelay: 60)  // no timed retry within the test
        let deferred = Deferred(store)
        store.simulateWriteFailure("I/O error")
        #expect(try failure { store.recordGame(MainFixture.g1, completion: $0) } == .io("I/O error"))
        store.simulateWriteFailure(nil)
        #expect(try store.record(MainFixture.g2) == 2)
        #expect(deferred.wait(count: 1))
        #expect(deferred.saved.value == [1])
        #expect(store.commitCount == 1)
    }

    @Test func flushRetriesAtOnce() throws {
        let store = MemoryStore(retryInitialDelay: 60, retryMaxDelay: 60)
        let deferred = Deferred(store)
        store.simulateWriteFailure("I/O error")
        #expect(try failure { store.recordGame(MainFixture.g1, completion: $0) } != nil)
        #expect(store.flush(timeout: 0.1) == false)
        store.simulateWriteFailure(nil)
        #expect(store.flush(timeout: 5))
        #expect(deferred.wait(count: 1))
    }

    @Test func failuresAndAbandonedRecordsAreLogged() throws {
        let lines = Box<[String]>()
        lines.set([])
        let lock = NSLock()
        let store = MemoryStore(
            retryInitialDelay: 60, retryMaxDelay: 60,
            log: { line in
                lock.lock()
                lines.set((lines.value ?? []) + [line])
                lock.unlock()
            })
        store.simulateWriteFailure("disk full")
        #expect(try failure { store.recordGame(MainFixture.g1, completion: $0) } == .io("disk full"))
        #expect(store.pendingCount == 1)
        store.close()
        #expect(store.pendingCount == 0)
        let logged = lines.value ?? []
        #expect(logged.count == 3)
        #expect(logged.first == "1 game record(s) not saved: storage error: disk full; kept in memory, retrying")
        #expect(logged.dropFirst().first?.hasPrefix("UNSAVED GAME RECORD: {") == true)  // in full, to re-enter by hand
        #expect(logged.last == "store closed with 1 unsaved game record(s)")
    }
}
