import HangmanCore

/// Skill ratings on both engines (issue 32): the rating log (`rating_changes`) and the players' rating
/// columns, applied by the merge inside its transaction, and checked by `checkRatings` against a replay
/// of the rating log.
struct RatingTables {
    private let runner: any SQLRunner

    init(runner: any SQLRunner) { self.runner = runner }

    /// A player row's rating columns; nil when the player was never rated.
    static func storedRating(_ row: SQLRow, mu: Int, sigma: Int, games: Int) throws -> PlayerRating? {
        guard let muValue = try row.optionalDouble(mu), let sigmaValue = try row.optionalDouble(sigma) else { return nil }
        return PlayerRating(rating: Rating(mu: muValue, sigma: sigmaValue), games: try row.int(games))
    }

    /// Rates the merge's new games in order from `current` (the players' rows, already locked by the
    /// merge's upsert, in key order), logs each change and writes each player's final rating (in key
    /// order, `MergeStatement.ratings`: one statement a chunk, not one a player). Answers each game's
    /// updates, in `fresh` order.
    func apply(_ fresh: [GameTables.Fresh], current: [String: PlayerRating]) throws -> [[RatingUpdate]] {
        let (updates, games, final) = MergeRatings.rate(fresh.map(\.record), current: current)
        guard !final.isEmpty else { return updates }
        var logRows: [SQLiteValue] = []
        for ((game, rated), changes) in zip(zip(fresh, games), updates) {
            for row in MergeRatings.logRows(gameID: game.id, rated, changes) {
                logRows += [
                    .integer(row.gameID), .text(row.key), .int(row.side), .int(row.score), .real(row.before.mu),
                    .real(row.before.sigma), .real(row.after.mu), .real(row.after.sigma),
                ]
            }
        }
        try runner.insertRows(logRows, MergeStatement.ratingChanges)
        var ratingRows: [SQLiteValue] = []
        ratingRows.reserveCapacity(final.count * MergeStatement.ratings.columns)
        for key in final.keys.sorted(by: HangmanStoreKey.precedes) {
            guard let rating = final[key] else { continue }
            ratingRows += [
                .text(key), .text(key), .int(0), .real(rating.rating.mu), .real(rating.rating.sigma), .int(rating.games),
            ]
        }
        try runner.insertRows(ratingRows, MergeStatement.ratings)
        return updates
    }

    /// The rating board's top `$2` of the players with at least `$1` rated games: by ordinal (mu − 3·sigma,
    /// computed in the database as in Swift: one product, one difference) descending, then key. A walk of
    /// `players_by_ordinal` (written as its expression, so both engines match it) that reads the rated
    /// games from the index and stops after `$2` rows: no sort (docs/STORE.md, "Skill ratings").
    static let ratingBoard = """
        SELECT name, key, rating_mu, rating_sigma, rated_games FROM players
        WHERE rating_mu IS NOT NULL AND rated_games >= $1
        ORDER BY (rating_mu - 3 * rating_sigma) DESC, key ASC LIMIT $2
        """

    /// How many players with at least `$1` rated games are ahead of ordinal `$2` and key `$3`: a range
    /// of `players_by_ordinal` from its top down to that row.
    static let ratingsAhead = """
        SELECT COUNT(*) FROM players WHERE rating_mu IS NOT NULL AND rated_games >= $1
            AND (rating_mu - 3 * rating_sigma) >= $2 AND ((rating_mu - 3 * rating_sigma) > $2 OR key < $3)
        """

    /// The rating board: `ratingBoard`, and the asker's own row (`ratingsAhead`) when outside it.
    func ratingLeaderboard(limit: Int, minGames: Int, key: String?) throws -> RatingBoardPage {
        let read: (SQLRow) throws -> (name: String, key: String, rating: PlayerRating?) = { row in
            (name: try row.text(0), key: try row.text(1), rating: try Self.storedRating(row, mu: 2, sigma: 3, games: 4))
        }
        let rows = try runner.query(Self.ratingBoard, [.int(max(0, minGames)), .int(max(0, limit))], read)
        var entries: [RatingBoardEntry] = []
        for (index, row) in rows.enumerated() {
            guard let rating = row.rating else { continue }
            entries.append(RatingBoardEntry(rank: index + 1, name: row.name, rating: rating))
        }
        guard let key, !rows.contains(where: { $0.key == key }) else { return RatingBoardPage(entries: entries) }
        let own = try runner.first(
            "SELECT name, key, rating_mu, rating_sigma, rated_games FROM players WHERE key = $1 AND rated_games >= $2",
            [.text(key), .int(max(0, minGames))], read)
        guard let own, let rating = own.rating else { return RatingBoardPage(entries: entries) }
        let ahead =
            try runner.first(Self.ratingsAhead, [.int(max(0, minGames)), .real(rating.rating.ordinal), .text(key)]) {
                try $0.int(0)
            } ?? 0
        return RatingBoardPage(entries: entries, mine: RatingBoardEntry(rank: ahead + 1, name: own.name, rating: rating))
    }

    /// Replays the rating log against the players' stored ratings and the results' stored teams
    /// (`MergeRatings.check`).
    func checkRatings() throws -> RatingCheck {
        let log = try runner.query(
            "SELECT game_id, key, side, score, mu_before, sigma_before, mu, sigma FROM rating_changes ORDER BY seq", []
        ) { row in
            RatingLogRow(
                gameID: try row.int64(0), key: try row.text(1), side: try row.int(2), score: try row.int(3),
                before: Rating(mu: try row.double(4), sigma: try row.double(5)),
                after: Rating(mu: try row.double(6), sigma: try row.double(7)))
        }
        let players = try runner.query(
            "SELECT key, rating_mu, rating_sigma, rated_games FROM players WHERE rating_mu IS NOT NULL OR rated_games > 0", []
        ) { row in
            (key: try row.text(0), rating: try Self.storedRating(row, mu: 1, sigma: 2, games: 3))
        }
        var stored: [String: PlayerRating] = [:]
        for player in players {
            // A count without a rating (or the reverse) is itself a difference: shown as a rating of NaN.
            stored[player.key] = player.rating ?? PlayerRating(rating: Rating(mu: .nan, sigma: .nan), games: -1)
        }
        var teams: [Int64: [String: Int]] = [:]
        let teamRows = try runner.query(
            """
            SELECT r.game_id, p.key, r.team FROM game_results r JOIN players p ON p.id = r.player_id
            WHERE r.team IS NOT NULL
            """, []
        ) { row in (game: try row.int64(0), key: try row.text(1), team: try row.int(2)) }
        for row in teamRows { teams[row.game, default: [:]][row.key] = row.team }
        return MergeRatings.check(log: log, stored: stored, teams: teams)
    }
}
