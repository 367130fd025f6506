import Dispatch
import Foundation
import HangmanSync
import Testing

@testable import HangmanStore

/// Monthly standings from the month histogram (`month_counts`: players per score, per block of scores,
/// per month): the same ranks as counting the board by brute force, on every engine, through
/// batched merges, deletes and resets; and on the SQL engines, one statement that never counts a month.
@Suite(.ownThread) struct MonthRankTests {
    static let may = MonthlyBoardTests.may
    static let june = MonthlyBoardTests.june
    static let names = (0..<24).map { "P\($0)" }

    /// A small deterministic generator (the tests must not depend on a seed's platform behaviour).
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Scores with many ties (0…5), some across block edges (1,020…1,030, 2,047…2,049) and some negative.
    static func score(_ random: inout Random) -> Int {
        switch random.next(10) {
        case 0: 1_020 + random.next(11)
        case 1: 2_047 + random.next(3)
        case 2: -random.next(3)
        default: random.next(6)
        }
    }

    static func games(_ count: Int, seed: UInt64, months: [LeaderboardMonth]) -> [GameRecord] {
        var random = Random(state: seed)
        return (0..<count).map { _ in
            var seats = Set<String>()
            for _ in 0...random.next(4) { seats.insert(names[random.next(names.count)]) }
            let results = seats.sorted().enumerated().map { index, name in
                PlayerResult(
                    name: name, score: score(&random), rank: index + 1, solved: 0, failed: 0, ranked: random.next(12) != 0)
            }
            let month = months[random.next(months.count)]
            var record = game("r", rounds: [], results: results, ended: month.start + Int64(random.next(1000)))
            record.ranked = random.next(15) != 0
            return record
        }
    }

    /// The stored games and which of their results were deleted: the board by brute force.
    struct Model {
        var games: [(id: Int64, record: GameRecord)] = []
        var deleted: Set<String> = []  // "key/gameID"

        func board(_ month: LeaderboardMonth) -> [MonthlyStanding] {
            var totals: [String: (score: Int, games: Int, wins: Int)] = [:]
            for (id, record) in games where (month.start..<month.end).contains(record.ended) {
                for result in record.uniqueResults where result.counts(in: record) {
                    let key = HangmanStoreKey.key(for: result.name)
                    guard !deleted.contains("\(key)/\(id)") else { continue }
                    var sum = totals[key] ?? (0, 0, 0)
                    sum.score += result.score
                    sum.games += 1
                    if result.rank == 1 && result.score > 0 { sum.wins += 1 }
                    totals[key] = sum
                }
            }
            let sorted = totals.sorted { a, b in
                if a.value.score != b.value.score { return a.value.score > b.value.score }
                if a.value.wins != b.value.wins { return a.value.wins > b.value.wins }
                if a.value.games != b.value.games { return a.value.games < b.value.games }
                return a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
            }
            return sorted.enumerated().map { index, row in
                MonthlyStanding(
                    name: row.key, rank: index + 1, players: sorted.count, score: row.value.score, games: row.value.games,
                    wins: row.value.wins)
            }
        }
    }

