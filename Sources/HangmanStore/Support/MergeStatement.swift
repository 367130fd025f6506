import HangmanSync

/// One of the merge's multi-row statements: its text around a `VALUES` clause of `columns` parameters a
/// row, built once per row count (`rows` is a power of two: `StatementShape.rowsInStatement`): a call costs
/// a dictionary lookup, not a kilobyte string built again.
struct MergeStatement: Sendable {
    let name: String
    let columns: Int
    private let text: @Sendable (String) -> String

    init(_ name: String, columns: Int, text: @escaping @Sendable (String) -> String) {
        self.name = name
        self.columns = columns
        self.text = text
    }

    /// The statement for `rows` rows.
    func sql(rows: Int) -> String {
        let shape = Shape(name: name, rows: rows)
        if let built = Self.built.withLock({ $0[shape] }) { return built }
        let built = text(StatementShape.values(rows: rows, columns: columns))
        Self.built.withLock { $0[shape] = built }
        return built
    }

    private struct Shape: Hashable {
        var name: String
        var rows: Int
    }

    /// At most 7 shapes per statement.
    private static let built = Locked<[Shape: String]>([:])

    /// The games, skipping ids already stored (a replay): answers the new ones' numbers.
    static let games = MergeStatement("games", columns: 10) { values in
        """
        INSERT INTO games (uid, room, mode, difficulty, round_count, mistakes, words_solved, started, ended, ranked)
        VALUES \(values) ON CONFLICT (uid) DO NOTHING RETURNING id, uid
        """
    }

    static let rounds = MergeStatement("rounds", columns: 6) { values in
        "INSERT INTO rounds (game_id, number, word, won, mistakes, solver) VALUES \(values)"
    }

    /// The players' totals, added to: answers them as they now are.
    static let players = MergeStatement("players", columns: 9) { values in
        """
        INSERT INTO players (name, key, created, score, games, wins, best, solved, failed)
        VALUES \(values)
        ON CONFLICT (key) DO UPDATE SET
            name = excluded.name, score = players.score + excluded.score, games = players.games + excluded.games,
            wins = players.wins + excluded.wins,
            best = CASE WHEN excluded.games = 0 THEN players.best
                WHEN players.games = 0 OR excluded.best > players.best THEN excluded.best ELSE players.best END,
            solved = players.solved + excluded.solved, failed = players.failed + excluded.failed
        RETURNING id, key, score, games, rating_mu, rating_sigma, rated_games
        """
    }

    /// The rating log (issue 32), in the order the ratings were applied.
    static let ratingChanges = MergeStatement("ratingChanges", columns: 8) { values in
        """
        INSERT INTO rating_changes (game_id, key, side, score, mu_before, sigma_before, mu, sigma)
        VALUES \(values)
        """
    }

    /// The players' new ratings (issue 32), every row a player the merge's upsert has just written and
    /// locked: always the conflict's update (`name` and `created` are placeholders never stored). One
    /// statement for the batch instead of an UPDATE a player; an INSERT so that both engines type the
    /// parameters from the columns.
    static let ratings = MergeStatement("ratings", columns: 6) { values in
        """
        INSERT INTO players (name, key, created, rating_mu, rating_sigma, rated_games) VALUES \(values)
        ON CONFLICT (key) DO UPDATE SET
            rating_mu = excluded.rating_mu, rating_sigma = excluded.rating_sigma, rated_games = excluded.rated_games
        """
    }

    static let scoreBlocks = MergeStatement("scoreBlocks", columns: 2) { values in
        """
        INSERT INTO score_blocks (block, players) VALUES \(values)
        ON CONFLICT (block) DO UPDATE SET players = score_blocks.players + excluded.players
        """
    }

    static let scoreCounts = MergeStatement("scoreCounts", columns: 2) { values in
        """
        INSERT INTO score_counts (score, players) VALUES \(values)
        ON CONFLICT (score) DO UPDATE SET players = score_counts.players + excluded.players
        """
    }

    static let results = MergeStatement("results", columns: 11) { values in
        """
        INSERT INTO game_results (
            game_id, player_id, position, score, rank, solved, failed, ranked, mistakes, first_round, team)
        VALUES \(values)
        """
    }

    /// The results entering the high-score table (issue 37).
    static let highScores = MergeStatement("highScores", columns: 6) { values in
        "INSERT INTO high_scores (game_id, player_id, position, score, mistakes, ended) VALUES \(values)"
    }

    static let racers = MergeStatement("racers", columns: 4) { values in
        "INSERT INTO round_mistakes (game_id, number, player_id, mistakes) VALUES \(values)"
    }

    /// The month totals, added to: answers them as they now are.
    static let monthTotals = MergeStatement("monthTotals", columns: 6) { values in
        """
        INSERT INTO month_totals (month, player_id, key, score, games, wins) VALUES \(values)
        ON CONFLICT (month, player_id) DO UPDATE SET score = month_totals.score + excluded.score,
            games = month_totals.games + excluded.games, wins = month_totals.wins + excluded.wins
        RETURNING month, key, score, games, wins
        """
    }

    static let monthCounts = MergeStatement("monthCounts", columns: 4) { values in
        """
        INSERT INTO month_counts (month, level, value, players) VALUES \(values)
        ON CONFLICT (month, level, value) DO UPDATE SET players = month_counts.players + excluded.players
        """
    }
}
