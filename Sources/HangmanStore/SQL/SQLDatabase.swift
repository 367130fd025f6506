import Foundation

/// The store's tables in an SQL database, the same statements for SQLite and PostgreSQL, as one
/// `StoreConnection`: the runner every part shares, the transactions, and the operations that span parts
/// (the merge, the deletes). Each part owns its tables' statements:
/// - `GameTables`: the games, their rounds, results and racers' misses;
/// - `LeaderboardTables`: the players' all-time totals and their score histogram;
/// - `RatingTables`: the skill ratings and their log;
/// - `HighScoreTable`: the best results kept;
/// - `MonthTables` and `MonthBoards`: the monthly totals and histogram, as written and as read;
/// - `AccountTables` and `ModerationTables`: passwords and settings; sanctions and the moderation log.
final class SQLDatabase: StoreConnection {
    /// The engine's connection. Visible for checks that only one engine has (SQLite's integrity check).
    let runner: any SQLRunner
    private let games: GameTables
    private let allTime: LeaderboardTables
    private let ratings: RatingTables
    private let highScoreTable: HighScoreTable
    private let months: MonthTables
    private let boards: MonthBoards
    private let accounts: AccountTables
    private let moderation: ModerationTables

    init(runner: any SQLRunner) {
        self.runner = runner
        games = GameTables(runner: runner)
        allTime = LeaderboardTables(runner: runner)
        ratings = RatingTables(runner: runner)
        highScoreTable = HighScoreTable(runner: runner, games: games)
        months = MonthTables(runner: runner)
        boards = MonthBoards(runner: runner)
        accounts = AccountTables(runner: runner)
        moderation = ModerationTables(runner: runner)
    }

    func close() { runner.close() }

    /// Seconds since 1970, for `created` columns.
    private var now: Int64 { Int64(Date().timeIntervalSince1970) }

    // MARK: - Merge

    func mergeGames(_ records: [GameRecord]) throws -> [MergedGame] {
        try runner.transaction { try merge(records.map(MergeRecord.init)).merged }
    }

