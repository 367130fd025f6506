import HangmanSync

/// Monthly standings without counting a month's players: `month_counts` holds, per month, how many
/// players have each score (level 0), each block of 1,024 scores (level 1), and in all (level 2), kept
/// by every write to `month_totals` (the merge, and the rebuild after a delete) in ONE upsert, as
/// `score_counts`/`score_blocks` are for the all-time rank. A standing is then a sum over the month's
/// blocks above the player's, the scores above theirs within their block, and the ties on their score
/// ahead of them (an index range of `month_totals_by_rank` within one score): one statement for all the
/// players of a game, which reads the histogram's part once for all of them. The boards themselves are a
/// scan of `month_totals_by_rank`. Written by `MonthTables`. See docs/STORE.md, "Monthly boards".
struct MonthBoards {
    private let runner: any SQLRunner

    init(runner: any SQLRunner) { self.runner = runner }

    /// The top `$2` of month `$1` (its first second), in `top`'s order (points desc, wins desc, games asc,
    /// key asc).
    static let monthBoard = """
        SELECT p.name, t.score, t.games, t.wins, t.key FROM month_totals t JOIN players p ON p.id = t.player_id
        WHERE t.month = $1 ORDER BY t.score DESC, t.wins DESC, t.games ASC, t.key ASC LIMIT $2
        """

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

    /// The standings of `keys` players (`$2…`) in month `$1`, as rows of four kinds (column 0):
    /// - 0: a player found: key, name, points, games, wins, and the ties on their score ahead of them, as
    ///   three ranges of the rank index that hold only players ahead (more wins; as many wins and fewer
    ///   games; as many of both and a smaller key): one `OR` filter over the whole score's range instead
    ///   was 4 times slower with 250 players on a score;
    /// - 1: the month's scores (value, players) above the lowest of the players found, up to the end of
    ///   the block of the highest; 2: the month's blocks (value, players) above that block; 3: the
    ///   month's players. `monthlyStandings` sums these once for all the players: the histogram is read
    ///   once per statement instead of once per player (a player's scores above, within their block, were
    ///   the statement's largest cost: up to 1,023 rows each).
    /// One statement, so the histogram and the players' rows are one snapshot. `CROSS JOIN` keeps SQLite's
    /// plan player by player (the key index, then the month's row): for a group commit's players (dozens
    /// of keys) it otherwise scanned the whole month's rank index and looked each row's player up (1.2 ms
    /// instead of 0.15 ms for 52 keys among 2,000 players); for PostgreSQL it is an inner join like any
    /// other.
    ///
    /// `monthStandingsText(keys:)`, or with `ties` `monthTiesText(players:)`, built once per key count.
    static func monthStandings(keys: Int, ties: Bool = false) -> String {
        let shape = StandingsShape(keys: keys, ties: ties)
        if let built = standingsTexts.withLock({ $0[shape] }) { return built }
        let built = ties ? monthTiesText(players: keys) : monthStandingsText(keys: keys)
        standingsTexts.withLock { $0[shape] = built }
        return built
    }

    private struct StandingsShape: Hashable {
        var keys: Int
        var ties: Bool
    }

    /// At most 7 key counts of each (powers of two up to `StatementShape.rowsPerStatement`: the callers pad their keys).
    private static let standingsTexts = Locked<[StandingsShape: String]>([:])

    /// The players ahead of each of `players` players tied with them on points in month `$1`, their totals
    /// given (`$2…`: key, points, games, wins per player): rows of key and count, the same three ranges
    /// of the rank index as `monthStandings`.
    private static func monthTiesText(players: Int) -> String {
        let rows = (0..<players).map { index in
            let first = index * 4 + 2
            return "($\(first), $\(first + 1), $\(first + 2), $\(first + 3))"
        }
        let mine = "WITH mine(key, score, games, wins) AS MATERIALIZED (VALUES \(rows.joined(separator: ", ")))"
        return """
            \(mine)
            SELECT m.key, \(tiedAhead)
            FROM mine m
            """
    }

    /// The players of month `$1` tied with `m` on points and ahead of it (more wins, then fewer games, then
    /// the key): three index ranges on the month's rank index.
    private static let tiedAhead = """
        (SELECT COUNT(*) FROM month_totals u WHERE u.month = $1 AND u.score = m.score AND u.wins > m.wins)
            + (SELECT COUNT(*) FROM month_totals u WHERE u.month = $1 AND u.score = m.score AND u.wins = m.wins
                AND u.games < m.games)
            + (SELECT COUNT(*) FROM month_totals u WHERE u.month = $1 AND u.score = m.score AND u.wins = m.wins
                AND u.games = m.games AND u.key < m.key)
        """

