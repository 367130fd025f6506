import Foundation

/// The store's tables in an SQL database, the same statements for SQLite and PostgreSQL: the batch
/// merge (idempotent by game id), the leaderboard read from per-player totals kept at merge time (so
/// `top` is an index scan, not an aggregate over every result), and every query.
///
/// The merge, the leaderboard and deletes are here; the reads of finished games (high scores,
/// history, one game) in SQLDatabase+Games.swift; the monthly boards (`month_totals`) in
/// SQLDatabase+Months.swift and SQLDatabase+MonthRanks.swift; accounts and settings in
/// SQLDatabase+Accounts.swift.
final class SQLDatabase: StoreConnection {
    let runner: any SQLRunner

    init(runner: any SQLRunner) { self.runner = runner }

    func close() { runner.close() }

    /// Seconds since 1970, for `created` columns.
    var now: Int64 { Int64(Date().timeIntervalSince1970) }

    // MARK: - Merge

    /// Rows per multi-row INSERT at most: few round trips per batch (what a network database needs).
    static let rowsPerStatement = 64

    /// The rows of the next statement when `remaining` are left: the largest power of two up to
    /// `rowsPerStatement`, so each INSERT has at most 7 shapes (1, 2, 4 … 64 rows) to prepare, not 64. With
    /// one shape per row count, the play load's commits (a few games each, 1–20 rows a statement) met a
    /// shape never prepared before at almost every commit for minutes: preparing was ~150,000
    /// instructions a game, a sixth of the store's (BENCHMARKS.md, section 16).
    static func rowsInStatement(remaining: Int) -> Int {
        let capped = min(remaining, rowsPerStatement)
        guard capped > 1 else { return capped }
        return 1 << (Int.bitWidth - 1 - capped.leadingZeroBitCount)
    }

