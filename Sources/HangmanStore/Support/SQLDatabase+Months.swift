/// Monthly boards, the same statements for SQLite and PostgreSQL. Each player's points, games and wins
/// per month (UTC) are kept in `month_totals` by the merge, as `players` keeps the all-time totals, and
/// recomputed from the results after a delete; so a board is a scan of `month_totals_by_rank` that stops
/// after `limit` rows. Every write here also moves the players in the month histogram `month_counts`
/// (standings: SQLDatabase+MonthRanks.swift). See docs/STORE.md, "Monthly boards".
extension SQLDatabase {
    /// The top `$2` of month `$1` (its first second), in `top`'s order (points desc, wins desc, games asc,
    /// key asc).
    static let monthBoard = """
        SELECT p.name, t.score, t.games, t.wins, t.key FROM month_totals t JOIN players p ON p.id = t.player_id
        WHERE t.month = $1 ORDER BY t.score DESC, t.wins DESC, t.games ASC, t.key ASC LIMIT $2
        """

    /// The key of a month's totals row: the month's first second and the player.
    struct MonthRow: Hashable {
        var month: Int64
        var key: String
    }

    /// The `month_totals` rows a merge wrote, as they are after it, and the display names of its players.
    struct WrittenMonthRows {
        var rows: [MonthRow: (score: Int, games: Int, wins: Int)] = [:]
        var names: [String: String] = [:]
    }

    /// Adds `records`' counting results (ranked, in ranked games) to `month_totals`, in (month, key)
    /// order. Runs inside the merge, after the players' upsert has locked every player involved (in key
    /// order), so two servers merging at once cannot deadlock here either.
    func addMonthTotals(_ records: [MergeRecord], playerIDs: [String: Int64]) throws -> WrittenMonthRows {
        var sums: [MonthRow: (score: Int, games: Int, wins: Int)] = [:]
        for merging in records {
            let record = merging.record
            let month = LeaderboardMonth(containing: record.ended).start
            for (result, key) in merging.results where result.counts(in: record) {
                let row = MonthRow(month: month, key: key)
                var sum = sums[row] ?? (0, 0, 0)
                sum.score += result.score
                sum.games += 1
                if result.rank == 1 && result.score > 0 { sum.wins += 1 }
                sums[row] = sum
            }
        }
        // Each row returned moved from its old score (when it was there before) to its new one.
        var changes = MonthCountChanges()
        var written = WrittenMonthRows()
        for row in try writeMonthTotals(sums, playerIDs: playerIDs) {
            let key = MonthRow(month: row.month, key: row.key)
            guard let added = sums[key] else { throw StoreError.io("a month's totals upsert returned an unknown row") }
            if row.games > added.games { changes.leave(month: row.month, score: row.score - added.score) }
            changes.enter(month: row.month, score: row.score)
            written.rows[key] = (row.score, row.games, row.wins)
        }
        try adjustMonthCounts(changes)
        return written
    }

    /// Rebuilds one player's `month_totals` rows from their remaining counting results (after a delete).
    func recomputeMonthTotals(key: String) throws {
        guard let playerID = try runner.first("SELECT id FROM players WHERE key = $1", [.text(key)], { try $0.int64(0) })
        else { return }
        let results = try runner.query(
            """
            SELECT g.ended, r.score, r.rank FROM game_results r JOIN games g ON g.id = r.game_id
            WHERE r.player_id = $1 AND r.ranked = 1 AND g.ranked = 1
            """, [.integer(playerID)]
        ) { row in (ended: try row.int64(0), score: try row.int(1), rank: try row.int(2)) }
        var sums: [MonthRow: (score: Int, games: Int, wins: Int)] = [:]
        for result in results {
            let row = MonthRow(month: LeaderboardMonth(containing: result.ended).start, key: key)
            var sum = sums[row] ?? (0, 0, 0)
            sum.score += result.score
            sum.games += 1
            if result.rank == 1 && result.score > 0 { sum.wins += 1 }
            sums[row] = sum
        }
        var changes = MonthCountChanges()
        let removed = try runner.query(
            "DELETE FROM month_totals WHERE player_id = $1 RETURNING month, score", [.integer(playerID)]
        ) { row in (month: try row.int64(0), score: try row.int(1)) }
        for row in removed { changes.leave(month: row.month, score: row.score) }
        for row in try writeMonthTotals(sums, playerIDs: [key: playerID]) { changes.enter(month: row.month, score: row.score) }
        try adjustMonthCounts(changes)
    }

    /// Upserts `sums` (added to what is there), in (month, key) order; answers the rows as they now are.
    private func writeMonthTotals(
        _ sums: [MonthRow: (score: Int, games: Int, wins: Int)], playerIDs: [String: Int64]
    ) throws -> [(month: Int64, key: String, score: Int, games: Int, wins: Int)] {
        let ordered = sums.sorted { a, b in
            a.key.month != b.key.month ? a.key.month < b.key.month : HangmanStoreKey.precedes(a.key.key, b.key.key)
        }
        var rows: [SQLiteValue] = []
        rows.reserveCapacity(ordered.count * 6)
        for (row, sum) in ordered {
            guard let playerID = playerIDs[row.key] else { throw StoreError.io("a month's totals have no player") }
            rows += [.integer(row.month), .integer(playerID), .text(row.key), .int(sum.score), .int(sum.games), .int(sum.wins)]
        }
        return try insertRows(rows, MergeStatement.monthTotals) { row in
            (month: try row.int64(0), key: try row.text(1), score: try row.int(2), games: try row.int(3), wins: try row.int(4))
        }
    }

    func monthlyLeaderboard(month: LeaderboardMonth, limit: Int, key: String?) throws -> LeaderboardPage {
        let rows = try runner.query(Self.monthBoard, [.integer(month.start), .int(max(0, limit))]) { row in
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
        let mine = try monthlyStandings(month: month, keys: [key])[key].map {
            LeaderboardEntry(rank: $0.rank, name: $0.name, score: $0.score, games: $0.games, wins: $0.wins)
        }
        return LeaderboardPage(entries: entries, mine: mine)
    }
}
