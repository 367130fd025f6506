/// The all-time board: each player's totals in `players` (kept by the merge, recomputed from the
/// results after a delete) and the two-level histogram of their scores (`score_counts` per score,
/// `score_blocks` per block of `ScoreBlocks.size` scores), so that `top` is an index scan and a rank a
/// sum over the histogram, not an aggregate over every result. The same statements for SQLite and
/// PostgreSQL.
struct LeaderboardTables {
    private let runner: any SQLRunner

    init(runner: any SQLRunner) { self.runner = runner }

    /// What the merge's upsert of the players' totals answers: each player's row id, and their rating
    /// (absent: never rated), by key.
    struct Upserted {
        var ids: [String: Int64] = [:]
        var ratings: [String: PlayerRating] = [:]
    }

    /// Adds `deltas` (in key order: two servers merging at once cannot deadlock) to the players' totals,
    /// creating the rows of new players (`created`), and moves each player in the histogram: out of their
    /// old score's bucket (if they had games) into the new one (a player with only unranked results so
    /// far has no games, and no bucket). Answers the rows as they now are.
    func addTotals(_ deltas: [PlayerDelta], created: Int64) throws -> Upserted {
        var playerRows: [SQLiteValue] = []
        playerRows.reserveCapacity(deltas.count * MergeStatement.players.columns)
        for delta in deltas {
            playerRows += [
                .text(delta.name), .text(delta.key), .integer(created), .int(delta.score), .int(delta.games),
                .int(delta.wins), .int(delta.best), .int(delta.solved), .int(delta.failed),
            ]
        }
        let rows = try runner.insertRows(playerRows, MergeStatement.players) { row in
            (
                id: try row.int64(0), key: try row.text(1), score: try row.int(2), games: try row.int(3),
                rating: try RatingTables.storedRating(row, mu: 4, sigma: 5, games: 6)
            )
        }
        let byKey = Dictionary(uniqueKeysWithValues: deltas.map { ($0.key, $0) })
        var upserted = Upserted()
        var histogram: [Int: Int] = [:]
        for row in rows {
            upserted.ids[row.key] = row.id
            upserted.ratings[row.key] = row.rating
            let delta = byKey[row.key]
            if row.games - (delta?.games ?? 0) > 0 { histogram[row.score - (delta?.score ?? 0), default: 0] -= 1 }
            if row.games > 0 { histogram[row.score, default: 0] += 1 }
        }
        try adjustScoreCounts(histogram)
        return upserted
    }

    /// Order: score desc, wins desc, games asc, key asc (byte order) — positions are unique and stable.
    func leaderboard(limit: Int, key: String?) throws -> LeaderboardPage {
        let limit = max(0, limit)
        let rows = try runner.query(
            """
            SELECT name, score, games, wins, key FROM players WHERE games > 0
            ORDER BY score DESC, wins DESC, games ASC, key ASC LIMIT $1
            """, [.int(limit)]
        ) { row in
            (
                LeaderboardEntry(
                    rank: 0, name: try row.text(0), score: try row.int(1), games: try row.int(2), wins: try row.int(3)),
                try row.text(4)
            )
        }
        let entries = rows.enumerated().map { index, row in
            var entry = row.0
            entry.rank = index + 1
            return entry
        }
        guard let key, !rows.contains(where: { $0.1 == key }) else { return LeaderboardPage(entries: entries) }
        return LeaderboardPage(entries: entries, mine: try ranked(key: key)?.entry)
    }

    /// A player's totals and position; nil when unknown or without games.
    private func ranked(key: String) throws -> (entry: LeaderboardEntry, best: Int, solved: Int, failed: Int)? {
        let totals = try runner.first(
            "SELECT name, score, games, wins, best, solved, failed FROM players WHERE key = $1 AND games > 0", [.text(key)]
        ) { row in
            (
                name: try row.text(0), score: try row.int(1), games: try row.int(2), wins: try row.int(3), best: try row.int(4),
                solved: try row.int(5), failed: try row.int(6)
            )
        }
        guard let totals else { return nil }
        // Players with a higher score, from the histogram (one row per distinct score, not per player)…
        // (two levels: whole blocks of 1,024 scores above the player's block, then single scores within it).
        let block = ScoreBlocks.block(of: totals.score)
        let higher =
            try runner.first(
                """
                SELECT (SELECT COALESCE(SUM(players), 0) FROM score_blocks WHERE block > $1)
                     + (SELECT COALESCE(SUM(players), 0) FROM score_counts WHERE score > $2 AND score < $3)
                """, [.int(block), .int(totals.score), .int((block + 1) * ScoreBlocks.size)]
            ) { try $0.int(0) } ?? 0
        // …plus those tied on score but ahead: an index range on players_by_rank within one score.
        let tied =
            try runner.first(
                """
                SELECT COUNT(*) FROM players WHERE games > 0 AND score = $1 AND (wins > $2 OR
                    (wins = $2 AND (games < $3 OR (games = $3 AND key < $4))))
                """, [.int(totals.score), .int(totals.wins), .int(totals.games), .text(key)]
            ) { try $0.int(0) } ?? 0
        let ahead = higher + tied
        let entry = LeaderboardEntry(
            rank: ahead + 1, name: totals.name, score: totals.score, games: totals.games, wins: totals.wins)
        return (entry, totals.best, totals.solved, totals.failed)
    }

