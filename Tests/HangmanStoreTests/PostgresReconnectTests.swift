import Foundation
import Testing

@testable import HangmanStore

/// A pooled PostgreSQL connection learns that its server connection is gone only when it next sends a
/// statement. Found by hand: after a database restart the first login on a running server answered
/// `unavailable`. The statement is now sent once more on a fresh connection.
@Suite(.ownThread) struct PostgresReconnectTests {
    @Test(.enabled(if: PostgresCluster.enabled, "PostgreSQL server binaries not found"))
    func theFirstCallAfterTheServerDroppedEveryConnectionSucceeds() throws {
        let harness = try Harness(.postgres)
        try value { harness.store.register(name: "Ann", password: "secret", completion: $0) }
        // Every pooled connection has been used at least once (reads go to readers in turn).
        for _ in 0..<4 { #expect(try value { harness.store.isRegistered(name: "ann", completion: $0) }) }
        // What a database restart does to them: the server ends every session of this database.
        // postgresql://postgres@/NAME?host=…: the database name sits between "@/" and "?".
        let afterHost = harness.location.components(separatedBy: "@/").last ?? ""
        let database = afterHost.components(separatedBy: "?").first ?? ""
        let admin = try PostgresRunner(
            conninfo: PostgresCluster.url(socket: try PostgresCluster.socketFolder.get(), database: "postgres"),
            connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
        defer { admin.close() }
        let ended = try admin.rows(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
            [.text(database)])
        #expect(ended.count >= 2, "the store's connections were open")
        // Reads and a merge right after: none of them sees the dropped connections.
        for _ in 0..<4 { #expect(try value { harness.store.isRegistered(name: "ann", completion: $0) }) }
        #expect(try value { harness.store.verify(name: "ann", password: "secret", completion: $0) })
        _ = try harness.store.record(MainFixture.g1)
        let page = try value { harness.store.leaderboard(limit: 10, player: nil, completion: $0) }
        #expect(page.entries.map(\.name) == ["Ann", "Bob"])
    }

    /// Found by holding `LOCK TABLE players` in psql after a database restart: the merge waited for the
    /// whole lock, not for `statement_timeout`, because a reset connection is a new session without the
    /// `SET` made at connect. It failed before the fix ("0" after the reset).
    @Test(.enabled(if: PostgresCluster.enabled, "PostgreSQL server binaries not found"))
    func aResetConnectionKeepsItsStatementTimeout() throws {
        let socket = try PostgresCluster.socketFolder.get()
        let runner = try PostgresRunner(
            conninfo: PostgresCluster.url(socket: socket, database: "postgres"), connectTimeout: 5, statementTimeoutMs: 1234,
            queue: nil)
        defer { runner.close() }
        #expect(try runner.rows("SHOW statement_timeout", []) == [["1234ms"]])
        let pid = try #require(try runner.rows("SELECT pg_backend_pid()", []).first?.first ?? nil)
        let admin = try PostgresRunner(
            conninfo: PostgresCluster.url(socket: socket, database: "postgres"), connectTimeout: 5, statementTimeoutMs: 0,
            queue: nil)
        defer { admin.close() }
        _ = try admin.rows("SELECT pg_terminate_backend($1::int)", [.text(pid)])
        // The next statement finds the connection gone, resets it and runs on the new session.
        #expect(try runner.rows("SHOW statement_timeout", []) == [["1234ms"]])
        #expect(try runner.rows("SELECT pg_backend_pid()", []).first?.first != pid)
    }
}