    /// Records `records` all at once (so the group committer merges several per batch), in the model too.
    static func merge(_ records: [GameRecord], into store: Store, model: inout Model) throws {
        let ids = Locked<[Int: Int64]>([:])
        let group = DispatchGroup()
        for (index, record) in records.enumerated() {
            group.enter()
            store.recordGame(record) { outcome in
                if case .success(let id) = outcome {
                    ids.withLock { $0[index] = id }
                }
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        let stored = ids.withLock { $0 }
        #expect(stored.count == records.count)
        for (index, record) in records.enumerated() {
            if let id = stored[index] { model.games.append((id, record)) }
        }
    }

    static func check(_ store: Store, _ model: Model, _ label: String) throws {
        for month in [may, june] {
            let expected = model.board(month)
            let standings = try value {
                store.monthlyStandings(month: month, players: names.map { $0.lowercased() }, completion: $0)
            }
            #expect(
                standings.sorted { $0.rank < $1.rank } == expected,
                "\(label), \(month): standings differ from the brute-force board")
            let page = try value { store.monthlyLeaderboard(month: month, limit: 1000, player: nil, completion: $0) }
            #expect(page.entries.map(\.score) == expected.map(\.score), "\(label), \(month)")
            #expect(page.entries.map(\.rank) == expected.map(\.rank), "\(label), \(month)")
        }
    }

    @Test(arguments: StoreKind.engines)
    func histogramRanksAgreeWithABruteForceRank(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        var model = Model()
        try Self.merge(Self.games(120, seed: 7, months: [Self.may, Self.june]), into: store, model: &model)
        try Self.check(store, model, "after merges")
        try MonthHistogramCheck.matchesARebuild(harness)

        // Delete single results (some players' only game in a month, some not), then reset a player.
        var random = Random(state: 99)
        for _ in 0..<15 {
            let (id, record) = model.games[random.next(model.games.count)]
            guard let result = record.uniqueResults.first else { continue }
            let key = HangmanStoreKey.key(for: result.name)
            guard !model.deleted.contains("\(key)/\(id)") else { continue }
            try value { store.deleteHistory(player: result.name, gameID: id, completion: $0) }
            model.deleted.insert("\(key)/\(id)")
        }
        try Self.check(store, model, "after deletes")
        _ = try value { store.resetHistory(player: "P3", completion: $0) }
        for (id, _) in model.games { model.deleted.insert("p3/\(id)") }
        try Self.check(store, model, "after a reset")
        try MonthHistogramCheck.matchesARebuild(harness)

        // And merges after the deletes move the same players again.
        try Self.merge(Self.games(60, seed: 11, months: [Self.may, Self.june]), into: store, model: &model)
        try Self.check(store, model, "after more merges")
        try MonthHistogramCheck.matchesARebuild(harness)
    }

    /// Two servers merging into one database at once (PostgreSQL: row locks on the shared histogram rows,
    /// taken in the same order by both) leave `month_counts` equal to a rebuild and the ranks right.
    @Test(arguments: StoreKind.shared)
    func twoServersMergingAtOnceKeepTheHistogramExact(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let other = try #require(try harness.second())
        defer { other.close() }
        let records = Self.games(160, seed: 5, months: [Self.may, Self.june])
        let halves = [Array(records.prefix(80)), Array(records.suffix(80))]
        let stores: [Store] = [harness.store, other]
        let models = Locked<[Model]>([Model(), Model()])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            var model = Model()
            do {
                try Self.merge(halves[index], into: stores[index], model: &model)
            } catch {
                Issue.record(error)
            }
            models.withLock { $0[index] = model }
        }
        let both = models.withLock { $0 }
        var model = Model()
        model.games = both[0].games + both[1].games
        try Self.check(harness.store, model, "after two servers merged")
        try MonthHistogramCheck.matchesARebuild(harness)
    }

    /// Players tied on score across a block edge and within one: ranks by wins, games, key.
    @Test(arguments: StoreKind.engines)
    func tiesAcrossABlockEdge(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let start = Self.may.start
        try store.record(
            game("t", rounds: [], results: [player("Bo", 1024, rank: 2), player("Al", 1023, rank: 1)], ended: start))
        try store.record(
            game("t", rounds: [], results: [player("Cy", 1024, rank: 1), player("Di", 1024, rank: 2)], ended: start))
        try store.record(game("t", rounds: [], results: [player("Ed", 2048, rank: 1)], ended: start))
        let standings = try value {
            store.monthlyStandings(month: Self.may, players: ["Al", "Bo", "Cy", "Di", "Ed"], completion: $0)
        }
        #expect(standings.map(\.rank) == [5, 3, 2, 4, 1])
        #expect(standings.map(\.players) == [5, 5, 5, 5, 5])
    }

