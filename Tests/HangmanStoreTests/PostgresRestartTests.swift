import Foundation
import Testing

@testable import HangmanStore

/// Two servers' stores share a PostgreSQL that is stopped and started again while games end: the games
/// of the outage wait in each server's outbox and are merged once each, soon after it is back. On a
/// cluster of its own (`pg_ctl stop` would take the shared one from every other test).
@Suite(.ownThread) struct PostgresRestartTests {
    /// A throwaway cluster in its own folder, on a Unix socket there only.
    final class PrivateCluster {
        let folder: URL
        let bin: String
        var data: String { folder.appendingPathComponent("data").path }

        init(bin: String) throws {
            self.bin = bin
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "hangman-pg-restart-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if getuid() == 0 {
                try PostgresCluster.run("/bin/chown", ["-R", "postgres:postgres", folder.path], asPostgres: false)
            }
            try PostgresCluster.run(bin + "/initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
            try start()
            try PostgresCluster.run(
                bin + "/createdb", ["-h", folder.path, "-p", "\(PostgresCluster.port)", "-U", "postgres", "hangman"])
        }

        var url: String { PostgresCluster.url(socket: folder.path, database: "hangman") }

        func start() throws {
            try PostgresCluster.run(
                bin + "/pg_ctl",
                [
                    "-D", data, "-l", folder.appendingPathComponent("log").path, "-w", "-t", "60", "-o",
                    "-k \(folder.path) -p \(PostgresCluster.port) -c listen_addresses='' -c fsync=off", "start",
                ])
        }

        func stop() throws { try PostgresCluster.run(bin + "/pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]) }

        deinit {
            _ = try? PostgresCluster.run(bin + "/pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
            try? FileManager.default.removeItem(at: folder)
        }
    }

    static func game(_ number: Int, server: Int) -> GameRecord {
        HangmanStoreTests.game(
            "room\(server)", rounds: [RoundRecord(word: "word", won: true, mistakes: 1, solver: "P\(server)")],
            results: [player("P\(server)", number, rank: 1, solved: 1)], ended: 1_000 + Int64(number))
    }

    @Test(.enabled(if: PostgresCluster.enabled, "PostgreSQL server binaries not found"))
    func gamesEndedWhileTheDatabaseWasDownAreMergedOnceWhenItIsBack() throws {
        let cluster = try PrivateCluster(bin: try #require(PostgresCluster.binaries))
        var stores: [Store] = []
        var deferred: [RetryTests.Deferred] = []
        for server in 0..<2 {
            var options = fastOptions
            options.timeout = 3
            // Only a merge that succeeds again can replay the outbox within the test's wait, not a retry.
            options.retryInitialDelay = 30
            options.retryMaxDelay = 30
            options.outboxPath = cluster.folder.appendingPathComponent("outbox\(server).sqlite").path
            let store = try PostgresStore(url: cluster.url, options: options)
            stores.append(store)
            deferred.append(RetryTests.Deferred(store))
        }
        defer { for store in stores { store.close() } }
        var expected = 0
        for (server, store) in stores.enumerated() {
            guard case .saved = try OutboxTests.outcome(store, Self.game(1, server: server)) else {
                Issue.record("server \(server): the first game was not saved")
                return
            }
            expected += 1
        }
        try cluster.stop()
        for (server, store) in stores.enumerated() {
            for number in 2...4 {
                #expect(try OutboxTests.outcome(store, Self.game(number, server: server)) == .queued, "server \(server)")
                expected += number
            }
            #expect(try failure { store.leaderboard(limit: 10, player: nil, completion: $0) } == .unavailable)
        }
        try cluster.start()
        let back = Date()
        for (server, store) in stores.enumerated() {
            guard case .saved = try OutboxTests.outcome(store, Self.game(5, server: server)) else {
                Issue.record("server \(server): the first game after the restart was not saved")
                return
            }
            expected += 5
            #expect(deferred[server].wait(count: 3, timeout: 10), "server \(server): its outbox was replayed")
            #expect(store.outboxCount == 0)
        }
        let landed = Date().timeIntervalSince(back)
        let page = try value { stores[0].leaderboard(limit: 10, player: nil, completion: $0) }
        #expect(page.entries.map(\.games) == [5, 5], "every game once, none twice")
        #expect(page.entries.map(\.score).reduce(0, +) == expected)
        print(
            "PG RESTART: 6 games queued on two servers while down, all merged once \(String(format: "%.2f", landed)) s after it was back"
        )
    }
}