    /// Month `$1`'s histogram from score `$2` up to (not including) `$3`, the first score of the block after
    /// block `$4`, as rows of kind (column 0), value, players: 1, one score; 2, a block above `$4`; 3, the
    /// month's players (value 0).
    static let monthHistogram = """
        SELECT 1, c.value, c.players FROM month_counts c WHERE c.month = $1 AND c.level = 0 AND c.value >= $2 AND c.value < $3
        UNION ALL
        SELECT 2, c.value, c.players FROM month_counts c WHERE c.month = $1 AND c.level = 1 AND c.value > $4
        UNION ALL
        SELECT 3, 0, n.players FROM month_counts n WHERE n.month = $1 AND n.level = 2 AND n.value = 0
        """

    private static func monthStandingsText(keys: Int) -> String {
        let list = (0..<keys).map { "$\($0 + 2)" }.joined(separator: ", ")
        let mine = """
            mine AS MATERIALIZED (
                SELECT p.key, p.name, t.score, t.games, t.wins FROM players p CROSS JOIN month_totals t
                WHERE p.key IN (\(list)) AND t.player_id = p.id AND t.month = $1)
            """
        let top = ScoreBlocks.sql("b.high")
        return """
            WITH \(mine),
            b AS (SELECT MIN(score) AS low, MAX(score) AS high FROM mine)
            SELECT 0, m.key, m.name, m.score, m.games, m.wins, \(tiedAhead)
            FROM mine m
            UNION ALL
            SELECT 1, NULL, NULL, c.value, c.players, 0, 0 FROM b CROSS JOIN month_counts c
            WHERE c.month = $1 AND c.level = 0 AND c.value > b.low AND c.value < (\(top) + 1) * \(ScoreBlocks.size)
            UNION ALL
            SELECT 2, NULL, NULL, c.value, c.players, 0, 0 FROM b CROSS JOIN month_counts c
            WHERE c.month = $1 AND c.level = 1 AND c.value > \(top)
            UNION ALL
            SELECT 3, NULL, NULL, 0, n.players, 0, 0 FROM month_counts n WHERE n.month = $1 AND n.level = 2 AND n.value = 0
            """
    }

    func monthlyStandings(month: LeaderboardMonth, keys: [String]) throws -> [String: MonthlyStanding] {
        let wanted = Set(keys).sorted()
        var found: [String: MonthlyStanding] = [:]
        var start = 0
        while start < wanted.count {
            let chunk = wanted[start..<min(start + StatementShape.rowsPerStatement, wanted.count)]
            // The last key repeated up to a power of two (`IN` finds each player once): 7 statement
            // texts to prepare instead of one per key count (each new one cost ~350,000 instructions).
            let keys = StatementShape.paddedKeyCount(chunk.count)
            var arguments: [SQLiteValue] = [.integer(month.start)]
            arguments.reserveCapacity(keys + 1)
            for key in chunk { arguments.append(.text(key)) }
            if let last = chunk.last { for _ in chunk.count..<keys { arguments.append(.text(last)) } }
            try standings(Self.monthStandings(keys: keys), arguments, into: &found)
            start += chunk.count
        }
        return found
    }

    /// `monthlyStandings` inside a merge's transaction: the players whose month row the merge just wrote
    /// are given with their totals (`written`), not looked up by key; the others (no ranked result in this
    /// batch) are read by key. For the given ones the month's histogram is read once, from the lowest of
    /// their scores to the end of the highest's block (`monthHistogram`), and the ties ahead are counted
    /// only for players who share their score with someone (`monthTiesText`): most do not, and the three
    /// tie ranges per player were most of a standing's cost. Same standings as `monthlyStandings`.
    func monthlyStandings(month: LeaderboardMonth, keys: [String], written: MonthTables.WrittenMonthRows) throws -> [String:
        MonthlyStanding]
    {
        var known: [(key: String, score: Int, games: Int, wins: Int)] = []
        var unknown: [String] = []
        for key in Set(keys).sorted() {
            if let row = written.rows[MonthTables.MonthRow(month: month.start, key: key)] {
                known.append((key, row.score, row.games, row.wins))
            } else {
                unknown.append(key)
            }
        }
        var found = unknown.isEmpty ? [:] : try monthlyStandings(month: month, keys: unknown)
        guard let low = known.map(\.score).min(), let high = known.map(\.score).max() else { return found }
        var scores: [(value: Int, players: Int)] = []
        var aboveTheScores = 0
        var players = 0
        let top = ScoreBlocks.block(of: high)
        _ = try runner.query(
            Self.monthHistogram, [.integer(month.start), .int(low), .int((top + 1) * ScoreBlocks.size), .int(top)]
        ) { row in
            switch try row.int(0) {
            case 1: scores.append((value: try row.int(1), players: try row.int(2)))
            case 2: aboveTheScores += try row.int(2)
            default: players = try row.int(2)
            }
        }
        let onScore = Dictionary(scores.map { ($0.value, $0.players) }, uniquingKeysWith: +)
        let ahead = try tiesAhead(month: month, of: known.filter { (onScore[$0.score] ?? 0) > 1 }, onScore: onScore)
        let higher = Self.playersAbove(known.map(\.score), scores: scores, aboveTheScores: aboveTheScores)
        for (player, higher) in zip(known, higher) {
            found[player.key] = MonthlyStanding(
                name: written.names[player.key] ?? player.key, rank: higher + (ahead[player.key] ?? 0) + 1,
                players: players, score: player.score, games: player.games, wins: player.wins)
        }
        return found
    }

