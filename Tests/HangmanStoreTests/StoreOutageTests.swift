import Dispatch
import Foundation
import HangmanSync
import Testing

@testable import HangmanStore

/// The store's failure modes as an operator meets them: a database that cannot be reached at start, one
/// that comes back after an outage, a database file deleted while the server runs. docs/RELIABILITY.md,
/// "The leaderboard's store failing", has the figures of the real-process runs behind them.
@Suite(.ownThread) struct StoreOutageTests {
    /// A PostgreSQL URL that cannot be reached is refused at start with `.open`, whose text (what the
    /// server prints before it exits 1) never shows the password, wherever the URL carries it.
    @Test func anUnreachableDatabaseAtStartIsRefusedWithoutShowingThePassword() throws {
        let urls = [
            "postgresql://ann:sekrit@/hangman?host=/nonexistent-hangman-socket&connect_timeout=1",
            "postgresql://ann@/hangman?host=/nonexistent-hangman-socket&password=sekrit&connect_timeout=1",
            "postgres://ann@/hangman?password=sekrit&host=/nonexistent-hangman-socket",
        ]
        for url in urls {
            do {
                _ = try PostgresStore(url: url, options: fastOptions)
                Issue.record("a store opened on \(url)")
            } catch {
                guard case .open(let path, let message) = error else {
                    Issue.record("expected .open, got \(error)")
                    continue
                }
                #expect(!"\(error)".contains("sekrit"), "\(error)")
                #expect(path.contains("***"), "\(path)")
                #expect(message.contains("nonexistent-hangman-socket"), "the reason is given: \(message)")
            }
        }
        #expect(PostgresBackend.redacted("host=db password=sekrit user=ann") == "host=db password=*** user=ann")
        #expect(
            PostgresBackend.redacted("postgresql://ann@db/x?sslpassword=a&password=")
                == "postgresql://ann@db/x?sslpassword=a&password=")
        #expect(PostgresBackend.redacted("postgresql://ann@db/x?sslpassword=a") == "postgresql://ann@db/x?sslpassword=a")
    }

    /// After an outage the outbox is replayed as soon as a merge succeeds again, not at the next retry
    /// (up to `retryMaxDelay`, 30 s, after a long outage). Found with two servers on a PostgreSQL stopped
    /// for 10 s: new games were saved 0.5 s after it was back, the queued ones 4.5 s after. Failed before:
    /// with a 30 s retry delay the queued game was still in the outbox after the next game was saved.
    @Test func theOutboxIsReplayedAsSoonAsTheDatabaseAnswersAgain() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let backend = FaultBackend(MemoryBackend())
        var options = fastOptions
        options.retryInitialDelay = 30
        options.retryMaxDelay = 30
        options.outboxPath = folder.appendingPathComponent("outbox.sqlite").path
        let store = try Store(backend: backend, options: options)
        defer { store.close() }
        let deferred = RetryTests.Deferred(store)
        backend.set(merges: .fail)
        #expect(try OutboxTests.outcome(store, MainFixture.g1) == .queued)
        #expect(store.outboxCount == 1)
        backend.set(merges: .normal)
        guard case .saved = try OutboxTests.outcome(store, MainFixture.g2) else {
            Issue.record("the game after the outage was not saved")
            return
        }
        #expect(deferred.wait(count: 1, timeout: 5), "the queued game was replayed")
        #expect(store.outboxCount == 0)
        #expect(try value { store.leaderboard(limit: 10, player: nil, completion: $0) }.entries.map(\.games).reduce(0, +) == 4)
    }

    /// The database file deleted under a running store: games are no longer "saved" into a file that is
    /// gone (they wait in the outbox), a copy of the open database is written beside the path, put back
    /// when the store closes, and the next start has every game. Before: the second game was saved into
    /// the deleted file and, after the restart, the database was empty.
    @Test func aDatabaseFileDeletedWhileRunningLosesNoGame() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("h.sqlite").path
        let lines = Locked<[String]>([])
        var options = fastOptions
        options.outboxPath = folder.appendingPathComponent("outbox.sqlite").path
        options.log = { line in lines.withLock { $0.append(line) } }
        let store = try SQLiteStore(path: path, options: options)
        #expect(try OutboxTests.outcome(store, MainFixture.g1) != .queued)
        #expect(try value { store.leaderboard(limit: 10, player: nil, completion: $0) }.entries.count == 2)
        try FileManager.default.removeItem(atPath: path)
        #expect(try OutboxTests.outcome(store, MainFixture.g2) == .queued, "not saved into a deleted file")
        // Reads go on from the open file.
        #expect(try value { store.leaderboard(limit: 10, player: nil, completion: $0) }.entries.count == 2)
        #expect(lines.withLock { $0 }.contains { $0.contains("DATABASE FILE GONE") && $0.contains(path + ".rescued") })
        #expect(FileManager.default.fileExists(atPath: path + ".rescued"))
        store.close()
        #expect(FileManager.default.fileExists(atPath: path), "the copy is back at the path")
        let restarted = try SQLiteStore(path: path, options: options)
        defer { restarted.close() }
        let deadline = Date().addingTimeInterval(10)
        while restarted.outboxCount > 0, Date() < deadline { usleep(10_000) }  // the start replays the outbox
        let games = try value { restarted.leaderboard(limit: 10, player: nil, completion: $0) }.entries.map(\.games).reduce(0, +)
        #expect(games == 4, "both games, the one before the deletion and the one queued after it")
        #expect(restarted.outboxCount == 0)
        #expect(try restarted.integrityCheck() == ["ok"])
    }

    /// With no outbox (or an outbox that cannot take them) records left at shutdown are logged in full,
    /// for an operator to re-enter: once each. `flush` and then `close` both hand them off, and each
    /// logged them (found on a 2 MiB tmpfs whose WAL filled it: 230 records, 460 lines). Failed before.
    @Test func recordsLeftAtShutdownAreLoggedOnceEach() throws {
        let lines = Locked<[String]>([])
        let store = MemoryStore(retryInitialDelay: 30, retryMaxDelay: 30, log: { line in lines.withLock { $0.append(line) } })
        store.simulateWriteFailure("disk full")
        guard case .failed = try OutboxTests.outcome(store, MainFixture.g1) else {
            Issue.record("the game was expected to stay in memory")
            return
        }
        #expect(store.flush(timeout: 0.1) == false)
        store.close()
        let logged = lines.withLock { $0 }.filter { $0.contains("UNSAVED GAME RECORD") }
        #expect(logged.count == 1, "\(logged.count) lines")
        #expect(logged.first?.contains(MainFixture.g1.id.uuidString) == true)
    }

    /// A COMMIT that landed but whose answer was lost (the database restarted at that moment): the batch
    /// fails and goes to the outbox, players are told their scores will be synced, and the replay finds
    /// the game already stored. It still reports it saved (the room's `saved` line); before, it reported
    /// only games new to the database, so those players never heard. Failed before.
    @Test func aGameWhoseCommitLandedUnansweredIsStillReportedSaved() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let backend = FaultBackend(MemoryBackend())
        var options = fastOptions
        options.outboxPath = folder.appendingPathComponent("outbox.sqlite").path
        let store = try Store(backend: backend, options: options)
        defer { store.close() }
        let deferred = RetryTests.Deferred(store)
        backend.set(merges: .landThenFail)
        #expect(try OutboxTests.outcome(store, MainFixture.g1) == .queued)
        backend.set(merges: .normal)
        #expect(deferred.wait(count: 1, timeout: 5), "the replay reports the game saved")
        #expect(store.outboxCount == 0)
        #expect(try value { store.leaderboard(limit: 10, player: nil, completion: $0) }.entries.map(\.games) == [1, 1])
    }
}
