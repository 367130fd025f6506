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
}
