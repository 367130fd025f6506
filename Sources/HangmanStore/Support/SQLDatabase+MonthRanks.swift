/// Monthly standings without counting a month's players: `month_counts` holds, per month, how many
/// players have each score (level 0), each block of 1,024 scores (level 1), and in all (level 2), kept
/// by every write to `month_totals` (the merge, and the rebuild after a delete) in ONE upsert, as
/// `score_counts`/`score_blocks` are for the all-time rank. A standing is then a sum over the month's
/// blocks above the player's, the scores above theirs within their block, and the ties on their score
/// ahead of them (an index range of `month_totals_by_rank` within one score): one statement for all the
/// players of a game. See docs/STORE.md, "Monthly boards".
extension SQLDatabase {
    /// A month and a score (or a block of scores): a score in `month_counts`.
    struct MonthScore: Hashable {
        var month: Int64
        var score: Int
    }

    /// Changes to `month_counts`: players entering or leaving a (month, score).
    struct MonthCountChanges {
        var scores: [MonthScore: Int] = [:]
        var players: [Int64: Int] = [:]

        /// A player's totals row for `month` now has `score` (it is on the month's board).
        mutating func enter(month: Int64, score: Int) {
            scores[MonthScore(month: month, score: score), default: 0] += 1
            players[month, default: 0] += 1
        }

        /// A player's totals row for `month` no longer has `score` (moved, or removed).
        mutating func leave(month: Int64, score: Int) {
            scores[MonthScore(month: month, score: score), default: 0] -= 1
            players[month, default: 0] -= 1
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

    /// The standings of `keys` players (`$2…`) in month `$1`: each one's key, name, points, games, wins,
    /// the players ahead of them, and the month's players. No count over the month: the histogram above
    /// the score, then the ties ahead within the score as three ranges of the rank index that hold only
    /// players ahead (more wins; as many wins and fewer games; as many of both and a smaller key): one
    /// `OR` filter over the whole score's range instead was 4 times slower with 250 players on a score.
    /// `CROSS JOIN` keeps SQLite's plan player by player (the key index, then the month's row): for a
    /// group commit's players (dozens of keys) it otherwise scanned the whole month's rank index and
    /// looked each row's player up (1.2 ms instead of 0.15 ms for 52 keys among 2,000 players); for
    /// PostgreSQL it is an inner join like any other.
    static func monthStandings(keys: Int) -> String {
        let list = (0..<keys).map { "$\($0 + 2)" }.joined(separator: ", ")
        let block = sqlBlock("t.score")
        return """
            SELECT p.key, p.name, t.score, t.games, t.wins,
                (SELECT COALESCE(SUM(b.players), 0) FROM month_counts b WHERE b.month = t.month AND b.level = 1
                    AND b.value > \(block))
                + (SELECT COALESCE(SUM(c.players), 0) FROM month_counts c WHERE c.month = t.month AND c.level = 0
                    AND c.value > t.score AND c.value < (\(block) + 1) * \(blockSize))
                + (SELECT COUNT(*) FROM month_totals u WHERE u.month = t.month AND u.score = t.score AND u.wins > t.wins)
                + (SELECT COUNT(*) FROM month_totals u WHERE u.month = t.month AND u.score = t.score AND u.wins = t.wins
                    AND u.games < t.games)
                + (SELECT COUNT(*) FROM month_totals u WHERE u.month = t.month AND u.score = t.score AND u.wins = t.wins
                    AND u.games = t.games AND u.key < t.key),
                COALESCE((SELECT n.players FROM month_counts n WHERE n.month = t.month AND n.level = 2 AND n.value = 0), 0)
            FROM players p CROSS JOIN month_totals t
            WHERE p.key IN (\(list)) AND t.player_id = p.id AND t.month = $1
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

    /// Applies `changes` to `month_counts` in one upsert, rows in key order (after `month_totals`, as every
    /// writer does), so two servers writing at once take the rows' locks in the same order.
    func adjustMonthCounts(_ changes: MonthCountChanges) throws {
        var counts: [MonthCount: Int] = [:]
        for (row, change) in changes.scores where change != 0 {
            counts[MonthCount(month: row.month, level: .score, value: row.score), default: 0] += change
            counts[MonthCount(month: row.month, level: .block, value: Self.block(of: row.score)), default: 0] += change
        }
        for (month, change) in changes.players where change != 0 {
            counts[MonthCount(month: month, level: .month, value: 0), default: 0] += change
        }
        let rows: [SQLiteValue] = counts.filter { $0.value != 0 }.map(\.key).sorted().flatMap { row in
            [SQLiteValue.integer(row.month), .int(row.level.rawValue), .int(row.value), .int(counts[row] ?? 0)]
        }
        _ = try insertRows(rows, columns: 4) { values in
            """
            INSERT INTO month_counts (month, level, value, players) VALUES \(values)
            ON CONFLICT (month, level, value) DO UPDATE SET players = month_counts.players + excluded.players
            """
        } map: { _ in
            ()
        }
    }

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
