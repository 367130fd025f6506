import Foundation

/// The reads of finished games, the same statements for SQLite and PostgreSQL: the high scores, a
/// player's history, and one game rebuilt as its record. See docs/STORE.md, "Queries and their tie-breaks".
extension SQLDatabase {
    /// The best `$1` ranked results (`$2` is `$1 - 1`) from every result stored: only for more rows than
    /// `high_scores` keeps (SQLDatabase+HighScores.swift; the server reads that table). Written when it was
    /// read at the end of every game, over `game_results_by_score` (dropped since issue 37). With a plain
    /// `ORDER BY … LIMIT` over the join, PostgreSQL sorted every result ever saved, and SQLite did too
    /// whenever the limit was a literal (a full scan and a temporary B-tree: 10 ms at 18,000 results).
    /// So the `$1`-th best score is found first by walking `game_results_by_score`, and only the
    /// results at or above it (the top, plus ties) are joined and sorted. A racer's own misses
    /// (`r.mistakes`) order ties; NULL (turn-based, or saved before schema 9) means the game's. A
    /// result under `HighScore.minimumScore` has no place (no points, no feat): the minimum is the
    /// subquery's filter and its default, never a second bound on `r.score`, for with both SQLite
    /// ranged the index from the constant (every scoring result: 31 ms a read at 80,000 results
    /// against 2.6 ms; the +8 % at full speed of BENCHMARKS.md §25, found in §26).
    static let highScoresQuery = """
        SELECT r.game_id, p.name, r.score, COALESCE(r.mistakes, g.mistakes), g.words_solved, g.difficulty, g.ended,
            r.first_round
        FROM game_results r
        JOIN games g ON g.id = r.game_id
        JOIN players p ON p.id = r.player_id
        WHERE r.ranked = 1 AND g.ranked = 1 AND r.score >= COALESCE((
            SELECT r2.score FROM game_results r2 JOIN games g2 ON g2.id = r2.game_id
            WHERE r2.ranked = 1 AND g2.ranked = 1 AND r2.score >= \(HighScore.minimumScore)
            ORDER BY r2.score DESC LIMIT 1 OFFSET $2), \(HighScore.minimumScore))
        ORDER BY r.score DESC, COALESCE(r.mistakes, g.mistakes) ASC, g.ended ASC, r.game_id ASC, r.position ASC
        LIMIT $1
        """

    func highScores(limit: Int) throws -> [HighScore] { try highScoresAndLastEnd(limit: limit).table }

    func highScoresAndLastEnd(limit: Int) throws -> (table: [HighScore], lastEnded: Int64?) {
        guard limit > 0 else { return ([], nil) }
        let (query, arguments): (String, [SQLiteValue]) =
            limit <= Self.highScoreRowsKept
            ? (Self.keptHighScoresQuery, [.int(limit)]) : (Self.highScoresQuery, [.int(limit), .int(limit - 1)])
        let rows = try runner.query(query, arguments) { row in
            (
                id: try row.int64(0), name: try row.text(1), score: try row.int(2), mistakes: try row.int(3),
                solved: try row.int(4),
                difficulty: try row.text(5), ended: try row.int64(6), firstRound: try row.int(7)
            )
        }
        var rounds: [Int64: [(word: String, won: Bool)]] = [:]
        var scores: [HighScore] = []
        for (index, row) in rows.enumerated() {
            let gameRounds = try rounds[row.id] ?? self.rounds(gameID: row.id)
            rounds[row.id] = gameRounds
            // A player who joined the game under way: the rounds they sat in (`mistakes` is theirs
            // already, stored by the merge over those rounds).
            let played = gameRounds.dropFirst(max(0, row.firstRound - 1))
            let solved = row.firstRound > 1 ? played.filter(\.won).count : row.solved
            scores.append(
                HighScore(
                    rank: index + 1, name: row.name, score: row.score, gameID: row.id, words: played.map(\.word),
                    mistakes: row.mistakes, solved: solved, difficulty: row.difficulty, failed: solved == 0))
        }
        return (scores, rows.last?.ended)
    }

