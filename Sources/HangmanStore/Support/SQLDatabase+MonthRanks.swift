import HangmanSync

/// Monthly standings without counting a month's players: `month_counts` holds, per month, how many
/// players have each score (level 0), each block of 1,024 scores (level 1), and in all (level 2), and
/// `month_ties` how many have each (score, wins, games), both kept by every write to `month_totals` (the
/// merge, and the rebuild after a delete), as `score_counts`/`score_blocks` are for the all-time rank. A
/// standing is then a sum over the month's blocks above the player's, the scores above theirs within their
/// block, the (wins, games) ahead of theirs on their score, and the players with all three equal and a
/// smaller key: one statement for all the players of a game (or of a group commit). See docs/STORE.md,
/// "Monthly boards".
extension SQLDatabase {
    /// A month's (score, wins, games): a row of `month_ties`, ordered as its primary key.
    struct MonthTie: Hashable, Comparable {
        var month: Int64
        var score: Int
        var wins: Int
        var games: Int

        static func < (a: MonthTie, b: MonthTie) -> Bool {
            (a.month, a.score, a.wins, a.games) < (b.month, b.score, b.wins, b.games)
        }
    }

    /// Changes to `month_counts` and `month_ties`: players entering or leaving a (month, score, wins, games).
    struct MonthCountChanges {
        var ties: [MonthTie: Int] = [:]

        /// A player's totals row for `month` now has these totals (it is on the month's board).
        mutating func enter(month: Int64, score: Int, wins: Int, games: Int) {
            ties[MonthTie(month: month, score: score, wins: wins, games: games), default: 0] += 1
        }

        /// A player's totals row for `month` no longer has these totals (moved, or removed).
        mutating func leave(month: Int64, score: Int, wins: Int, games: Int) {
            ties[MonthTie(month: month, score: score, wins: wins, games: games), default: 0] -= 1
        }
    }

    /// `block` of a score column in SQL: floor division by `blockSize` (SQL's `/` and `%` truncate).
    static func sqlBlock(_ column: String) -> String {
        "((\(column) - ((\(column) % \(blockSize)) + \(blockSize)) % \(blockSize)) / \(blockSize))"
    }

    /// `month_counts.level`: players with one score, with a score in one block, in the whole month.
    enum MonthCountLevel: Int {
        case score = 0, block = 1, month = 2
    }

    /// Rebuilds `month_counts` from `month_totals` (the migration that creates it).
    static let rebuildMonthCounts = """
        DELETE FROM month_counts;
        INSERT INTO month_counts (month, level, value, players)
            SELECT month, 0, score, COUNT(*) FROM month_totals GROUP BY month, score;
        INSERT INTO month_counts (month, level, value, players)
            SELECT month, 1, \(sqlBlock("value")), SUM(players) FROM month_counts WHERE level = 0 GROUP BY 1, 3;
        INSERT INTO month_counts (month, level, value, players) SELECT month, 2, 0, COUNT(*) FROM month_totals GROUP BY month
        """

    /// Rebuilds `month_ties` from `month_totals` (the migration that creates it).
    static let rebuildMonthTies = """
        DELETE FROM month_ties;
        INSERT INTO month_ties (month, score, wins, games, players)
            SELECT month, score, wins, games, COUNT(*) FROM month_totals GROUP BY month, score, wins, games
        """

    /// The standings of `keys` players (`$2…`) in month `$1`: each one's key, name, points, games, wins,
    /// the players ahead of them, and the month's players. No count over the month: the histogram above
    /// the score (`month_counts`), the (wins, games) ahead on the score (`month_ties`: more wins; as many
    /// and fewer games), then the players with the same three and a smaller key, counted in the rank
    /// index by gaps: the asked players of one (score, wins, games) in key order, each counts the range
    /// from the previous one's key (`LAG`) to its own, and a running `SUM` adds the gaps up. So a crowd of
    /// tied players (bots) is read once per statement up to its last asked key, not once per asked key
    /// up to its own (1.9 against 3.4 ms for 64 keys in groups of 1,000 ties).
    /// `CROSS JOIN` keeps SQLite's plan player by player (the key index, then the month's row): for a
    /// group commit's players (dozens of keys) it otherwise scanned the whole month's rank index and
    /// looked each row's player up (1.2 ms instead of 0.15 ms for 52 keys among 2,000 players); for
    /// PostgreSQL it is an inner join like any other.
    static func monthStandings(keys: Int) -> String {
        let list = (0..<keys).map { "$\($0 + 2)" }.joined(separator: ", ")
        let block = sqlBlock("a.score")
        return """
            WITH asked AS (
                SELECT p.key, p.name, t.score, t.games, t.wins,
                    LAG(t.key, 1, '') OVER (PARTITION BY t.score, t.wins, t.games ORDER BY t.key) AS previous
                FROM players p CROSS JOIN month_totals t
                WHERE p.key IN (\(list)) AND t.player_id = p.id AND t.month = $1
            ), counted AS (
                SELECT a.key, a.name, a.score, a.games, a.wins,
                    (SELECT COALESCE(SUM(b.players), 0) FROM month_counts b WHERE b.month = $1 AND b.level = 1
                        AND b.value > \(block))
                    + (SELECT COALESCE(SUM(c.players), 0) FROM month_counts c WHERE c.month = $1 AND c.level = 0
                        AND c.value > a.score AND c.value < (\(block) + 1) * \(blockSize))
                    + (SELECT COALESCE(SUM(e.players), 0) FROM month_ties e WHERE e.month = $1 AND e.score = a.score
                        AND e.wins > a.wins)
                    + (SELECT COALESCE(SUM(e.players), 0) FROM month_ties e WHERE e.month = $1 AND e.score = a.score
                        AND e.wins = a.wins AND e.games < a.games) AS above,
                    (SELECT COUNT(*) FROM month_totals u WHERE u.month = $1 AND u.score = a.score AND u.wins = a.wins
                        AND u.games = a.games AND u.key >= a.previous AND u.key < a.key) AS gap
                FROM asked a
            )
            SELECT key, name, score, games, wins,
                above + SUM(gap) OVER (PARTITION BY score, wins, games ORDER BY key ROWS UNBOUNDED PRECEDING),
                COALESCE((SELECT n.players FROM month_counts n WHERE n.month = $1 AND n.level = 2 AND n.value = 0), 0)
            FROM counted
            """
    }

