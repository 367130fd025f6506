/// Monthly boards, the same statements for SQLite and PostgreSQL: computed from the games that ended in
/// the month (a range on `games_by_ended`, then each game's results by their primary key), so no totals
/// per month are kept and deletes need no bookkeeping here. See docs/STORE.md, "Monthly boards".
extension SQLDatabase {
    /// One row per player with a ranked result in a ranked game ended in [$1, $2): their points, games, wins.
    static let monthTotals = """
        SELECT r.player_id AS player_id, SUM(r.score) AS points, COUNT(*) AS played,
               SUM(CASE WHEN r.rank = 1 AND r.score > 0 THEN 1 ELSE 0 END) AS won
        FROM games g JOIN game_results r ON r.game_id = g.id
        WHERE g.ended >= $1 AND g.ended < $2 AND g.ranked = 1 AND r.ranked = 1
        GROUP BY r.player_id
        """

    /// The top `$3` of a month, in `top`'s order (points desc, wins desc, games asc, key asc).
    static let monthBoard = """
        WITH month AS (\(monthTotals))
        SELECT p.name, m.points, m.played, m.won, p.key FROM month m JOIN players p ON p.id = m.player_id
        ORDER BY m.points DESC, m.won DESC, m.played ASC, p.key ASC LIMIT $3
        """

    /// The standings of `count` keys ($3…) on a month's board: position and the board's size in one pass.
    static func monthStandings(count: Int) -> String {
        let keys = (0..<count).map { "$\($0 + 3)" }.joined(separator: ", ")
        return """
            WITH month AS (\(monthTotals)),
            board AS (
                SELECT p.key AS player_key, p.name AS name, m.points AS points, m.played AS played, m.won AS won,
                       ROW_NUMBER() OVER (ORDER BY m.points DESC, m.won DESC, m.played ASC, p.key ASC) AS position,
                       COUNT(*) OVER () AS players
                FROM month m JOIN players p ON p.id = m.player_id)
            SELECT player_key, name, points, played, won, position, players FROM board WHERE player_key IN (\(keys))
            """
    }

    func monthlyLeaderboard(from: Int64, to: Int64, limit: Int, key: String?) throws -> LeaderboardPage {
        let rows = try runner.query(Self.monthBoard, [.integer(from), .integer(to), .int(max(0, limit))]) { row in
            (
                entry: LeaderboardEntry(
                    rank: 0, name: try row.text(0), score: try row.int(1), games: try row.int(2), wins: try row.int(3)),
                key: try row.text(4)
            )
        }
        let entries = rows.enumerated().map { index, row in
            var entry = row.entry
            entry.rank = index + 1
            return entry
        }
        guard let key, !rows.contains(where: { $0.key == key }) else { return LeaderboardPage(entries: entries) }
        let mine = try monthlyStandings(from: from, to: to, keys: [key])[key].map {
            LeaderboardEntry(rank: $0.rank, name: $0.name, score: $0.score, games: $0.games, wins: $0.wins)
        }
        return LeaderboardPage(entries: entries, mine: mine)
    }

    func monthlyStandings(from: Int64, to: Int64, keys: [String]) throws -> [String: MonthlyStanding] {
        // Sorted and without repeats, in chunks: few distinct statements to prepare.
        let keys = Set(keys).sorted()
        var found: [String: MonthlyStanding] = [:]
        var start = 0
        while start < keys.count {
            let chunk = keys[start..<min(start + Self.rowsPerStatement, keys.count)]
            let rows = try runner.query(
                Self.monthStandings(count: chunk.count), [.integer(from), .integer(to)] + chunk.map { .text($0) }
            ) { row in
                (
                    key: try row.text(0),
                    standing: MonthlyStanding(
                        name: try row.text(1), rank: try row.int(5), players: try row.int(6), score: try row.int(2),
                        games: try row.int(3), wins: try row.int(4))
                )
            }
            for row in rows { found[row.key] = row.standing }
            start += chunk.count
        }
        return found
    }
}