    /// The fewest asked players sharing one score for whom that score's rows are read once, in the rank
    /// index's order, instead of three index ranges each.
    static let tieScanPlayers = 3

    /// Whether `asked` players on a score that `players` hold in all read it once (`playersOnScore`): in
    /// callgrind a row read back into Swift costs ~6 times a row counted in a range, and a seek ~30 such
    /// rows, so three ranges for each asked player (3 seeks and half the score's rows) must cost more than
    /// one seek and every row read back. At ~35 players a score that takes three asked; a crowd of
    /// thousands on one score (say 0 points) takes dozens before one read of it pays.
    static func readsTheScoreOnce(asked: Int, players: Int) -> Bool {
        asked >= tieScanPlayers && asked * (90 + players) >= 30 + 6 * players
    }

    /// Month `$1`'s players on score `$2`, in the board's order (the rank index, read in its order).
    static let playersOnScore = """
        SELECT key FROM month_totals WHERE month = $1 AND score = $2 ORDER BY score DESC, wins DESC, games ASC, key ASC
        """

    /// For each of `tied` (their month totals given), the players tied with them on points and ahead: for
    /// a score enough of them share (`readsTheScoreOnce`, `onScore` the month's players per score), their
    /// places in one read of the score's rows; for the others, three index ranges each.
    private func tiesAhead(
        month: LeaderboardMonth, of everyTied: [(key: String, score: Int, games: Int, wins: Int)], onScore: [Int: Int]
    ) throws -> [String: Int] {
        var ahead: [String: Int] = [:]
        var tied: [(key: String, score: Int, games: Int, wins: Int)] = []
        for (score, players) in Dictionary(grouping: everyTied, by: \.score) {
            guard Self.readsTheScoreOnce(asked: players.count, players: onScore[score] ?? 0) else {
                tied += players
                continue
            }
            let asked = Set(players.map(\.key))
            var place = 0
            _ = try runner.query(Self.playersOnScore, [.integer(month.start), .int(score)]) { row in
                let key = try row.text(0)
                if asked.contains(key) { ahead[key] = place }
                place += 1
            }
        }
        var start = 0
        while start < tied.count {
            let chunk = tied[start..<min(start + StatementShape.rowsPerStatement, tied.count)]
            let count = StatementShape.paddedKeyCount(chunk.count)
            var arguments: [SQLiteValue] = [.integer(month.start)]
            arguments.reserveCapacity(count * 4 + 1)
            for index in 0..<count {  // the last player repeated up to a power of two
                let player = chunk[chunk.startIndex + min(index, chunk.count - 1)]
                arguments += [.text(player.key), .int(player.score), .int(player.games), .int(player.wins)]
            }
            for (key, count) in try runner.query(
                Self.monthStandings(keys: count, ties: true), arguments,
                { row in
                    (try row.text(0), try row.int(1))
                })
            {
                ahead[key] = count
            }
            start += chunk.count
        }
        return ahead
    }

    /// Runs one standings statement (`monthStandings`) and adds the standings it finds to `found`.
    private func standings(_ sql: String, _ arguments: [SQLiteValue], into found: inout [String: MonthlyStanding]) throws {
        var mine: [(key: String, name: String, score: Int, games: Int, wins: Int, tiedAhead: Int)] = []
        var scores: [(value: Int, players: Int)] = []
        var aboveTheScores = 0
        var players = 0
        _ = try runner.query(sql, arguments) { row in
            switch try row.int(0) {
            case 0:
                mine.append(
                    (
                        key: try row.text(1), name: try row.text(2), score: try row.int(3), games: try row.int(4),
                        wins: try row.int(5), tiedAhead: try row.int(6)
                    ))
            case 1: scores.append((value: try row.int(3), players: try row.int(4)))
            case 2: aboveTheScores += try row.int(4)
            default: players = try row.int(4)
            }
        }
        let higher = Self.playersAbove(mine.map(\.score), scores: scores, aboveTheScores: aboveTheScores)
        for (player, higher) in zip(mine, higher) {
            found[player.key] = MonthlyStanding(
                name: player.name, rank: higher + player.tiedAhead + 1, players: players, score: player.score,
                games: player.games, wins: player.wins)
        }
    }

    /// For each of `playerScores`, how many players of the month have more points: everyone above
    /// the scores read (`aboveTheScores`), plus the players on the scores read that are higher.
    static func playersAbove(
        _ playerScores: [Int], scores: [(value: Int, players: Int)], aboveTheScores: Int
    ) -> [Int] {
        playerScores.map { score in
            aboveTheScores + scores.reduce(0) { $0 + ($1.value > score ? $1.players : 0) }
        }
    }
}
