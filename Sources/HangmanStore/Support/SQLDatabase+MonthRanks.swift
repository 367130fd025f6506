/// Monthly standings without counting a month's players: per month, how many players have each score
/// (`month_score_counts`), each block of 1,024 scores (`month_score_blocks`), and in all
/// (`month_players`), kept by every write to `month_totals` (the merge, and the rebuild after a delete),
/// as `score_counts`/`score_blocks` are for the all-time rank. A standing is then a sum over the month's
/// blocks above the player's, the scores above theirs within their block, and the ties on their score
/// ahead of them (an index range of `month_totals_by_rank` within one score): one statement for all the
/// players of a game. See docs/STORE.md, "Monthly boards".
extension SQLDatabase {
    /// A month and a score (or a block of scores): one row of the month histograms.
    struct MonthScore: Hashable {
        var month: Int64
        var score: Int
    }

    /// Changes to the month histograms: players entering or leaving a (month, score).
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

    /// Rebuilds the month histograms from `month_totals` (the migration that creates them).
    static let rebuildMonthCounts = """
        DELETE FROM month_score_counts;
        INSERT INTO month_score_counts (month, score, players) SELECT month, score, COUNT(*) FROM month_totals GROUP BY month, score;
        DELETE FROM month_score_blocks;
        INSERT INTO month_score_blocks (month, block, players)
            SELECT month, \(sqlBlock("score")), SUM(players) FROM month_score_counts GROUP BY 1, 2;
        DELETE FROM month_players;
        INSERT INTO month_players (month, players) SELECT month, COUNT(*) FROM month_totals GROUP BY month
        """

    /// The standings of `keys` players (`$2…`) in month `$1`: each one's key, name, points, games, wins,
    /// the players ahead of them, and the month's players. No count over the month: the histograms above
    /// the score, then the ties ahead within the score (`month = AND score =` on the rank index).
    static func monthStandings(keys: Int) -> String {
        let list = (0..<keys).map { "$\($0 + 2)" }.joined(separator: ", ")
        let block = sqlBlock("t.score")
        return """
            SELECT p.key, p.name, t.score, t.games, t.wins,
                (SELECT COALESCE(SUM(b.players), 0) FROM month_score_blocks b WHERE b.month = t.month AND b.block > \(block))
                + (SELECT COALESCE(SUM(c.players), 0) FROM month_score_counts c
                    WHERE c.month = t.month AND c.score > t.score AND c.score < (\(block) + 1) * \(blockSize))
                + (SELECT COUNT(*) FROM month_totals u WHERE u.month = t.month AND u.score = t.score AND (u.wins > t.wins OR
                    (u.wins = t.wins AND (u.games < t.games OR (u.games = t.games AND u.key < t.key))))),
                COALESCE((SELECT n.players FROM month_players n WHERE n.month = t.month), 0)
            FROM players p JOIN month_totals t ON t.player_id = p.id AND t.month = $1
            WHERE p.key IN (\(list))
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

    /// Applies `changes` to the month histograms, each table's rows in key order (after `month_totals`,
    /// as every writer does), so two servers writing at once take the rows' locks in the same order.
    func adjustMonthCounts(_ changes: MonthCountChanges) throws {
        var blocks: [MonthScore: Int] = [:]
        for (row, change) in changes.scores {
            blocks[MonthScore(month: row.month, score: Self.block(of: row.score)), default: 0] += change
        }
        func ordered(_ counts: [MonthScore: Int]) -> [[SQLiteValue]] {
            counts.filter { $0.value != 0 }.sorted { a, b in
                a.key.month != b.key.month ? a.key.month < b.key.month : a.key.score < b.key.score
            }.map { [.integer($0.key.month), .int($0.key.score), .int($0.value)] }
        }
        _ = try insertRows(ordered(blocks), columns: 3) { values in
            """
            INSERT INTO month_score_blocks (month, block, players) VALUES \(values)
            ON CONFLICT (month, block) DO UPDATE SET players = month_score_blocks.players + excluded.players
            """
        } map: { _ in
            ()
        }
        _ = try insertRows(ordered(changes.scores), columns: 3) { values in
            """
            INSERT INTO month_score_counts (month, score, players) VALUES \(values)
            ON CONFLICT (month, score) DO UPDATE SET players = month_score_counts.players + excluded.players
            """
        } map: { _ in
            ()
        }
        let players: [[SQLiteValue]] = changes.players.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map {
            [.integer($0.key), .int($0.value)]
        }
        _ = try insertRows(players, columns: 2) { values in
            """
            INSERT INTO month_players (month, players) VALUES \(values)
            ON CONFLICT (month) DO UPDATE SET players = month_players.players + excluded.players
            """
        } map: { _ in
            ()
        }
    }
}
