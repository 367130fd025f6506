import Foundation
import Testing

@testable import HangmanStore

/// `LeaderboardMonth`: UTC months without a calendar object, checked against Foundation's.
@Suite(.ownThread) struct LeaderboardMonthTests {
    @Test func parsesOnlyFourDigitsDashTwoDigits() {
        #expect(LeaderboardMonth("2026-05") == LeaderboardMonth(year: 2026, month: 5))
        #expect(LeaderboardMonth("0999-12")?.description == "0999-12")
        for bad in [
            "2026-13", "2026-00", "2026-5", "26-05", "202605", "2026-05-01", "month", "99", "+026-05", "2026-+5", "", "-",
        ] {
            #expect(LeaderboardMonth(bad) == nil, "\(bad)")
        }
        #expect(LeaderboardMonth(year: 2026, month: 13) == nil)
        #expect(LeaderboardMonth(year: 10_000, month: 1) == nil)
    }

    @Test func boundsMatchFoundationsUTCCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for year in [1970, 1999, 2000, 2024, 2026, 2100, 2400] {
            for month in 1...12 {
                let board = try #require(LeaderboardMonth(year: year, month: month))
                let first = try #require(calendar.date(from: DateComponents(year: year, month: month, day: 1)))
                let next = try #require(calendar.date(byAdding: .month, value: 1, to: first))
                #expect(board.start == Int64(first.timeIntervalSince1970), "\(board)")
                #expect(board.end == Int64(next.timeIntervalSince1970), "\(board)")
                #expect(LeaderboardMonth(containing: board.start) == board)
                #expect(LeaderboardMonth(containing: board.end - 1) == board)
                #expect(LeaderboardMonth(containing: board.end) != board)
            }
        }
        #expect(LeaderboardMonth(containing: 0).description == "1970-01")
        #expect(LeaderboardMonth(containing: -1).description == "1969-12")
        // 2024 is a leap year: February ends on the 29th.
        #expect(LeaderboardMonth(year: 2024, month: 2)?.end == LeaderboardMonth(year: 2024, month: 3)?.start)
        #expect(LeaderboardMonth(containing: 1_709_164_799).description == "2024-02")  // 2024-02-29 23:59:59
    }
}

/// Monthly boards on every engine: a month's board is the ranked results of the games that ended in it.
@Suite(.ownThread) struct MonthlyBoardTests {
    /// 2026-05 (1 May 2026 00:00:00 UTC is 1777593600), 2026-04 and 2026-06.
    static let may = LeaderboardMonth(containing: 1_777_593_600)
    static let april = LeaderboardMonth(containing: may.start - 1)
    static let june = LeaderboardMonth(containing: may.end)

    static func one(_ name: String, _ score: Int, ended: Int64, rank: Int = 1) -> GameRecord {
        game(
            "m", rounds: [RoundRecord(word: "w", won: true, mistakes: 0)], results: [player(name, score, rank: rank)],
            ended: ended)
    }

    /// A game on each side of both of May's edges: 23:59:59 on the last day of April, 00:00:00 on 1 May,
    /// 23:59:59 on 31 May, 00:00:00 on 1 June (UTC).
    static func loadEdges(_ store: any HangmanStore) throws {
        try store.record(one("Ann", 10, ended: may.start - 1))
        try store.record(one("Bob", 5, ended: may.start))
        try store.record(one("Cy", 7, ended: may.end - 1))
        try store.record(one("Dee", 20, ended: may.end))
    }