    /// The cost: all the players of a game in ONE statement, and none of its reads of `month_totals` is a
    /// range over the month (`score >`, or the whole month for its size) — only the player's own row and
    /// the ties on their score. Fails on the per-key `monthAhead` + `COUNT(*) … WHERE month = ?` version
    /// (seven statements for three players, a `score>?` range and a `(month=?)` count).
    @Test(arguments: StoreKind.shared)
    func standingsAreOneStatementThatNeverCountsTheMonth(kind: StoreKind) throws {
        let harness = try Harness(kind)
        // 2,000 players in May (statistics gathered): a size at which counting the month is the cost, so a
        // planner that could read it by range would.
        for part in 0..<4 {
            let results = (0..<500).map { index in player("Q\(part * 500 + index)", (part * 500 + index) % 97, rank: index + 1) }
            try harness.store.record(game("big", rounds: [], results: results, ended: Self.may.start + Int64(part)))
        }
        let inner: any SQLRunner
        switch kind {
        case .postgres:
            let runner = try PostgresRunner(conninfo: harness.location, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
            try runner.executeScript("ANALYZE; SET enable_seqscan = off; SET enable_bitmapscan = off")
            inner = runner
        default:
            inner = SQLiteRunner(connection: try SQLiteConnection(path: harness.location, busyTimeout: 5, queue: nil))
            try inner.execute("ANALYZE", [])
        }
        defer { inner.close() }
        let recording = RecordingRunner(inner: inner)
        let found = try SQLDatabase(runner: recording).monthlyStandings(month: Self.may, keys: ["q1", "q1500", "q5", "nobody"])
        #expect(found.count == 3)
        #expect(found["q1500"]?.players == 2_000)
        #expect(recording.statements.count == 1, "\(recording.statements.map(\.sql))")
        for (sql, arguments) in recording.statements {
            let plan: [String]
            switch kind {
            case .postgres: plan = try inner.rows("EXPLAIN " + sql, arguments).compactMap { $0.first ?? nil }
            default: plan = try inner.rows("EXPLAIN QUERY PLAN " + sql, arguments).compactMap { $0.count > 3 ? $0[3] : nil }
            }
            let text = plan.joined(separator: "\n")
            // Scans of the statement's own few rows (the players found, their lowest and highest score) are fine.
            let ownRows: Set<String> = ["SCAN m", "SCAN mine", "SCAN b"]
            #expect(
                !plan.contains { ($0.hasPrefix("SCAN ") && !ownRows.contains($0)) || $0.contains("Seq Scan") },
                "a full scan:\n\(text)")
            for read in Self.monthTotalsReads(plan, postgres: kind == .postgres) {
                #expect(read.contains("player_id") || read.contains("score = ") || read.contains("score=?"), "\(read)\n\(text)")
            }
            #expect(!Self.monthTotalsReads(plan, postgres: kind == .postgres).isEmpty, "\(text)")
        }
    }

    /// The conditions each read of `month_totals` in a plan uses: SQLite names the index (or the table's
    /// primary key, by alias) in one line; PostgreSQL gives the scan, then its `Index Cond` line.
    static func monthTotalsReads(_ plan: [String], postgres: Bool) -> [String] {
        guard postgres else {
            return plan.filter { $0.contains("month_totals") || $0.contains("PRIMARY KEY (month=? AND player_id") }
        }
        var reads: [String] = []
        var onMonthTotals = false
        for line in plan {
            if line.contains(" on ") { onMonthTotals = line.contains(" on month_totals ") }
            if onMonthTotals && line.contains("Index Cond") { reads.append(line) }
        }
        return reads
    }
}

/// Records every statement an `SQLDatabase` runs, passing it on.
final class RecordingRunner: SQLRunner {
    let inner: any SQLRunner
    private(set) var statements: [(sql: String, arguments: [SQLiteValue])] = []

    init(inner: any SQLRunner) { self.inner = inner }

    func execute(_ sql: String, _ arguments: [SQLiteValue]) throws -> Int {
        statements.append((sql, arguments))
        return try inner.execute(sql, arguments)
    }

    func rows(_ sql: String, _ arguments: [SQLiteValue]) throws -> [[String?]] {
        statements.append((sql, arguments))
        return try inner.rows(sql, arguments)
    }

    func transaction<T>(_ body: () throws -> T) throws -> T { try inner.transaction(body) }
    func close() { inner.close() }
}

/// The month histogram a database holds equals one rebuilt from its `month_totals` (SQL engines).
enum MonthHistogramCheck {
    static let queries = [
        (
            "SELECT month, value, players FROM month_counts WHERE level = 0 AND players <> 0 ORDER BY 1, 2",
            "SELECT month, score, COUNT(*) FROM month_totals GROUP BY month, score ORDER BY 1, 2"
        ),
        (
            "SELECT month, value, players FROM month_counts WHERE level = 1 AND players <> 0 ORDER BY 1, 2",
            """
            SELECT month, \(ScoreBlocks.sql("score")), COUNT(*) FROM month_totals GROUP BY 1, 2 ORDER BY 1, 2
            """
        ),
        (
            "SELECT month, players FROM month_counts WHERE level = 2 AND players <> 0 ORDER BY 1",
            "SELECT month, COUNT(*) FROM month_totals GROUP BY month ORDER BY 1"
        ),
    ]

