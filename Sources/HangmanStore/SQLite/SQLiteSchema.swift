import CSQLite

/// The database schema as an ordered list of migrations. Migration `n` (1-based) brings
/// `PRAGMA user_version` from `n - 1` to `n`; each runs in its own write transaction, and the version is
/// read inside that transaction so two servers opening a new file at once cannot both apply it.
/// Never edit a shipped migration: append a new one.
enum SQLiteSchema {
    static let migrations: [String] = [
        // 1: the tables.
        """
        CREATE TABLE players (
            id            INTEGER PRIMARY KEY,
            name          TEXT NOT NULL,            -- display name, as last written
            key           TEXT NOT NULL UNIQUE,     -- lower-cased name
            password_hash TEXT,                     -- crypt(3) string; NULL = not registered
            settings      TEXT,                     -- JSON object of strings; NULL = none saved
            created       INTEGER NOT NULL          -- unix seconds
        );
        CREATE TABLE games (
            id           INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused, even after deletes
            room         TEXT NOT NULL,
            mode         TEXT NOT NULL,
            difficulty   TEXT NOT NULL,
            round_count  INTEGER NOT NULL,
            mistakes     INTEGER NOT NULL,          -- sum of the rounds' mistakes (for high scores)
            words_solved INTEGER NOT NULL,          -- rounds won
            started      INTEGER NOT NULL,
            ended        INTEGER NOT NULL
        );
        CREATE TABLE game_results (
            game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            position  INTEGER NOT NULL,             -- index in the record's results (the game's ranking)
            score     INTEGER NOT NULL,
            rank      INTEGER NOT NULL,
            solved    INTEGER NOT NULL,
            failed    INTEGER NOT NULL,
            PRIMARY KEY (game_id, player_id)
        ) WITHOUT ROWID;
        CREATE INDEX game_results_by_player ON game_results(player_id);
        CREATE TABLE rounds (
            game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            number   INTEGER NOT NULL,              -- 1-based
            word     TEXT NOT NULL,
            won      INTEGER NOT NULL,
            mistakes INTEGER NOT NULL,
            solver   TEXT,                          -- display name, NULL when nobody solved it
            PRIMARY KEY (game_id, number)
        ) WITHOUT ROWID;
        """,
        // 2: high scores read the best results first and stop after `limit` rows instead of sorting them all.
        """
        CREATE INDEX game_results_by_score ON game_results(score DESC);
        """,
        // 3: one leaderboard for many servers. Each game carries its id (the merge is idempotent by it),
        // and each player their totals, kept at merge time, so `top` reads an index instead of
        // aggregating every result. Same columns and statements as PostgresSchema's migration 1.
        """
        ALTER TABLE games ADD COLUMN uid TEXT;
        CREATE UNIQUE INDEX games_by_uid ON games(uid);
        ALTER TABLE players ADD COLUMN score INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE players ADD COLUMN games INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE players ADD COLUMN wins INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE players ADD COLUMN best INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE players ADD COLUMN solved INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE players ADD COLUMN failed INTEGER NOT NULL DEFAULT 0;
        \(LeaderboardTables.recomputeTotalsV3);
        CREATE INDEX players_by_rank ON players(score DESC, wins DESC, games ASC, key ASC) WHERE games > 0;
        """,
        // 4: how many players (with games) have each total score, so a player's rank is a sum over
        // distinct scores instead of a count over every player ahead. Same as PostgresSchema's 2.
        """
        CREATE TABLE score_counts (score INTEGER PRIMARY KEY, players INTEGER NOT NULL);
        CREATE TABLE score_blocks (block INTEGER PRIMARY KEY, players INTEGER NOT NULL);  -- 1,024 scores per block
        \(LeaderboardTables.rebuildScoreCounts);
        """,
        // 5: games and results that never reach the global leaderboard (word-setter games, house bots'
        // seats): kept for history and `game`, left out of the totals, high scores and boards. Every
        // stored game was ranked. Same as PostgresSchema's 3.
        """
        ALTER TABLE games ADD COLUMN ranked INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE game_results ADD COLUMN ranked INTEGER NOT NULL DEFAULT 1;
        """,
        // 6: monthly boards read the games of one month, a range of end times, then each game's results
        // by their primary key. Same as PostgresSchema's 4.
        """
        CREATE INDEX games_by_ended ON games(ended);
        """,
        // 7: the monthly boards' totals, kept by the merge like the players' all-time totals, so a board
        // is an index scan and a standing a count of index entries, not an aggregate over a month of
        // results per game ended. `month` is the month's first second (UTC); back-filled from the
        // ranked results. Same as PostgresSchema's 5.
        """
        CREATE TABLE month_totals (
            month     INTEGER NOT NULL,         -- unix seconds of 00:00:00 UTC on the 1st (LeaderboardMonth.start)
            player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            key       TEXT NOT NULL,            -- players.key, here so the rank index can order by it
            score     INTEGER NOT NULL,
            games     INTEGER NOT NULL,
            wins      INTEGER NOT NULL,
            PRIMARY KEY (month, player_id)
        ) WITHOUT ROWID;
        CREATE INDEX month_totals_by_rank ON month_totals(month, score DESC, wins DESC, games ASC, key ASC);
        INSERT INTO month_totals (month, player_id, key, score, games, wins)
            SELECT CAST(strftime('%s', g.ended, 'unixepoch', 'start of month') AS INTEGER), r.player_id, p.key,
                   SUM(r.score), COUNT(*), SUM(CASE WHEN r.rank = 1 AND r.score > 0 THEN 1 ELSE 0 END)
            FROM game_results r JOIN games g ON g.id = r.game_id JOIN players p ON p.id = r.player_id
            WHERE r.ranked = 1 AND g.ranked = 1
            GROUP BY 1, r.player_id, p.key;
        """,
        // 8: the monthly standings' histogram, kept with `month_totals`: per month, players per score, per
        // block of 1,024 scores, and in all, so a standing is a sum over distinct scores instead of a count
        // over the month's players ahead. Built from `month_totals`. Same as PostgresSchema's 6.
        """
        CREATE TABLE month_counts (
            month   INTEGER NOT NULL,  -- month_totals.month
            level   INTEGER NOT NULL,  -- 0: players with score `value`; 1: with a score in block `value`; 2: all (`value` 0)
            value   INTEGER NOT NULL,
            players INTEGER NOT NULL,
            PRIMARY KEY (month, level, value)
        ) WITHOUT ROWID;
        \(MonthTables.rebuildMonthCounts);
        """,
        // 9: each racer's own misses. A race round keeps every player's misses (`round_mistakes`), and
        // each result the player's own total for high scores (NULL: the game's, as every result stored
        // before this migration, all of them turn-based or with the solver's misses, had). Same as
        // PostgresSchema's 7.
        """
        ALTER TABLE game_results ADD COLUMN mistakes INTEGER;
        CREATE TABLE round_mistakes (
            game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            number    INTEGER NOT NULL,             -- rounds.number
            player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            mistakes  INTEGER NOT NULL,
            PRIMARY KEY (game_id, number, player_id)
        ) WITHOUT ROWID;
        """,
        // 10: `games_by_ended` (6) has had no reader since the month totals (7): the boards and standings
        // read `month_totals`, history finds a player's games by their results and sorts those. It cost
        // every merged game an index entry. Same as PostgresSchema's 8.
        """
        DROP INDEX IF EXISTS games_by_ended;
        """,
        // 11: skill ratings (issue 32), applied by the merge in its transaction. Each player's rating
        // (NULL: never rated) and rated games; and the rating log, one row per player per rated game in
        // the order the ratings were applied (`seq`), with the side and points rated, so that
        // `checkRatings` can replay them even after a player deleted their history. No foreign keys:
        // the log is a ledger, kept when results go. Ratings start at this migration (no back-fill).
        // Same as PostgresSchema's 9.
        """
        ALTER TABLE players ADD COLUMN rating_mu REAL;
        ALTER TABLE players ADD COLUMN rating_sigma REAL;
        ALTER TABLE players ADD COLUMN rated_games INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE rating_changes (
            seq          INTEGER PRIMARY KEY AUTOINCREMENT,  -- the order the ratings were applied in
            game_id      INTEGER NOT NULL,                   -- games.id
            key          TEXT NOT NULL,                      -- players.key
            side         INTEGER NOT NULL,                   -- the player's side in the rated game (0-based)
            score        INTEGER NOT NULL,                   -- the side's points, as rated
            mu_before    REAL NOT NULL,
            sigma_before REAL NOT NULL,
            mu           REAL NOT NULL,
            sigma        REAL NOT NULL
        );
        """,
        // Issue 34 item 7: the first round each result's player sat in (1: the whole game; a player who
        // joined a game under way played from that round on). History and the high scores list only a
        // player's own rounds. Every result stored before has 1, as they were shown. Same as
        // PostgresSchema's migration of the same issue.
        """
        ALTER TABLE game_results ADD COLUMN first_round INTEGER NOT NULL DEFAULT 1;
        """,
        // 13: moderation (issue 33). The bans, mutes and address bans in force, one per kind and key
        // (`until` NULL: for good; an ended one is ignored by reads and replaced by the next), and the
        // moderation log, kept whole. Same as PostgresSchema's 11.
        """
        CREATE TABLE sanctions (
            kind    TEXT NOT NULL,        -- ban, mute, address
            key     TEXT NOT NULL,        -- the case-folded name, or the network (203.0.113.0/24)
            target  TEXT NOT NULL,        -- the name as the operator typed it, or the network
            by_name TEXT NOT NULL,
            reason  TEXT NOT NULL,
            since   INTEGER NOT NULL,     -- Unix seconds
            until   INTEGER,              -- Unix seconds; NULL: never ends
            PRIMARY KEY (kind, key)
        );
        CREATE TABLE moderation_log (
            seq     INTEGER PRIMARY KEY AUTOINCREMENT,
            at      INTEGER NOT NULL,     -- Unix seconds
            by_name TEXT NOT NULL,
            action  TEXT NOT NULL,
            target  TEXT NOT NULL,
            detail  TEXT NOT NULL
        );
        """,
        // Issue 32: each result's team in a teams game (NULL outside teams games), which the rating
        // rates as one side; and the rating board's index: rated players by ordinal (the expression
        // `top rating` sorts by, written the same way) best first, then key, with the rated games beside
        // them so the provisional cutoff is read from the index (docs/STORE.md, "Skill ratings").
        // Same as PostgresSchema's migration of the same issue.
        """
        ALTER TABLE game_results ADD COLUMN team INTEGER;
        CREATE INDEX players_by_ordinal ON players ((rating_mu - 3 * rating_sigma) DESC, key, rated_games)
            WHERE rating_mu IS NOT NULL;
        """,
        // Issue 37: the high scores as a small table of the best counting results, kept by the merge,
        // filled here from the results stored; `game_results_by_score` (2) goes, so a result costs one
        // index entry fewer. Same as PostgresSchema's migration of the same issue.
        HighScoreTable.highScoresMigration,
    ]

    /// The version a fully migrated database has.
    static var currentVersion: Int { migrations.count }

    /// Applies the migrations the file lacks. A file newer than this code is refused rather than guessed at.
    static func migrate(_ connection: SQLiteConnection) throws {
        for _ in 0..<migrations.count {
            let done = try connection.writeTransaction { () throws(SQLiteError) -> Bool in
                let version = try connection.queryFirst("PRAGMA user_version") { row in row.int(0) } ?? 0
                if version > currentVersion {
                    throw SQLiteError(
                        code: SQLITE_ERROR, message: "schema version \(version) is newer than this server's \(currentVersion)")
                }
                guard version < currentVersion else { return true }
                try connection.execute(migrations[version])
                try connection.execute("PRAGMA user_version = \(version + 1)")
                return false
            }
            if done { return }
        }
    }
}
