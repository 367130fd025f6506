import Foundation
import Testing

@testable import HangmanStore

/// The month's ties (`month_ties`: players per (score, wins, games)) and the key order within them:
/// standings read for any subset of a month's players, crowds of exactly tied players included, equal
/// a brute-force board through merges and deletes, on every engine; the table stays equal to one
/// rebuilt from `month_totals` (no row left without a player); and the migration builds it.
@Suite struct MonthTiesTests {
    static let may = MonthlyBoardTests.may
    static let june = MonthlyBoardTests.june
    /// Keys that do not sort as they were made ("m07" < "m7"; upper and lower case fold to one key).
    static let names = (0..<70).map { $0 % 3 == 0 ? "M\($0)" : $0 % 3 == 1 ? "m0\($0)" : "x\(69 - $0)" }

    /// Games whose players mostly end up exactly tied: few games a player, scores 0 or 1, one to three
    /// seats, a win only at rank 1 with a point, so many players share (score, wins, games) in a month.
    static func crowdGames(_ count: Int, seed: UInt64) -> [GameRecord] {
        var random = MonthRankTests.Random(state: seed)
        return (0..<count).map { _ in
            var seats = Set<String>()
            for _ in 0...random.next(2) { seats.insert(names[random.next(names.count)]) }
            let results = seats.sorted().enumerated().map { index, name in
                PlayerResult(
                    name: name, score: random.next(2), rank: index + 1, solved: 0, failed: 0, ranked: random.next(20) != 0)
            }
            let month = random.next(4) == 0 ? june : may
            return game("c", rounds: [], results: results, ended: month.start + Int64(random.next(1000)))
        }
    }