    /// On SQLite the standings are read inside the merge's transaction, from the month rows the merge
    /// just wrote (`monthlyStandings(month:keys:written:)`): no lookup of each player by key and no second
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
                found[month] = Result { try boards.monthlyStandings(month: month, keys: keys, written: written) }
            }
            return MergeAndStandings(merged: merged, standings: found)
        }
    }

    /// The merge's statements, inside the caller's transaction: one result per record, and the month
    /// totals rows it wrote (as they now are) with each player's display name.
    private func merge(_ batch: [MergeRecord]) throws -> (merged: [MergedGame], written: MonthTables.WrittenMonthRows) {
        // 1. The games, skipping ids already stored (a replay).
        var (merged, fresh) = try games.insertGames(batch)
        guard !fresh.isEmpty else { return (merged, MonthTables.WrittenMonthRows()) }
        // 2. Their rounds.
        try games.insertRounds(fresh)
        // 3. The players' totals, in key order (two servers merging at once cannot deadlock).
        let deltas = PlayerDelta.deltas(for: fresh.map(\.record))
        let players = try allTime.addTotals(deltas, created: now)
        // 3b. The ratings, game after game, from the rows the upsert just locked (issue 32).
        var rated = try ratings.apply(fresh, current: players.ratings).makeIterator()
        for index in merged.indices where merged[index].isNew {
            merged[index].ratings = rated.next() ?? []
        }
        // 4. The results, and each racer's own misses in the race rounds; 4c. the high-score table's new entries.
        try highScoreTable.add(try games.insertResults(fresh, playerIDs: players.ids))
        // 5. The monthly boards' totals.
        var written = try months.addTotals(fresh.map(\.record), playerIDs: players.ids)
        for delta in deltas { written.names[delta.key] = delta.name }
        return (merged, written)
    }

    // MARK: - Deletes (the player's totals are recomputed from what is left)

    func deleteResult(key: String, gameID: Int64) throws -> Bool {
        try runner.transaction {
            let removed = try games.deleteResult(key: key, gameID: gameID)
            if removed > 0 { try recompute(afterDeletingFrom: key) }
            return removed > 0
        }
    }

    func deleteResults(key: String) throws -> Int {
        try runner.transaction {
            let removed = try games.deleteResults(key: key)
            if removed > 0 { try recompute(afterDeletingFrom: key) }
            return removed
        }
    }

    /// What depends on a player's results, read again from those left: their totals and place in the
    /// histogram, their month rows, and the high-score table when any of theirs was in it.
    private func recompute(afterDeletingFrom key: String) throws {
        try allTime.recompute(key: key)
        try months.recompute(key: key)
        try highScoreTable.rebuild(afterDeletingFrom: key)
    }

    // MARK: - Reads and single-part writes

    func leaderboard(limit: Int, key: String?) throws -> LeaderboardPage { try allTime.leaderboard(limit: limit, key: key) }

    func stats(key: String) throws -> PlayerStats? { try allTime.stats(key: key) }

    func checkRatings() throws -> RatingCheck { try ratings.checkRatings() }

    func ratingLeaderboard(limit: Int, minGames: Int, key: String?) throws -> RatingBoardPage {
        try ratings.ratingLeaderboard(limit: limit, minGames: minGames, key: key)
    }

    func monthlyLeaderboard(month: LeaderboardMonth, limit: Int, key: String?) throws -> LeaderboardPage {
        try boards.monthlyLeaderboard(month: month, limit: limit, key: key)
    }

    func monthlyStandings(month: LeaderboardMonth, keys: [String]) throws -> [String: MonthlyStanding] {
        try boards.monthlyStandings(month: month, keys: keys)
    }

    func highScores(limit: Int) throws -> [HighScore] { try highScoreTable.highScoresAndLastEnd(limit: limit).table }

    func highScoresAndLastEnd(limit: Int) throws -> (table: [HighScore], lastEnded: Int64?) {
        try highScoreTable.highScoresAndLastEnd(limit: limit)
    }

    func history(key: String, limit: Int) throws -> [HistoryEntry] { try games.history(key: key, limit: limit) }

    func game(id: Int64) throws -> GameDetail? { try games.game(id: id) }

    func passwordHash(key: String) throws -> (known: Bool, hash: String?) { try accounts.passwordHash(key: key) }

    func accountName(key: String) throws -> String? { try accounts.accountName(key: key) }

    func passwordHashes(keys: [String]) throws -> [String: String] { try accounts.passwordHashes(keys: keys) }

    func setPasswordHash(name: String, key: String, hash: String) throws -> Bool {
        try accounts.setPasswordHash(name: name, key: key, hash: hash, created: now)
    }

    func replacePasswordHash(key: String, old: String, new: String) throws -> Bool {
        try accounts.replacePasswordHash(key: key, old: old, new: new)
    }

    func saveSettings(name: String, key: String, json: String) throws {
        try accounts.saveSettings(name: name, key: key, json: json, created: now)
    }

    func loadSettings(key: String) throws -> String? { try accounts.loadSettings(key: key) }

    func saveSanction(_ sanction: StoredSanction) throws { try moderation.saveSanction(sanction) }

    func liftSanction(kind: String, key: String, now: Int64) throws -> Bool {
        try moderation.liftSanction(kind: kind, key: key, now: now)
    }

    func sanctions(now: Int64) throws -> [StoredSanction] { try moderation.sanctions(now: now) }

    func sanction(kind: String, key: String, now: Int64) throws -> StoredSanction? {
        try moderation.sanction(kind: kind, key: key, now: now)
    }

    func recordModeration(_ entry: StoredModerationEntry) throws { try moderation.recordModeration(entry) }

    func moderationLog(limit: Int) throws -> [StoredModerationEntry] { try moderation.moderationLog(limit: limit) }
}
