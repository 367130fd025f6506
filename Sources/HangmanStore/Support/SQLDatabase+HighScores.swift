/// The high scores kept as a small table of the best results (`high_scores`, at most
/// `highScoreRowsKept` rows) instead of a walk of an index over every result ever saved (issue 37):
/// the merge adds the results that enter it and trims it, in its transaction; a delete of results
/// rebuilds it from `game_results`. The same statements on SQLite and PostgreSQL. A read of more rows
/// than are kept (never the server's) falls back to the query over every result. See docs/STORE.md,
/// "Queries and their tie-breaks".
extension SQLDatabase {
    /// The best counting results kept in `high_scores`. The server shows 10; every read up to this many
    /// rows is answered from the table alone.
    static let highScoreRowsKept = 100

    /// The high-score order, on `high_scores` (alias `h`).
    static let highScoreOrder = "h.score DESC, h.mistakes ASC, h.ended ASC, h.game_id ASC, h.position ASC"

    /// The table's best `$1` rows, with what the high-score rows show.
    static let keptHighScoresQuery = """
        SELECT h.game_id, p.name, h.score, h.mistakes, g.words_solved, g.difficulty, h.ended, r.first_round
        FROM high_scores h
        JOIN games g ON g.id = h.game_id
        JOIN players p ON p.id = h.player_id
        JOIN game_results r ON r.game_id = h.game_id AND r.player_id = h.player_id
        ORDER BY \(highScoreOrder)
        LIMIT $1
        """

    /// Fills an empty `high_scores` from every counting result (the upgrade, and a rebuild after a delete).
    static let fillHighScores = """
        INSERT INTO high_scores (game_id, player_id, position, score, mistakes, ended)
        SELECT r.game_id, r.player_id, r.position, r.score, COALESCE(r.mistakes, g.mistakes), g.ended
        FROM game_results r JOIN games g ON g.id = r.game_id
        WHERE r.ranked = 1 AND g.ranked = 1 AND r.score >= \(HighScore.minimumScore)
        ORDER BY r.score DESC, COALESCE(r.mistakes, g.mistakes) ASC, g.ended ASC, r.game_id ASC, r.position ASC
        LIMIT \(highScoreRowsKept)
        """

    /// The table (created by the same migration on both engines), in the high-score order by its index (so
    /// the merge's look at the last kept row, its trim and the read walk it instead of sorting the table),
    /// filled from the results already stored;
    /// `game_results_by_score` goes, as nothing reads it any more and every result paid an entry in it.
    static let highScoresMigration = """
        CREATE TABLE high_scores (
            game_id   BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            player_id BIGINT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            position  INTEGER NOT NULL,       -- game_results.position
            score     INTEGER NOT NULL,
            mistakes  INTEGER NOT NULL,       -- the player's own (COALESCE(game_results.mistakes, games.mistakes))
            ended     BIGINT NOT NULL,        -- games.ended
            PRIMARY KEY (game_id, position)
        );
        CREATE INDEX high_scores_in_order ON high_scores (score DESC, mistakes ASC, ended ASC, game_id ASC, position ASC);
        \(fillHighScores);
        DROP INDEX IF EXISTS game_results_by_score;
        """

    /// One result that may enter the table, with its order's fields.
    struct HighScoreRow {
        var gameID: Int64
        var playerID: Int64
        var position: Int
        var score: Int
        var mistakes: Int
        var ended: Int64

        /// The high-score order: true when `self` is shown above `other`.
        func precedes(_ other: HighScoreRow) -> Bool {
            if score != other.score { return score > other.score }
            if mistakes != other.mistakes { return mistakes < other.mistakes }
            if ended != other.ended { return ended < other.ended }
            if gameID != other.gameID { return gameID < other.gameID }
            return position < other.position
        }
    }

    /// Adds the merge's counting results that enter the table (above its last kept row, or all while it
    /// has room) and trims it back to `highScoreRowsKept`. Rows only ever leave for better ones, so two
    /// servers merging at once each trim only rows below the best `highScoreRowsKept` either one sees.
    func addHighScores(_ candidates: [HighScoreRow]) throws {
        let counting = candidates.filter { HighScore.earnsAPlace($0.score) }
        guard !counting.isEmpty else { return }
        let last = try runner.first(
            """
            SELECT h.game_id, h.player_id, h.position, h.score, h.mistakes, h.ended FROM high_scores h
            ORDER BY \(Self.highScoreOrder) LIMIT 1 OFFSET \(Self.highScoreRowsKept - 1)
            """, []
        ) { row in
            HighScoreRow(
                gameID: try row.int64(0), playerID: try row.int64(1), position: try row.int(2), score: try row.int(3),
                mistakes: try row.int(4), ended: try row.int64(5))
        }
        let entering = counting.filter { candidate in last.map { candidate.precedes($0) } ?? true }
        guard !entering.isEmpty else { return }
        var rows: [SQLiteValue] = []
        rows.reserveCapacity(entering.count * MergeStatement.highScores.columns)
        for row in entering {
            rows += [
                .integer(row.gameID), .integer(row.playerID), .int(row.position), .int(row.score), .int(row.mistakes),
                .integer(row.ended),
            ]
        }
        _ = try insertRows(rows, MergeStatement.highScores) { _ in () }
        guard last != nil else { return }
        try runner.execute(
            """
            DELETE FROM high_scores WHERE (game_id, position) IN (
                SELECT h.game_id, h.position FROM high_scores h
                ORDER BY \(Self.highScoreOrder) LIMIT 1000000000 OFFSET \(Self.highScoreRowsKept))
            """, [])
    }

    /// After results were deleted: when any of them was in the table, it is read again from the results.
    func rebuildHighScores(afterDeletingFrom playerKey: String) throws {
        let removed = try runner.execute(
            "DELETE FROM high_scores WHERE player_id = (SELECT id FROM players WHERE key = $1)", [.text(playerKey)])
        guard removed > 0 else { return }
        try runner.execute("DELETE FROM high_scores", [])
        try runner.execute(Self.fillHighScores, [])
    }
}
