import Foundation
import Testing

@testable import HangmanStore

/// What only a file can show: durability across reopen, migrations, hashes at rest, bad paths and
/// files, two stores on one file.
@Suite(.ownThread) struct SQLiteStoreTests {
    @Test func reopeningKeepsEverything() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/deeper/db.sqlite").path
        var ids: [Int64] = []
        do {
            let store = try SQLiteStore(path: path, options: fastOptions)
            ids = try MainFixture.load(store)
            try value { store.register(name: "Ann", password: "pw", completion: $0) }
            try value { store.saveSettings(name: "Cy", settings: ["rounds": "9"], completion: $0) }
            #expect(store.flush(timeout: 5))
            store.close()
        }
        let store = try SQLiteStore(path: path, options: fastOptions)
        defer { store.close() }
        #expect(
            try value { store.leaderboard(limit: 10, player: nil, completion: $0) }.entries.map(\.name) == [
                "Bob", "Ann", "Cy", "Dee",
            ])
        #expect(try value { store.game(id: ids[2], completion: $0) }.record == MainFixture.g3)
        #expect(try value { store.verify(name: "ann", password: "pw", completion: $0) })
        #expect(try value { store.loadSettings(name: "cy", completion: $0) } == ["rounds": "9"])
        // New ids continue after the old ones; the same game (same id) again is the stored one.
        var another = MainFixture.g1
        another.id = UUID()
        #expect(try store.record(another) == 4)
        #expect(try store.record(MainFixture.g1) == ids[0])
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func aStoreDroppedWithoutCloseHasCommittedItsGames() throws {
        // The durable point is COMMIT: nothing waits for close() (kill -9 after a completion loses nothing).
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("db.sqlite").path
        let first = try SQLiteStore(path: path, options: fastOptions)
        try MainFixture.load(first)
        // A second, independent connection sees the games while the first is still open.
        let second = try SQLiteStore(path: path, options: fastOptions)
        #expect(try value { second.highScores(limit: 10, completion: $0) }.count == 4)  // the 0-point results earn no place
        first.close()
        second.close()
    }

    @Test func migrationsRunOnceAndSetUserVersion() throws {
        let harness = try Harness(.sqlite)
        let store = try #require(harness.store as? SQLiteStore)
        let version = try userVersion(harness.path)
        #expect(version == SQLiteSchema.currentVersion)
        #expect(SQLiteSchema.currentVersion == 15)
        try MainFixture.load(store)
        store.close()
        // Reopen: idempotent, nothing re-applied, data intact.
        for _ in 0..<2 {
            let again = try SQLiteStore(path: harness.path, options: fastOptions)
            #expect(try userVersion(harness.path) == SQLiteSchema.currentVersion)
            #expect(try value { again.highScores(limit: 10, completion: $0) }.count == 4)  // the 0-point results earn no place
            again.close()
        }
    }

    @Test func anOlderSchemaIsMigratedWithItsData() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("v1.sqlite").path
        // A file as version 1 of the code left it.
        let old = try SQLiteConnection(path: path, busyTimeout: 1, queue: nil)
        try old.execute(SQLiteSchema.migrations[0])
        try old.execute("PRAGMA user_version = 1")
        try old.execute("INSERT INTO players (id, name, key, created) VALUES (1, 'Old', 'old', 0)")
        try old.execute("INSERT INTO games VALUES (1, 'r', 'classic', 'easy', 1, 2, 1, 10, 20)")
        try old.execute("INSERT INTO rounds VALUES (1, 1, 'owl', 1, 2, 'Old')")
        try old.execute("INSERT INTO game_results VALUES (1, 1, 0, 42, 1, 1, 0)")
        // And one that ended on 31 May 2026 at 23:59:59 UTC, the last second of May.
        try old.execute("INSERT INTO games VALUES (2, 'r', 'classic', 'easy', 1, 0, 1, 10, 1780271999)")
        try old.execute("INSERT INTO game_results VALUES (2, 1, 0, 8, 1, 1, 0)")
        old.close()

        let store = try SQLiteStore(path: path, options: fastOptions)
        defer { store.close() }
        #expect(try userVersion(path) == SQLiteSchema.currentVersion)
        let indexes = try sqliteColumn(
            path,
            """
            SELECT name FROM sqlite_master WHERE type = 'index'
            AND name IN ('game_results_by_score', 'players_by_rank', 'games_by_ended') ORDER BY name
            """
        )
        // games_by_ended: made by 6, dropped by 10; game_results_by_score: made by 2, dropped by 15 (issue 37),
        // whose high-score table is filled from the results already stored.
        #expect(indexes == ["players_by_rank"])
        #expect(try sqliteColumn(path, "SELECT score FROM high_scores ORDER BY score DESC") == ["42", "8"])
        #expect(
            try value { store.leaderboard(limit: 10, player: nil, completion: $0) }.entries == [
                LeaderboardEntry(rank: 1, name: "Old", score: 50, games: 2, wins: 2)
            ])
        // The monthly totals are back-filled, each game in the month it ended in (UTC).
        let may = LeaderboardMonth(containing: 1_780_271_999)
        #expect(may.description == "2026-05")
        #expect(try value { store.monthlyStandings(month: may, players: ["old"], completion: $0) }.map(\.score) == [8])
        // Games stored before the ranked flags are ranked, on every board.
        let old1970 = try #require(LeaderboardMonth(year: 1970, month: 1))
        #expect(try value { store.game(id: 1, completion: $0) }.record.ranked)
        #expect(try value { store.game(id: 1, completion: $0) }.record.results.map(\.ranked) == [true])
        #expect(try value { store.monthlyStandings(month: old1970, players: ["old"], completion: $0) }.map(\.score) == [42])
        // Results stored before each player's own misses were kept have the game's (schema 8).
        #expect(try value { store.highScores(limit: 10, completion: $0) }.map(\.mistakes) == [2, 0])
        #expect(try value { store.history(player: "old", limit: 10, completion: $0) }.map(\.mistakes) == [2])
        #expect(try value { store.game(id: 1, completion: $0) }.record.rounds.map(\.racers) == [nil])
        // A race merged after the migration keeps its racers' misses.
        try store.record(RaceMistakesTests.race)
        #expect(try value { store.history(player: "old", limit: 10, completion: $0) }.map(\.mistakes) == [2])
        #expect(try value { store.history(player: "bob", limit: 10, completion: $0) }.map(\.mistakes) == [5, 0])
    }

    @Test func aNewerSchemaIsRefused() throws {
        let harness = try Harness(.sqlite)
        harness.store.close()
        let raw = try SQLiteConnection(path: harness.path, busyTimeout: 1, queue: nil)
        try raw.execute("PRAGMA user_version = 99")
        raw.close()
        #expect {
            try SQLiteStore(path: harness.path, options: fastOptions)
        } throws: { error in
            guard case .open(_, let message)? = error as? StoreError else { return false }
            return message.contains("newer")
        }
    }

    @Test func passwordsAreStoredAsSaltedCryptHashes() throws {
        let harness = try Harness(.sqlite)
        let store = try #require(harness.store as? SQLiteStore)
        let password = "correct horse battery staple"
        try value { store.register(name: "Ann", password: password, completion: $0) }
        try value { store.register(name: "Bob", password: password, completion: $0) }
        let hashes = try sqliteColumn(harness.path, "SELECT password_hash FROM players ORDER BY key")
        #expect(hashes.count == 2)
        for hash in hashes {
            let hash = try #require(hash)
            #expect(hash.hasPrefix("$y$") || hash.hasPrefix("$6$"))
            #expect(!hash.contains(password))
        }
        #expect(hashes[0] != hashes[1])  // salted: same password, different hashes
        #expect(store.flush(timeout: 5))
        // The password's bytes are nowhere in the database files.
        for suffix in ["", "-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: harness.path + suffix))) ?? Data()
            #expect(bytes.range(of: Data(password.utf8)) == nil)
        }
    }

    @Test func constantTimeComparison() {
        #expect(PasswordHasher.constantTimeEquals(Array("abc".utf8), Array("abc".utf8)))
        #expect(!PasswordHasher.constantTimeEquals(Array("abc".utf8), Array("abd".utf8)))
        #expect(!PasswordHasher.constantTimeEquals(Array("abc".utf8), Array("abcd".utf8)))
        #expect(!PasswordHasher.verify("x", hash: "not a crypt hash"))
    }

    @Test func twoStoresOnOneFileMergeConcurrently() throws {
        let harness = try Harness(.sqlite)
        let first = harness.store
        let second = try SQLiteStore(path: harness.path, options: fastOptions)
        defer { second.close() }
        let failures = Box<Int>()
        failures.set(0)
        let lock = NSLock()
        let done = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: 60) { index in
            done.enter()
            let store: any HangmanStore = index % 2 == 0 ? first : second
            let record = game(
                "r\(index)", rounds: [RoundRecord(word: "w", won: true, mistakes: 1)],
                results: [player("p\(index % 5)", 1, rank: 1)], ended: Int64(index))
            store.recordGame(record) { outcome in
                if case .failure = outcome {
                    lock.lock()
                    failures.set((failures.value ?? 0) + 1)
                    lock.unlock()
                }
                done.leave()
            }
            if index % 10 == 0 {
                second.saveSettings(name: "p\(index)", settings: ["i": "\(index)"]) { _ in }
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(failures.value == 0)
        let page = try value { second.leaderboard(limit: 10, player: nil, completion: $0) }
        #expect(page.entries.map(\.games) == [12, 12, 12, 12, 12])
        #expect(try value { first.highScores(limit: 100, completion: $0) }.count == 60)
        #expect(try harness.integrity() == ["ok"])
    }

    // MARK: - Bad paths and files

    static func openError(_ path: String) -> String? {
        do {
            let store = try SQLiteStore(path: path, options: fastOptions)
            store.close()
            return nil
        } catch {
            guard case .open(let failedPath, let message) = error, failedPath == path else { return "wrong error \(error)" }
            return message
        }
    }

    @Test func aPathUnderARegularFileIsAnOpenError() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain.txt")
        try Data("x".utf8).write(to: file)
        let message = try #require(Self.openError(file.appendingPathComponent("db.sqlite").path))
        #expect(message.contains("not a folder"))
        #expect(Self.openError(file.appendingPathComponent("a/b/db.sqlite").path) != nil)
    }

    @Test func unwritablePlacesAreOpenErrors() throws {
        #expect(Self.openError("/proc/hangman-no-such-folder/db.sqlite") != nil)
        #expect(Self.openError("/proc/hangman.sqlite") != nil)
        #expect(Self.openError("") != nil)
    }

    @Test func aDirectoryIsAnOpenError() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = try #require(Self.openError(folder.path))
        #expect(message.contains("directory"))
    }

    @Test func aCorruptFileIsAnOpenError() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("garbage.sqlite").path
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(garbage).write(to: URL(fileURLWithPath: path))
        let message = try #require(Self.openError(path))
        #expect(message.contains("not a database") || message.contains("corrupt"))
        // The file was left as it was.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(garbage))
    }

    @Test func aDamagedDatabaseIsAnOpenError() throws {
        let harness = try Harness(.sqlite)
        for index in 0..<40 {
            try harness.store.record(
                game(
                    "r\(index)", rounds: [RoundRecord(word: String(repeating: "x", count: 60), won: true, mistakes: 1)],
                    results: [player("p\(index)", index, rank: 1)], ended: Int64(index)))
        }
        harness.store.close()  // checkpoints the WAL into the main file
        // Scribble over the second page (a b-tree page), keeping the header valid.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: harness.path))
        try handle.seek(toOffset: 4096)
        handle.write(Data(repeating: 0xA5, count: 4096))
        try handle.close()
        #expect(Self.openError(harness.path) != nil)
    }
}