    func monthlyStandings(month: LeaderboardMonth, keys: [String]) throws -> [String: MonthlyStanding] {
        let wanted = Set(keys).sorted()
        var found: [String: MonthlyStanding] = [:]
        var start = 0
        while start < wanted.count {
            let chunk = wanted[start..<min(start + Self.rowsPerStatement, wanted.count)]
            let rows = try runner.query(
                Self.monthStandings(keys: chunk.count), [.integer(month.start)] + chunk.map { .text($0) }
            ) { row in
                (
                    key: try row.text(0),
                    standing: MonthlyStanding(
                        name: try row.text(1), rank: try row.int(5) + 1, players: try row.int(6), score: try row.int(2),
                        games: try row.int(3), wins: try row.int(4))
                )
            }
            for row in rows { found[row.key] = row.standing }
            start += chunk.count
        }
        return found
    }

    /// Applies `changes` to `month_counts`, then to `month_ties`, each in one upsert with rows in key order
    /// (after `month_totals`, as every writer does), so two servers writing at once take the rows' locks in
    /// the same order. A `month_ties` row left with no player is deleted (players move to a new (wins,
    /// games) at every game: kept, they would add up to a row per result); `month_counts` keeps its rows
    /// (one per score the month has seen).
    func adjustMonthCounts(_ changes: MonthCountChanges) throws {
        var counts: [MonthCount: Int] = [:]
        for (tie, change) in changes.ties where change != 0 {
            counts[MonthCount(month: tie.month, level: .score, value: tie.score), default: 0] += change
            counts[MonthCount(month: tie.month, level: .block, value: Self.block(of: tie.score)), default: 0] += change
            counts[MonthCount(month: tie.month, level: .month, value: 0), default: 0] += change
        }
        let rows: [[SQLiteValue]] = counts.filter { $0.value != 0 }.map(\.key).sorted().map { row in
            [.integer(row.month), .int(row.level.rawValue), .int(row.value), .int(counts[row] ?? 0)]
        }
        _ = try insertRows(rows, columns: 4) { values in
            """
            INSERT INTO month_counts (month, level, value, players) VALUES \(values)
            ON CONFLICT (month, level, value) DO UPDATE SET players = month_counts.players + excluded.players
            """
        } map: { _ in
            ()
        }
        let ties = changes.ties.filter { $0.value != 0 }.sorted { $0.key < $1.key }
        let tieRows: [[SQLiteValue]] = ties.map { tie, change in
            [.integer(tie.month), .int(tie.score), .int(tie.wins), .int(tie.games), .int(change)]
        }
        let emptied = try insertRows(tieRows, columns: 5) { values in
            """
            INSERT INTO month_ties (month, score, wins, games, players) VALUES \(values)
            ON CONFLICT (month, score, wins, games) DO UPDATE SET players = month_ties.players + excluded.players
            RETURNING month, score, wins, games, players
            """
        } map: { row in
            try row.int(4) == 0
                ? MonthTie(month: try row.int64(0), score: try row.int(1), wins: try row.int(2), games: try row.int(3)) : nil
        }
        try deleteEmptyTies(emptied.compactMap { $0 }.sorted())
    }

    /// Deletes these `month_ties` rows if they still have no player, in key order, 64 a statement.
    private func deleteEmptyTies(_ ties: [MonthTie]) throws {
        var start = 0
        while start < ties.count {
            let chunk = ties[start..<min(start + Self.rowsPerStatement, ties.count)]
            let terms = Self.emptyTiesTerms.withLock { cache in
                if let built = cache[chunk.count] { return built }
                let built = (0..<chunk.count).map { row in
                    let first = row * 4
                    return "(month = $\(first + 1) AND score = $\(first + 2) AND wins = $\(first + 3) AND games = $\(first + 4))"
                }.joined(separator: " OR ")
                cache[chunk.count] = built
                return built
            }
            try runner.execute(
                "DELETE FROM month_ties WHERE players = 0 AND (\(terms))",
                chunk.flatMap { [.integer($0.month), .int($0.score), .int($0.wins), .int($0.games)] })
            start += chunk.count
        }
    }

    /// The `WHERE` terms of `deleteEmptyTies`, built once per row count.
    private static let emptyTiesTerms = Locked<[Int: String]>([:])

    /// The primary key of a `month_counts` row, ordered as the table is.
    private struct MonthCount: Hashable, Comparable {
        var month: Int64
        var level: MonthCountLevel
        var value: Int

        static func < (a: MonthCount, b: MonthCount) -> Bool {
            (a.month, a.level.rawValue, a.value) < (b.month, b.level.rawValue, b.value)
        }
    }
}