    static func matchesARebuild(_ harness: Harness) throws {
        let runner: any SQLRunner
        switch harness.kind {
        case .memory: return
        case .postgres:
            runner = try PostgresRunner(conninfo: harness.location, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
        case .sqlite:
            runner = SQLiteRunner(connection: try SQLiteConnection(path: harness.location, busyTimeout: 5, queue: nil))
        }
        defer { runner.close() }
        for (kept, rebuilt) in queries {
            let have = try runner.rows(kept, [])
            #expect(have == (try runner.rows(rebuilt, [])), "\(kept)")
            #expect(!have.isEmpty)
        }
        let odd = "SELECT COUNT(*) FROM month_counts WHERE players < 0 OR level NOT IN (0, 1, 2) OR (level = 2 AND value <> 0)"
        #expect(try runner.rows(odd, []) == [["0"]])
    }
}

/// A database at the schema before the month histogram (SQLite 7, PostgreSQL 5) gets it built from
/// its `month_totals`, and its standings say rank and size from them.
@Suite(.ownThread) struct MonthHistogramMigrationTests {
    /// Three players in May 2026 (two tied on 1,024 points, one on 3), one in June, written as the
    /// schema before left them.
    static let rows = """
        INSERT INTO players (id, name, key, created, score, games, wins) VALUES
            (1, 'Ann', 'ann', 0, 1024, 1, 1), (2, 'Bob', 'bob', 0, 1024, 2, 1), (3, 'Cy', 'cy', 0, 5, 2, 0);
        INSERT INTO month_totals (month, player_id, key, score, games, wins) VALUES
            (1777593600, 1, 'ann', 1024, 1, 1), (1777593600, 2, 'bob', 1024, 2, 1), (1777593600, 3, 'cy', 3, 1, 0),
            (1780272000, 3, 'cy', 2, 1, 0);
        """

    static func checkStandings(_ store: Store) throws {
        let may = MonthlyBoardTests.may
        #expect(
            try value { store.monthlyStandings(month: may, players: ["cy", "bob", "ann"], completion: $0) } == [
                MonthlyStanding(name: "cy", rank: 3, players: 3, score: 3, games: 1, wins: 0),
                MonthlyStanding(name: "bob", rank: 2, players: 3, score: 1024, games: 2, wins: 1),
                MonthlyStanding(name: "ann", rank: 1, players: 3, score: 1024, games: 1, wins: 1),
            ])
        #expect(
            try value { store.monthlyStandings(month: MonthlyBoardTests.june, players: ["cy"], completion: $0) } == [
                MonthlyStanding(name: "cy", rank: 1, players: 1, score: 2, games: 1, wins: 0)
            ])
    }

    @Test func aVersion7SQLiteFileGetsTheMonthHistogram() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("v7.sqlite").path
        let old = try SQLiteConnection(path: path, busyTimeout: 1, queue: nil)
        for migration in SQLiteSchema.migrations.prefix(7) { try old.execute(migration) }
        try old.execute("PRAGMA user_version = 7")
        try old.execute(Self.rows)
        old.close()

        let store = try SQLiteStore(path: path, options: fastOptions)
        defer { store.close() }
        #expect(try userVersion(path) == SQLiteSchema.currentVersion)
        #expect(try sqliteColumn(path, "SELECT players FROM month_counts WHERE level = 2 ORDER BY month") == ["3", "1"])
        #expect(
            try sqliteColumn(path, "SELECT value FROM month_counts WHERE level = 1 ORDER BY month, value") == ["0", "1", "0"])
        #expect(
            try sqliteColumn(path, "SELECT players FROM month_counts WHERE level = 0 ORDER BY month, value") == ["1", "2", "1"])
        try Self.checkStandings(store)
    }

    @Test(.enabled(if: PostgresCluster.enabled))
    func aSchema5PostgresDatabaseGetsTheMonthHistogram() throws {
        let url = try PostgresCluster.freshDatabase()
        let old = try PostgresRunner(conninfo: url, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
        try old.executeScript("CREATE TABLE hangman_schema (version INTEGER NOT NULL)")
        for version in 0..<5 {
            try old.executeScript(PostgresSchema.migrations[version])
            try old.execute("INSERT INTO hangman_schema (version) VALUES ($1)", [.int(version + 1)])
        }
        try old.executeScript(Self.rows)
        old.close()

        let store = try PostgresStore(url: url, options: fastOptions)
        defer { store.close() }
        let check = try PostgresRunner(conninfo: url, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
        defer { check.close() }
        #expect(try check.rows("SELECT MAX(version) FROM hangman_schema", []) == [["\(PostgresSchema.currentVersion)"]])
        #expect(try check.rows("SELECT players FROM month_counts WHERE level = 2 ORDER BY month", []) == [["3"], ["1"]])
        #expect(
            try check.rows("SELECT value FROM month_counts WHERE level = 1 ORDER BY month, value", []) == [["0"], ["1"], ["0"]])
        try Self.checkStandings(store)
    }
}