/// The first column of a query on an SQLite file, through a connection of its own.
func sqliteColumn(_ path: String, _ sql: String) throws -> [String?] {
    let connection = try SQLiteConnection(path: path, busyTimeout: 5, queue: nil)
    defer { connection.close() }
    return try connection.query(sql) { $0.text(0) }
}

func userVersion(_ path: String) throws -> Int? {
    try sqliteColumn(path, "PRAGMA user_version").first?.flatMap { Int($0) }
}

/// Issue 15 item 6: a database file the server cannot write is refused at start, not accepted to fail
/// every game later. Root ignores file modes, so the file is made immutable (`chattr +i`), which binds root.
@Suite(.ownThread) struct ReadOnlyFileTests {
    static let chattr = ["/usr/bin/chattr", "/bin/chattr"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: chattr != nil, "needs chattr to make a file read-only even for root"))
    func aReadOnlyDatabaseFileIsRefusedAtStart() throws {
        let harness = try Harness(.sqlite)
        try harness.store.record(MainFixture.g1)
        harness.store.close()
        let tool = try #require(Self.chattr)
        try PostgresCluster.run(tool, ["+i", harness.path], asPostgres: false)
        defer { _ = try? PostgresCluster.run(tool, ["-i", harness.path], asPostgres: false) }
        #expect {
            try SQLiteStore(path: harness.path, options: fastOptions)
        } throws: { error in
            guard case .open(_, let message)? = error as? StoreError else { return false }
            return message.contains("read-only") || message.contains("not writable")
        }
    }
}