    func stats(key: String) throws -> PlayerStats? {
        let player = try runner.first(
            "SELECT name, rating_mu, rating_sigma, rated_games FROM players WHERE key = $1", [.text(key)]
        ) { (name: try $0.text(0), rating: try RatingTables.storedRating($0, mu: 1, sigma: 2, games: 3)) }
        guard let player else { return nil }
        guard let ranked = try ranked(key: key) else {
            return PlayerStats(
                name: player.name, games: 0, wins: 0, score: 0, best: 0, solved: 0, failed: 0, rank: nil, rating: player.rating)
        }
        let entry = ranked.entry
        return PlayerStats(
            name: player.name, games: entry.games, wins: entry.wins, score: entry.score, best: ranked.best,
            solved: ranked.solved, failed: ranked.failed, rank: entry.rank, rating: player.rating)
    }

    /// Rebuilds the histogram from the players' totals (migrations; after a bulk load).
    static let rebuildScoreCounts = """
        DELETE FROM score_counts;
        INSERT INTO score_counts (score, players) SELECT score, COUNT(*) FROM players WHERE games > 0 GROUP BY score;
        DELETE FROM score_blocks;
        INSERT INTO score_blocks (block, players)
            SELECT (score - ((score % 1024) + 1024) % 1024) / 1024, SUM(players) FROM score_counts GROUP BY 1
        """

    /// The totals as SQLite's migration 3 computed them, before results could be unranked. Frozen: a
    /// shipped migration never changes.
    static let recomputeTotalsV3 = """
        UPDATE players SET (score, games, wins, best, solved, failed) = (
            SELECT COALESCE(SUM(score), 0), COUNT(*), COALESCE(SUM(CASE WHEN rank = 1 AND score > 0 THEN 1 ELSE 0 END), 0),
                   COALESCE(MAX(score), 0), COALESCE(SUM(solved), 0), COALESCE(SUM(failed), 0)
            FROM game_results WHERE player_id = players.id)
        """

    /// A player's totals from their ranked results in ranked games (unranked ones never count).
    static let recomputeTotals = """
        UPDATE players SET (score, games, wins, best, solved, failed) = (
            SELECT COALESCE(SUM(r.score), 0), COUNT(*),
                   COALESCE(SUM(CASE WHEN r.rank = 1 AND r.score > 0 THEN 1 ELSE 0 END), 0),
                   COALESCE(MAX(r.score), 0), COALESCE(SUM(r.solved), 0), COALESCE(SUM(r.failed), 0)
            FROM game_results r JOIN games g ON g.id = r.game_id
            WHERE r.player_id = players.id AND r.ranked = 1 AND g.ranked = 1)
        """

    /// Recomputes one player's totals from their remaining results and moves them in the histogram.
    func recompute(key: String) throws {
        let totals = "SELECT score, games FROM players WHERE key = $1"
        let before = try runner.first(totals, [.text(key)]) { (score: try $0.int(0), games: try $0.int(1)) }
        try runner.execute(Self.recomputeTotals + " WHERE key = $1", [.text(key)])
        let after = try runner.first(totals, [.text(key)]) { (score: try $0.int(0), games: try $0.int(1)) }
        var histogram: [Int: Int] = [:]
        if let before, before.games > 0 { histogram[before.score, default: 0] -= 1 }
        if let after, after.games > 0 { histogram[after.score, default: 0] += 1 }
        try adjustScoreCounts(histogram)
    }

    /// Applies per-score changes to `score_counts` (players with games, per total score), in score order
    /// so that two servers merging at once take the rows' locks in the same order.
    private func adjustScoreCounts(_ changes: [Int: Int]) throws {
        var blocks: [Int: Int] = [:]
        for (score, change) in changes { blocks[ScoreBlocks.block(of: score), default: 0] += change }
        let blockRows: [SQLiteValue] = blocks.filter { $0.value != 0 }.sorted { $0.key < $1.key }.flatMap {
            [SQLiteValue.int($0.key), .int($0.value)]
        }
        try runner.insertRows(blockRows, MergeStatement.scoreBlocks)
        let rows: [SQLiteValue] = changes.filter { $0.value != 0 }.sorted { $0.key < $1.key }.flatMap {
            [SQLiteValue.int($0.key), .int($0.value)]
        }
        try runner.insertRows(rows, MergeStatement.scoreCounts)
    }
}
