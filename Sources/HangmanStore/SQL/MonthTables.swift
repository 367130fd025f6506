/// The monthly boards' tables as written, the same statements for SQLite and PostgreSQL. Each player's
/// points, games and wins per month (UTC) are kept in `month_totals` by the merge, as `players` keeps the
/// all-time totals, and recomputed from the results after a delete; so a board is a scan of
/// `month_totals_by_rank` that stops after `limit` rows (`MonthBoards`, which reads them). Every write
/// here also moves the players in the month histogram `month_counts`. See docs/STORE.md, "Monthly boards".
struct MonthTables {
    private let runner: any SQLRunner

    init(runner: any SQLRunner) { self.runner = runner }

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
    func addTotals(_ records: [MergeRecord], playerIDs: [String: Int64]) throws -> WrittenMonthRows {
        var sums: [MonthRow: (score: Int, games: Int, wins: Int)] = [:]
        for merging in records {
            let record = merging.record
            let month = LeaderboardMonth(containing: record.ended).start
            for (result, key) in merging.results where result.counts(in: record) {
                Self.count(
                    score: result.score, rank: result.rank, into: &sums[MonthRow(month: month, key: key), default: (0, 0, 0)])
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

    /// One counting result added to its month row's sums: its score, a game, and a win when it
    /// came first with points (the one rule for a month's wins, on a merge and on a rebuild).
    private static func count(score: Int, rank: Int, into sum: inout (score: Int, games: Int, wins: Int)) {
        sum.score += score
        sum.games += 1
        if rank == 1 && score > 0 { sum.wins += 1 }
    }

    /// Rebuilds one player's `month_totals` rows from their remaining counting results (after a delete).
    func recompute(key: String) throws {
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
            Self.count(score: result.score, rank: result.rank, into: &sums[row, default: (0, 0, 0)])
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
        return try runner.insertRows(rows, MergeStatement.monthTotals) { row in
            (month: try row.int64(0), key: try row.text(1), score: try row.int(2), games: try row.int(3), wins: try row.int(4))
        }
    }

    /// A month and a score (or a block of scores): a score in `month_counts`.
    private struct MonthScore: Hashable {
        var month: Int64
        var score: Int
    }

    /// Changes to `month_counts`: players entering or leaving a (month, score).
    private struct MonthCountChanges {
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

    /// `month_counts.level`: players with one score, with a score in one block, in the whole month.
    private enum MonthCountLevel: Int {
        case score = 0, block = 1, month = 2
    }

    /// Rebuilds `month_counts` from `month_totals` (the migration that creates it).
    static let rebuildMonthCounts = """
        DELETE FROM month_counts;
        INSERT INTO month_counts (month, level, value, players)
            SELECT month, 0, score, COUNT(*) FROM month_totals GROUP BY month, score;
        INSERT INTO month_counts (month, level, value, players)
            SELECT month, 1, \(ScoreBlocks.sql("value")), SUM(players) FROM month_counts WHERE level = 0 GROUP BY 1, 3;
        INSERT INTO month_counts (month, level, value, players) SELECT month, 2, 0, COUNT(*) FROM month_totals GROUP BY month
        """

    /// Applies `changes` to `month_counts` in one upsert, rows in key order (after `month_totals`, as every
    /// writer does), so two servers writing at once take the rows' locks in the same order.
    private func adjustMonthCounts(_ changes: MonthCountChanges) throws {
        var counts: [MonthCount: Int] = [:]
        for (row, change) in changes.scores where change != 0 {
            counts[MonthCount(month: row.month, level: .score, value: row.score), default: 0] += change
            counts[MonthCount(month: row.month, level: .block, value: ScoreBlocks.block(of: row.score)), default: 0] += change
        }
        for (month, change) in changes.players where change != 0 {
            counts[MonthCount(month: month, level: .month, value: 0), default: 0] += change
        }
        let rows: [SQLiteValue] = counts.filter { $0.value != 0 }.map(\.key).sorted().flatMap { row in
            [SQLiteValue.integer(row.month), .int(row.level.rawValue), .int(row.value), .int(counts[row] ?? 0)]
        }
        try runner.insertRows(rows, MergeStatement.monthCounts)
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