    @Test(arguments: StoreKind.engines)
    func aGameCountsInTheMonthItEndedIn(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try Self.loadEdges(store)
        func board(_ month: LeaderboardMonth) throws -> [String] {
            try value { store.monthlyLeaderboard(month: month, limit: 10, player: nil, completion: $0) }.entries.map(\.name)
        }
        #expect(try board(Self.april) == ["Ann"])
        #expect(try board(Self.may) == ["Cy", "Bob"])
        #expect(try board(Self.june) == ["Dee"])
        #expect(try board(LeaderboardMonth(containing: Self.june.end)) == [])
        #expect([Self.april, Self.may, Self.june].map(\.description) == ["2026-04", "2026-05", "2026-06"])
        // `top` stays all-time.
        #expect(
            try value { store.leaderboard(limit: 10, player: nil, completion: $0) }.entries.map(\.name) == [
                "Dee", "Ann", "Cy", "Bob",
            ])
    }

    @Test(arguments: StoreKind.engines)
    func pagingAndTheOwnRowWorkAsOnTop(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try Self.loadEdges(store)
        try store.record(Self.one("Bob", 3, ended: Self.may.start + 100))  // Bob: 8 points in 2 games
        let page = try value { store.monthlyLeaderboard(month: Self.may, limit: 1, player: "BOB", completion: $0) }
        #expect(page.entries == [LeaderboardEntry(rank: 1, name: "Bob", score: 8, games: 2, wins: 2)])
        #expect(page.mine == nil)  // inside the page
        let cy = try value { store.monthlyLeaderboard(month: Self.may, limit: 1, player: "cy", completion: $0) }
        #expect(cy.mine == LeaderboardEntry(rank: 2, name: "Cy", score: 7, games: 1, wins: 1))
        #expect(try value { store.monthlyLeaderboard(month: Self.may, limit: 1, player: "ann", completion: $0) }.mine == nil)
        #expect(
            try value { store.monthlyLeaderboard(month: Self.may, limit: 0, player: nil, completion: $0) }
                == LeaderboardPage(entries: []))
    }

    @Test(arguments: StoreKind.engines)
    func tiesFollowTopsOrder(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        // All on 10 points: Zed with a win in one game, Amy and Eve in one game without a win (rank 2),
        // Bea in two games. Order: wins desc, games asc, key asc.
        let start = Self.may.start
        try store.record(
            game(
                "t", rounds: [], results: [player("Zed", 10, rank: 1), player("Eve", 10, rank: 2), player("Amy", 10, rank: 2)],
                ended: start + 10))
        try store.record(game("t", rounds: [], results: [player("Bea", 5, rank: 1)], ended: start + 20))
        try store.record(game("t", rounds: [], results: [player("Bea", 5, rank: 1)], ended: start + 30))
        let page = try value { store.monthlyLeaderboard(month: Self.may, limit: 10, player: nil, completion: $0) }
        #expect(page.entries.map(\.name) == ["Bea", "Zed", "Amy", "Eve"])
        #expect(page.entries.map(\.rank) == [1, 2, 3, 4])
        let standings = try value { store.monthlyStandings(month: Self.may, players: ["eve", "Amy"], completion: $0) }
        #expect(standings.map(\.rank) == [4, 3])
    }

    @Test(arguments: StoreKind.engines)
    func unrankedGamesAndSeatsStayOffTheMonth(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        var setter = Self.one("Ann", 99, ended: Self.may.start + 5)
        setter.ranked = false
        try store.record(setter)
        try store.record(
            game(
                "b", rounds: [],
                results: [
                    PlayerResult(name: "Bot", score: 50, rank: 1, solved: 0, failed: 0, ranked: false), player("Bob", 4, rank: 2),
                ],
                ended: Self.may.start + 6))
        let page = try value { store.monthlyLeaderboard(month: Self.may, limit: 10, player: "ann", completion: $0) }
        #expect(page.entries == [LeaderboardEntry(rank: 1, name: "Bob", score: 4, games: 1, wins: 0)])
        #expect(page.mine == nil)
        #expect(
            try value { store.monthlyStandings(month: Self.may, players: ["Ann", "Bot", "Bob"], completion: $0) }.map(\.name) == [
                "Bob"
            ])
    }

    @Test(arguments: StoreKind.engines)
    func standingsSayRankOfHowManyInTheOrderAsked(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try Self.loadEdges(store)
        let standings = try value {
            store.monthlyStandings(month: Self.may, players: ["BOB", "nobody", "Dee", "cy", "bob"], completion: $0)
        }
        #expect(
            standings == [
                MonthlyStanding(name: "BOB", rank: 2, players: 2, score: 5, games: 1, wins: 1),
                MonthlyStanding(name: "cy", rank: 1, players: 2, score: 7, games: 1, wins: 1),
                MonthlyStanding(name: "bob", rank: 2, players: 2, score: 5, games: 1, wins: 1),
            ])
        #expect(try value { store.monthlyStandings(month: Self.may, players: [], completion: $0) } == [])
        // A deleted result leaves the month too.
        let gameID = try #require(try value { store.history(player: "cy", limit: 1, completion: $0) }.first).gameID
        try value { store.deleteHistory(player: "cy", gameID: gameID, completion: $0) }
        #expect(try value { store.monthlyStandings(month: Self.may, players: ["Bob", "Cy"], completion: $0) }.map(\.rank) == [1])
    }

    /// A month's board is a scan of `month_totals_by_rank` that stops after `limit` rows, on both SQL
    /// engines. On PostgreSQL sequential and bitmap scans and sorts are switched off for the check: on a
    /// tiny table the planner rightly prefers them, so the question asked is whether the index can serve
    /// the query in its order at all.
    @Test(arguments: StoreKind.shared)
    func theMonthQueryUsesTheRankIndex(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let arguments: [SQLiteValue] = [.integer(Self.may.start), .int(10)]
        let plan: [String]
        switch kind {
        case .postgres:
            let runner = try PostgresRunner(conninfo: harness.location, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
            defer { runner.close() }
            try runner.executeScript("SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_sort = off")
            plan = try runner.rows("EXPLAIN " + MonthBoards.monthBoard, arguments).compactMap { $0.first ?? nil }
        default:
            let connection = try SQLiteConnection(path: harness.location, busyTimeout: 5, queue: nil)
            defer { connection.close() }
            let sql = "EXPLAIN QUERY PLAN " + MonthBoards.monthBoard.replacingOccurrences(of: "$", with: "?")
            plan = try connection.query(sql, arguments) { $0.text(3) }.compactMap { $0 }
        }
        #expect(plan.contains { $0.contains("month_totals_by_rank") }, "\(plan.joined(separator: "\n"))")
        #expect(
            !plan.contains { $0.contains("TEMP B-TREE") || $0.contains("Sort") },
            "in index order: \(plan.joined(separator: "\n"))")
    }
}

