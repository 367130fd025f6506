/// The high scores kept as a small table of the best results (`high_scores`, at most
/// `highScoreRowsKept` rows) instead of a walk of an index over every result ever saved (issue 37):
/// the merge adds the results that enter it and trims it, in its transaction; a delete of results
/// rebuilds it from `game_results`. The same statements on SQLite and PostgreSQL. A read of more rows
/// than are kept (never the server's) falls back to the query over every result. See docs/STORE.md,
/// "Queries and their tie-breaks".
struct HighScoreTable {
    private let runner: any SQLRunner
    /// The games' words, for the rows shown.
    private let games: GameTables

    init(runner: any SQLRunner, games: GameTables) {
        self.runner = runner
        self.games = games
    }

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
    struct Row {
        var gameID: Int64
        var playerID: Int64
        var position: Int
        var score: Int
        var mistakes: Int
        var ended: Int64

        /// The high-score order: true when `self` is shown above `other`.
        func precedes(_ other: Row) -> Bool {
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
    func add(_ candidates: [Row]) throws {
        let counting = candidates.filter { HighScore.earnsAPlace($0.score) }
        guard !counting.isEmpty else { return }
        let last = try runner.first(
            """
            SELECT h.game_id, h.player_id, h.position, h.score, h.mistakes, h.ended FROM high_scores h
            ORDER BY \(Self.highScoreOrder) LIMIT 1 OFFSET \(Self.highScoreRowsKept - 1)
            """, []
        ) { row in
            Row(
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
        try runner.insertRows(rows, MergeStatement.highScores)
        guard last != nil else { return }
        try runner.execute(
            """
            DELETE FROM high_scores WHERE (game_id, position) IN (
                SELECT h.game_id, h.position FROM high_scores h
                ORDER BY \(Self.highScoreOrder) LIMIT 1000000000 OFFSET \(Self.highScoreRowsKept))
            """, [])
    }

    /// After results were deleted: when any of them was in the table, it is read again from the results.
    func rebuild(afterDeletingFrom playerKey: String) throws {
        let removed = try runner.execute(
            "DELETE FROM high_scores WHERE player_id = (SELECT id FROM players WHERE key = $1)", [.text(playerKey)])
        guard removed > 0 else { return }
        try runner.execute("DELETE FROM high_scores", [])
        try runner.execute(Self.fillHighScores, [])
    }

    /// The best `$1` ranked results (`$2` is `$1 - 1`) from every result stored: only for more rows than
    /// `high_scores` keeps (the server reads that table). Written when it was
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
            let gameRounds = try rounds[row.id] ?? games.rounds(gameID: row.id)
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
}