    private func rounds(gameID: Int64) throws -> [(word: String, won: Bool)] {
        try runner.query("SELECT word, won FROM rounds WHERE game_id = $1 ORDER BY number", [.integer(gameID)]) {
            (word: try $0.text(0), won: try $0.bool(1))
        }
    }

    /// A race round (its racers' own misses in `round_mistakes`) is won by its solver alone: names are
    /// ASCII, so `LOWER` is the store's key on both engines.
    func history(key: String, limit: Int) throws -> [HistoryEntry] {
        try runner.query(
            """
            SELECT g.id, g.ended, g.room, rd.word, COALESCE(rm.mistakes, rd.mistakes),
                CASE WHEN rm.mistakes IS NULL THEN rd.won WHEN rd.won = 1 AND LOWER(rd.solver) = p.key THEN 1 ELSE 0 END
            FROM players p
            JOIN game_results r ON r.player_id = p.id
            JOIN games g ON g.id = r.game_id
            JOIN rounds rd ON rd.game_id = g.id
            LEFT JOIN round_mistakes rm ON rm.game_id = g.id AND rm.number = rd.number AND rm.player_id = p.id
            WHERE p.key = $1 AND rd.number >= r.first_round
            ORDER BY g.ended DESC, g.id DESC, rd.number ASC
            LIMIT $2
            """,
            [.text(key), .int(max(0, limit))]
        ) { row in
            HistoryEntry(
                gameID: try row.int64(0), ended: try row.int64(1), room: try row.text(2), word: try row.text(3),
                mistakes: try row.int(4), won: try row.bool(5))
        }
    }

    func game(id: Int64) throws -> GameDetail? {
        let header = try runner.first(
            "SELECT room, mode, difficulty, started, ended, uid, ranked FROM games WHERE id = $1", [.integer(id)]
        ) { row in
            (
                room: try row.text(0), mode: try row.text(1), difficulty: try row.text(2), started: try row.int64(3),
                ended: try row.int64(4), uid: row.optionalText(5), ranked: try row.bool(6)
            )
        }
        guard let header else { return nil }
        var rounds = try runner.query(
            "SELECT word, won, mistakes, solver FROM rounds WHERE game_id = $1 ORDER BY number", [.integer(id)]
        ) { row in
            RoundRecord(word: try row.text(0), won: try row.bool(1), mistakes: try row.int(2), solver: row.optionalText(3))
        }
        let racers = try runner.query(
            """
            SELECT rm.number, p.name, rm.mistakes FROM round_mistakes rm JOIN players p ON p.id = rm.player_id
            WHERE rm.game_id = $1
            """, [.integer(id)]
        ) { row in
            (number: try row.int(0), name: try row.text(1), mistakes: try row.int(2))
        }
        for racer in racers where rounds.indices.contains(racer.number - 1) {
            rounds[racer.number - 1].racers = (rounds[racer.number - 1].racers ?? [:]).merging([racer.name: racer.mistakes]) {
                $1
            }
        }
        let results = try runner.query(
            """
            SELECT p.name, r.score, r.rank, r.solved, r.failed, r.ranked, r.first_round, r.team
            FROM game_results r JOIN players p ON p.id = r.player_id
            WHERE r.game_id = $1 ORDER BY r.position
            """,
            [.integer(id)]
        ) { row in
            PlayerResult(
                name: try row.text(0), score: try row.int(1), rank: try row.int(2), solved: try row.int(3),
                failed: try row.int(4), ranked: try row.bool(5), firstRound: try row.int(6), team: try row.optionalInt(7))
        }
        let record = GameRecord(
            room: header.room, mode: header.mode, difficulty: header.difficulty, rounds: rounds, results: results,
            started: header.started, ended: header.ended, id: GameRecord.id(stored: header.uid, gameNumber: id),
            ranked: header.ranked)
        return GameDetail(id: id, record: record)
    }
}