/// A PostgreSQL database at schema 2 (before the ranked flags and the monthly totals) is migrated with
/// its data: its games are ranked and back-filled into the months they ended in.
@Suite(.ownThread) struct PostgresMigrationTests {
    @Test(.enabled(if: PostgresCluster.enabled))
    func aSchema2DatabaseIsMigratedWithItsData() throws {
        let url = try PostgresCluster.freshDatabase()
        let old = try PostgresRunner(conninfo: url, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
        try old.executeScript("CREATE TABLE hangman_schema (version INTEGER NOT NULL)")
        for version in 0..<2 {
            try old.executeScript(PostgresSchema.migrations[version])
            try old.execute("INSERT INTO hangman_schema (version) VALUES ($1)", [.int(version + 1)])
        }
        try old.executeScript(
            """
            INSERT INTO players (id, name, key, created, score, games, wins, best, solved, failed)
                VALUES (1, 'Old', 'old', 0, 42, 1, 1, 42, 1, 0);
            INSERT INTO games (id, uid, room, mode, difficulty, round_count, mistakes, words_solved, started, ended)
                VALUES (1, NULL, 'r', 'classic', 'easy', 1, 2, 1, 10, 20);
            INSERT INTO rounds VALUES (1, 1, 'owl', 1, 2, 'Old');
            INSERT INTO game_results VALUES (1, 1, 0, 42, 1, 1, 0);
            INSERT INTO games (id, uid, room, mode, difficulty, round_count, mistakes, words_solved, started, ended)
                VALUES (2, NULL, 'r', 'classic', 'easy', 1, 0, 1, 10, 1780271999);
            INSERT INTO game_results VALUES (2, 1, 0, 8, 1, 1, 0);
            UPDATE players SET score = 50, games = 2, wins = 2;
            INSERT INTO score_counts VALUES (50, 1);
            INSERT INTO score_blocks VALUES (0, 1);
            """)
        old.close()

        let store = try PostgresStore(url: url, options: fastOptions)
        defer { store.close() }
        let check = try PostgresRunner(conninfo: url, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
        defer { check.close() }
        #expect(try check.rows("SELECT MAX(version) FROM hangman_schema", []) == [["\(PostgresSchema.currentVersion)"]])
        #expect(PostgresSchema.currentVersion == 13)
        #expect(
            try check.rows("SELECT indexname FROM pg_indexes WHERE indexname = 'month_totals_by_rank'", [])
                == [["month_totals_by_rank"]])
        #expect(try value { store.game(id: 1, completion: $0) }.record.ranked)
        // Results stored before each player's own misses were kept have the game's (schema 6).
        #expect(try value { store.highScores(limit: 10, completion: $0) }.map(\.mistakes) == [2, 0])
        #expect(try value { store.history(player: "old", limit: 10, completion: $0) }.map(\.mistakes) == [2])
        let month = try #require(LeaderboardMonth(year: 1970, month: 1))
        #expect(
            try value { store.monthlyLeaderboard(month: month, limit: 10, player: nil, completion: $0) }.entries == [
                LeaderboardEntry(rank: 1, name: "Old", score: 42, games: 1, wins: 1)
            ])
        // The game that ended on the last second of May 2026 (UTC) is back-filled into May.
        let may = LeaderboardMonth(containing: 1_780_271_999)
        #expect(try value { store.monthlyStandings(month: may, players: ["old"], completion: $0) }.map(\.score) == [8])
        #expect(
            try value { store.monthlyStandings(month: LeaderboardMonth(containing: may.end), players: ["old"], completion: $0) }
                == [])
    }
}