    /// Asks random subsets (1 to 64 keys, some unknown) and compares each with the brute-force board.
    static func checkSubsets(_ store: Store, _ model: MonthRankTests.Model, seed: UInt64, _ label: String) throws {
        var random = MonthRankTests.Random(state: seed)
        for month in [may, june] {
            let board = model.board(month)
            for _ in 0..<12 {
                let size = 1 + random.next(64)
                let keys = Set(
                    (0..<size).map { _ in
                        HangmanStoreKey.key(for: random.next(9) == 0 ? "nobody\(random.next(5))" : names[random.next(names.count)])
                    })
                let standings = try value { store.monthlyStandings(month: month, players: keys.sorted(), completion: $0) }
                #expect(
                    standings.sorted { $0.rank < $1.rank } == board.filter { keys.contains($0.name) },
                    "\(label), \(month), \(size) asked")
            }
        }
    }

    @Test(arguments: StoreKind.engines)
    func standingsOfAnyPlayersAgreeWithABruteForceBoard(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        var model = MonthRankTests.Model()
        try MonthRankTests.merge(Self.crowdGames(50, seed: 3), into: store, model: &model)
        let crowd = model.board(Self.may).reduce(into: [String: Int]()) { $0["\($1.score)/\($1.wins)/\($1.games)", default: 0] += 1 }
        #expect((crowd.values.max() ?? 0) >= 6, "the fixture should tie many players exactly: \(crowd)")
        try Self.checkSubsets(store, model, seed: 1, "after merges")
        try MonthHistogramCheck.matchesARebuild(harness)

        var random = MonthRankTests.Random(state: 21)
        for _ in 0..<20 {
            let (id, record) = model.games[random.next(model.games.count)]
            guard let result = record.uniqueResults.first else { continue }
            let key = HangmanStoreKey.key(for: result.name)
            guard !model.deleted.contains("\(key)/\(id)") else { continue }
            try value { store.deleteHistory(player: result.name, gameID: id, completion: $0) }
            model.deleted.insert("\(key)/\(id)")
        }
        _ = try value { store.resetHistory(player: Self.names[4], completion: $0) }
        let reset = HangmanStoreKey.key(for: Self.names[4])
        for (id, _) in model.games { model.deleted.insert("\(reset)/\(id)") }
        try Self.checkSubsets(store, model, seed: 2, "after deletes")
        try MonthHistogramCheck.matchesARebuild(harness)

        try MonthRankTests.merge(Self.crowdGames(30, seed: 9), into: store, model: &model)
        try Self.checkSubsets(store, model, seed: 4, "after more merges")
        try MonthHistogramCheck.matchesARebuild(harness)
    }

    /// Two players tied on (score, wins, games) with a third between them by key, which is not asked.
    @Test(arguments: StoreKind.engines)
    func aTiedPlayerNotAskedStillCountsAhead(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        for name in ["Cy", "Al", "Bo", "Di"] {
            try store.record(game("t", rounds: [], results: [player(name, 5, rank: 2)], ended: Self.may.start))
        }
        try store.record(game("t", rounds: [], results: [player("Ed", 5, rank: 1)], ended: Self.may.start))  // a win: first
        let standings = try value { store.monthlyStandings(month: Self.may, players: ["Di", "Al", "Cy"], completion: $0) }
        #expect(standings.map(\.name) == ["Di", "Al", "Cy"])
        #expect(standings.map(\.rank) == [5, 2, 4])
        #expect(standings.map(\.players) == [5, 5, 5])
    }

    // MARK: - The migration

    /// May 2026: Ann and Bob tied on (1,024, 1 win, 2 games), Cy on (1,024, 1, 1), Di on (3, 0, 1); June:
    /// Cy. Written as schema 9 (SQLite) / 7 (PostgreSQL) left them: `month_counts` without `month_ties`.
    static let rows = """
        INSERT INTO players (id, name, key, created, score, games, wins) VALUES
            (1, 'Ann', 'ann', 0, 1024, 2, 1), (2, 'Bob', 'bob', 0, 1024, 2, 1), (3, 'Cy', 'cy', 0, 1026, 2, 1),
            (4, 'Di', 'di', 0, 3, 1, 0);
        INSERT INTO month_totals (month, player_id, key, score, games, wins) VALUES
            (1777593600, 1, 'ann', 1024, 2, 1), (1777593600, 2, 'bob', 1024, 2, 1), (1777593600, 3, 'cy', 1024, 1, 1),
            (1777593600, 4, 'di', 3, 1, 0), (1780272000, 3, 'cy', 2, 1, 0);
        INSERT INTO month_counts (month, level, value, players) VALUES
            (1777593600, 0, 1024, 3), (1777593600, 0, 3, 1), (1777593600, 1, 1, 3), (1777593600, 1, 0, 1),
            (1777593600, 2, 0, 4), (1780272000, 0, 2, 1), (1780272000, 1, 0, 1), (1780272000, 2, 0, 1);
        """

    static let expectedTies = [
        ["1777593600", "3", "0", "1", "1"], ["1777593600", "1024", "1", "1", "1"], ["1777593600", "1024", "1", "2", "2"],
        ["1780272000", "2", "0", "1", "1"],
    ]

    static func checkStandings(_ store: Store) throws {
        #expect(
            try value { store.monthlyStandings(month: may, players: ["di", "bob", "ann", "cy"], completion: $0) }.map {
                "\($0.name) \($0.rank)/\($0.players)"
            } == ["di 4/4", "bob 3/4", "ann 2/4", "cy 1/4"])
    }

    static let tiesQuery = "SELECT month, score, wins, games, players FROM month_ties ORDER BY 1, 2, 3, 4"

    @Test func aVersion9SQLiteFileGetsTheMonthTies() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("v9.sqlite").path
        let old = try SQLiteConnection(path: path, busyTimeout: 1, queue: nil)
        for migration in SQLiteSchema.migrations.prefix(9) { try old.execute(migration) }
        try old.execute("PRAGMA user_version = 9")
        try old.execute(Self.rows)
        old.close()

        let store = try SQLiteStore(path: path, options: fastOptions)
        defer { store.close() }
        #expect(try userVersion(path) == SQLiteSchema.currentVersion)
        let check = SQLiteRunner(connection: try SQLiteConnection(path: path, busyTimeout: 5, queue: nil))
        defer { check.close() }
        #expect(try check.rows(Self.tiesQuery, []) == Self.expectedTies)
        try Self.checkStandings(store)
    }

    @Test(.enabled(if: PostgresCluster.enabled))
    func aSchema7PostgresDatabaseGetsTheMonthTies() throws {
        let url = try PostgresCluster.freshDatabase()
        let old = try PostgresRunner(conninfo: url, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
        try old.executeScript("CREATE TABLE hangman_schema (version INTEGER NOT NULL)")
        for version in 0..<7 {
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
        #expect(try check.rows(Self.tiesQuery, []) == Self.expectedTies)
        try Self.checkStandings(store)
    }
}