    /// `VALUES ($1, …, $k), ($k+1, …)` for `rows` rows of `columns` parameters. Built once per shape:
    /// `MergeStatement` keeps each statement's whole text (building it at every statement was about 40 %
    /// of the merge's CPU).
    static func values(rows: Int, columns: Int) -> String {
        (0..<rows).map { row in
            "(" + (1...columns).map { "$\(row * columns + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }

    /// Runs `statement` over the rows of `values` (`statement.columns` parameters each, row after row) in
    /// chunks of `rowsInStatement` rows.
    func insertRows<T>(_ values: [SQLiteValue], _ statement: MergeStatement, map: (SQLRow) throws -> T) throws -> [T] {
        var out: [T] = []
        let columns = statement.columns
        let rows = values.count / columns
        var start = 0
        while start < rows {
            let count = Self.rowsInStatement(remaining: rows - start)
            let chunk = count == rows ? values : Array(values[start * columns..<(start + count) * columns])
            out += try runner.query(statement.sql(rows: count), chunk, map)
            start += count
        }
        return out
    }

    func mergeGames(_ records: [GameRecord]) throws -> [MergedGame] {
        try runner.transaction { try merge(records.map(MergeRecord.init)).merged }
    }

    /// On SQLite the standings are read inside the merge's transaction, from the month rows the merge
    /// just wrote (`monthlyStandings(month:rows:…)`): no lookup of each player by key and no second
    /// transaction; a failed read there fails only that month (SQLite keeps the transaction). PostgreSQL
    /// reads them after the commit, as the default does (an error would abort its transaction).
    func mergeGames(_ records: [GameRecord], standings wanted: [LeaderboardMonth: [String]]) throws -> MergeAndStandings {
        guard !wanted.isEmpty, runner.readFailureKeepsTransaction else {
            return try MergeAndStandings.mergeThenRead(self, records, standings: wanted)
        }
        return try runner.transaction {
            let (merged, written) = try merge(records.map(MergeRecord.init))
            var found: [LeaderboardMonth: Result<[String: MonthlyStanding], any Error>] = [:]
            for (month, keys) in wanted {
                found[month] = Result { try monthlyStandings(month: month, keys: keys, written: written) }
            }
            return MergeAndStandings(merged: merged, standings: found)
        }
    }

    /// The merge's statements, inside the caller's transaction: one result per record, and the month
    /// totals rows it wrote (as they now are) with each player's display name.
    private func merge(_ batch: [MergeRecord]) throws -> (merged: [MergedGame], written: WrittenMonthRows) {
        do {
            // 1. The games, skipping ids already stored (a replay): one statement per chunk.
            var gameRows: [SQLiteValue] = []
            gameRows.reserveCapacity(batch.count * 10)
            for merging in batch {
                let record = merging.record
                gameRows += [
                    .text(merging.uid), .text(record.room), .text(record.mode), .text(record.difficulty),
                    .int(record.rounds.count), .int(record.totalMistakes), .int(record.wordsSolved), .integer(record.started),
                    .integer(record.ended), .bool(record.ranked),
                ]
            }
            let inserted = try insertRows(gameRows, MergeStatement.games) { row in
                (try row.int64(0), try row.text(1))
            }
            var newIDs: [String: Int64] = [:]
            for (id, uid) in inserted { newIDs[uid] = id }
            var merged: [MergedGame] = []
            var fresh: [(record: MergeRecord, id: Int64)] = []
            var seen: Set<String> = []
            for merging in batch {
                let uid = merging.uid
                if let id = newIDs[uid], seen.insert(uid).inserted {
                    merged.append(MergedGame(id: id, isNew: true))
                    fresh.append((merging, id))
                } else {
                    let existing =
                        try newIDs[uid] ?? runner.first("SELECT id FROM games WHERE uid = $1", [.text(uid)]) { try $0.int64(0) }
                    guard let existing else { throw StoreError.io("a game id conflicts but the game is missing") }
                    merged.append(MergedGame(id: existing, isNew: false))
                }
            }
            guard !fresh.isEmpty else { return (merged, WrittenMonthRows()) }
            // 2. Their rounds.
            var roundRows: [SQLiteValue] = []
            roundRows.reserveCapacity(fresh.reduce(0) { $0 + $1.record.record.rounds.count } * 6)
            for (merging, gameID) in fresh {
                for (index, round) in merging.record.rounds.enumerated() {
                    roundRows += [
                        .integer(gameID), .int(index + 1), .text(round.word), .bool(round.won), .int(round.mistakes),
                        .optionalText(round.solver),
                    ]
                }
            }
            _ = try insertRows(roundRows, MergeStatement.rounds) { _ in
                ()
            }
            // 3. The players' totals, in key order (two servers merging at once cannot deadlock).
            let created = now
            let sortedDeltas = PlayerDelta.deltas(for: fresh.map(\.record))
            let deltas = Dictionary(uniqueKeysWithValues: sortedDeltas.map { ($0.key, $0) })
            var playerRows: [SQLiteValue] = []
            playerRows.reserveCapacity(sortedDeltas.count * 9)
            for delta in sortedDeltas {
                playerRows += [
                    .text(delta.name), .text(delta.key), .integer(created), .int(delta.score), .int(delta.games),
                    .int(delta.wins), .int(delta.best), .int(delta.solved), .int(delta.failed),
                ]
            }
            let ids = try insertRows(playerRows, MergeStatement.players) { row in
                (
                    id: try row.int64(0), key: try row.text(1), score: try row.int(2), games: try row.int(3),
                    rating: try Self.storedRating(row, mu: 4, sigma: 5, games: 6)
                )
            }
            // The histogram: each player leaves their old score's bucket (if they had games) for the new one
            // (a player with only unranked results so far has no games, and no bucket).
            var playerIDs: [String: Int64] = [:]
            var histogram: [Int: Int] = [:]
            var ratings: [String: PlayerRating] = [:]
            for row in ids {
                playerIDs[row.key] = row.id
                ratings[row.key] = row.rating
                let delta = deltas[row.key]
                if row.games - (delta?.games ?? 0) > 0 { histogram[row.score - (delta?.score ?? 0), default: 0] -= 1 }
                if row.games > 0 { histogram[row.score, default: 0] += 1 }
            }
            try adjustScoreCounts(histogram)
            // 3b. The ratings, game after game, from the rows the upsert just locked (issue 32).
            let rated = try applyRatings(fresh, current: ratings)
            var ratedGames = rated.makeIterator()
            for index in merged.indices where merged[index].isNew {
                merged[index].ratings = ratedGames.next() ?? []
            }
            // 4. The results, and (4b) each racer's own misses in the race rounds (the game's players only).
            var resultRows: [SQLiteValue] = []
            resultRows.reserveCapacity(fresh.reduce(0) { $0 + $1.record.results.count } * 11)
            var racerRows: [SQLiteValue] = []
            var highScores: [HighScoreRow] = []
            for (merging, gameID) in fresh {
                let record = merging.record
                for (position, (result, key)) in merging.results.enumerated() {
                    guard let playerID = playerIDs[key] else { throw StoreError.io("a player upsert returned no id") }
                    let mistakes = record.mistakes(ofKey: key, from: result.firstRound)
                    resultRows += [
                        .integer(gameID), .integer(playerID), .int(position), .int(result.score), .int(result.rank),
                        .int(result.solved), .int(result.failed), .bool(result.ranked), .int(mistakes), .int(result.firstRound),
                        result.team.map { .int($0) } ?? .null,
                    ]
                    if result.counts(in: record) {
                        highScores.append(
                            HighScoreRow(
                                gameID: gameID, playerID: playerID, position: position, score: result.score, mistakes: mistakes,
                                ended: record.ended))
                    }
                }
                for (index, round) in record.rounds.enumerated() where round.racers != nil {
                    for (_, key) in merging.results {
                        guard let playerID = playerIDs[key] else { continue }
                        racerRows += [.integer(gameID), .int(index + 1), .integer(playerID), .int(round.mistakes(ofKey: key))]
                    }
                }
            }
            _ = try insertRows(resultRows, MergeStatement.results) { _ in
                ()
            }
            _ = try insertRows(racerRows, MergeStatement.racers) { _ in
                ()
            }
            // 4c. The high-score table's new entries.
            try addHighScores(highScores)
            // 5. The monthly boards' totals.
            var written = try addMonthTotals(fresh.map(\.record), playerIDs: playerIDs)
            for delta in sortedDeltas { written.names[delta.key] = delta.name }
            return (merged, written)
        }
    }

    // MARK: - Leaderboard

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
        let block = Self.block(of: totals.score)
        let higher =
            try runner.first(
                """
                SELECT (SELECT COALESCE(SUM(players), 0) FROM score_blocks WHERE block > $1)
                     + (SELECT COALESCE(SUM(players), 0) FROM score_counts WHERE score > $2 AND score < $3)
                """, [.int(block), .int(totals.score), .int((block + 1) * Self.blockSize)]
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
        ) { (name: try $0.text(0), rating: try Self.storedRating($0, mu: 1, sigma: 2, games: 3)) }
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

    // MARK: - Deletes (the player's totals are recomputed from what is left)

    /// Scores per block of the histogram's upper level.
    static let blockSize = 1024

    /// The block of a score (floor division, the same in the SQL below).
    static func block(of score: Int) -> Int {
        score >= 0 ? score / blockSize : -((-score + blockSize - 1) / blockSize)
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

    func deleteResult(key: String, gameID: Int64) throws -> Bool {
        try runner.transaction {
            let removed = try runner.execute(
                "DELETE FROM game_results WHERE game_id = $1 AND player_id = (SELECT id FROM players WHERE key = $2)",
                [.integer(gameID), .text(key)])
            if removed > 0 {
                try recompute(key: key)
                try rebuildHighScores(afterDeletingFrom: key)
            }
            return removed > 0
        }
    }

    func deleteResults(key: String) throws -> Int {
        try runner.transaction {
            let removed = try runner.execute(
                "DELETE FROM game_results WHERE player_id = (SELECT id FROM players WHERE key = $1)", [.text(key)])
            if removed > 0 {
                try recompute(key: key)
                try rebuildHighScores(afterDeletingFrom: key)
            }
            return removed
        }
    }

    /// Recomputes one player's totals from their remaining results and moves them in the histogram.
    private func recompute(key: String) throws {
        let totals = "SELECT score, games FROM players WHERE key = $1"
        let before = try runner.first(totals, [.text(key)]) { (score: try $0.int(0), games: try $0.int(1)) }
        try runner.execute(Self.recomputeTotals + " WHERE key = $1", [.text(key)])
        let after = try runner.first(totals, [.text(key)]) { (score: try $0.int(0), games: try $0.int(1)) }
        var histogram: [Int: Int] = [:]
        if let before, before.games > 0 { histogram[before.score, default: 0] -= 1 }
        if let after, after.games > 0 { histogram[after.score, default: 0] += 1 }
        try adjustScoreCounts(histogram)
        try recomputeMonthTotals(key: key)
    }

    /// Applies per-score changes to `score_counts` (players with games, per total score), in score order
    /// so that two servers merging at once take the rows' locks in the same order.
    private func adjustScoreCounts(_ changes: [Int: Int]) throws {
        var blocks: [Int: Int] = [:]
        for (score, change) in changes { blocks[Self.block(of: score), default: 0] += change }
        let blockRows: [SQLiteValue] = blocks.filter { $0.value != 0 }.sorted { $0.key < $1.key }.flatMap {
            [SQLiteValue.int($0.key), .int($0.value)]
        }
        _ = try insertRows(blockRows, MergeStatement.scoreBlocks) { _ in
            ()
        }
        let rows: [SQLiteValue] = changes.filter { $0.value != 0 }.sorted { $0.key < $1.key }.flatMap {
            [SQLiteValue.int($0.key), .int($0.value)]
        }
        _ = try insertRows(rows, MergeStatement.scoreCounts) { _ in
            ()
        }
    }
}
