import Dispatch
import Foundation
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
}
