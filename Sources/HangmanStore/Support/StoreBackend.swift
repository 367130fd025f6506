import Dispatch

/// A database engine under `Store`: SQLite, PostgreSQL or memory. It prepares the database once
/// (checks, migrations) and then opens as many connections as the store's pool asks for.
///
/// `Store` owns the pool: one writer connection that merges finished games by group commit, and a few
/// reader connections for everything else, each confined to its own serial queue, so a slow merge never
/// holds up `top` or a login. A network engine fits as well as a file: a connection that loses its
/// server reconnects itself or throws `StoreError.unavailable`.
public protocol StoreBackend: Sendable {
    /// A short name for logs ("sqlite", "postgresql", "memory"); never a path or a password.
    var engineName: String { get }
    /// Opens one connection, confined from now on to `queue` (the store calls it only there).
    func connect(queue: DispatchQueue) throws(StoreError) -> any StoreConnection
}

/// One connection to the store's database. Synchronous, and used by one queue only, so it needs no locks.
///
/// Keys passed in are already case-folded (`HangmanStoreKey.key(for:)`). A method throws either a
/// `StoreError` fit to show to a player, or an engine error conforming to `StoreFailure`, which the
/// store logs in full and reports to callers by its code only.
public protocol StoreConnection: AnyObject {
    /// Merges `records` in one transaction, all or nothing, and returns one result per record in order.
    /// Idempotent by `GameRecord.id`: a record whose id is already stored changes nothing and comes back
    /// with the stored game's number and `isNew == false`.
    func mergeGames(_ records: [GameRecord]) throws -> [MergedGame]
    /// Replays every rated game in the order its ratings were applied and compares the result with the
    /// stored ratings (`hangman-server check-ratings`, issue 32).
    func checkRatings() throws -> RatingCheck
    /// `top rating`: players with at least `minGames` rated games by ordinal; `mine` is `key`'s row when outside.
    func ratingLeaderboard(limit: Int, minGames: Int, key: String?) throws -> RatingBoardPage
    /// `mergeGames`, then the standings of `standings`' keys on their months' boards as they are right
    /// after it; a month whose standings cannot be read is a failure of that month only, never of the
    /// merge. The default merges, then reads each month (`monthlyStandings`); an engine may read them
    /// inside the merge's transaction from the rows it just wrote (SQLite: `SQLDatabase`).
    func mergeGames(_ records: [GameRecord], standings: [LeaderboardMonth: [String]]) throws -> MergeAndStandings
    func leaderboard(limit: Int, key: String?) throws -> LeaderboardPage
    /// The board of the games that ended in `month`.
    func monthlyLeaderboard(month: LeaderboardMonth, limit: Int, key: String?) throws -> LeaderboardPage
    /// The standings of `keys` on that board, by key (`name` is the stored display name); absent: no ranked result.
    func monthlyStandings(month: LeaderboardMonth, keys: [String]) throws -> [String: MonthlyStanding]
    func highScores(limit: Int) throws -> [HighScore]
    /// `highScores` and when the game of its last row ended (a default: nil, not known).
    func highScoresAndLastEnd(limit: Int) throws -> (table: [HighScore], lastEnded: Int64?)
    func history(key: String, limit: Int) throws -> [HistoryEntry]
    func game(id: Int64) throws -> GameDetail?
    /// Nil for a name never seen.
    func stats(key: String) throws -> PlayerStats?
    /// False when the player had no result in that game.
    func deleteResult(key: String, gameID: Int64) throws -> Bool
    func deleteResults(key: String) throws -> Int
    /// (known name, stored hash or nil when unregistered).
    func passwordHash(key: String) throws -> (known: Bool, hash: String?)
    /// The stored spelling of a registered key; nil when it has no password.
    func accountName(key: String) throws -> String?
    /// The stored hashes of those of `keys` that have one, by key.
    func passwordHashes(keys: [String]) throws -> [String: String]
    /// Stores the hash unless the name already has one; false when it had.
    func setPasswordHash(name: String, key: String, hash: String) throws -> Bool
    /// Replaces the name's hash `old` with `new`, atomically; false (nothing changed) when the stored
    /// hash is no longer `old` or the name has none.
    func replacePasswordHash(key: String, old: String, new: String) throws -> Bool
    func saveSettings(name: String, key: String, json: String) throws
    func loadSettings(key: String) throws -> String?
    /// Stores a ban, mute or address ban, replacing the one of its kind and key.
    func saveSanction(_ sanction: StoredSanction) throws
    /// Removes the sanction of `kind` on `key`; true when one in force at `now` was removed.
    func liftSanction(kind: String, key: String, now: Int64) throws -> Bool
    /// Every sanction in force at `now` (Unix seconds).
    func sanctions(now: Int64) throws -> [StoredSanction]
    /// The sanction of `kind` on `key` in force at `now`, if any: one keyed read.
    func sanction(kind: String, key: String, now: Int64) throws -> StoredSanction?
    func recordModeration(_ entry: StoredModerationEntry) throws
    /// The newest `limit` entries of the moderation log, newest first.
    func moderationLog(limit: Int) throws -> [StoredModerationEntry]
    func close()
}

/// What `mergeGames(_:standings:)` answers: one result per record, and per month asked its players'
/// standings by key, or why they could not be read.
public struct MergeAndStandings {
    public var merged: [MergedGame]
    public var standings: [LeaderboardMonth: Result<[String: MonthlyStanding], any Error>]

    public init(merged: [MergedGame], standings: [LeaderboardMonth: Result<[String: MonthlyStanding], any Error>]) {
        self.merged = merged
        self.standings = standings
    }

    /// `connection.mergeGames(records)`, then each month's standings read after it.
    static func mergeThenRead(
        _ connection: any StoreConnection, _ records: [GameRecord], standings: [LeaderboardMonth: [String]]
    ) throws -> MergeAndStandings {
        let merged = try connection.mergeGames(records)
        var found: [LeaderboardMonth: Result<[String: MonthlyStanding], any Error>] = [:]
        for (month, keys) in standings {
            found[month] = Result { try connection.monthlyStandings(month: month, keys: keys) }
        }
        return MergeAndStandings(merged: merged, standings: found)
    }
}

extension StoreConnection {
    public func mergeGames(_ records: [GameRecord], standings: [LeaderboardMonth: [String]]) throws -> MergeAndStandings {
        try MergeAndStandings.mergeThenRead(self, records, standings: standings)
    }

    /// The high-score table and when the game of its last row ended (nil: not known here). With it the
    /// store keeps its copy of the table when a game merged later ties that row (`HighScoreCache`).
    public func highScoresAndLastEnd(limit: Int) throws -> (table: [HighScore], lastEnded: Int64?) {
        (try highScores(limit: limit), nil)
    }
}

/// The outcome of merging one game record.
public struct MergedGame: Sendable, Equatable {
    /// The stored game's number (what `game`, `history` and `deleteHistory` use).
    public var id: Int64
    /// False when a game with the record's id was already stored (a replay): nothing was changed.
    public var isNew: Bool
    /// Each rated player's rating before and after this game, applied in the merge's transaction
    /// (issue 32). Empty for a replay, and for a game that is not rated.
    public var ratings: [RatingUpdate]

    public init(id: Int64, isNew: Bool, ratings: [RatingUpdate] = []) {
        self.id = id
        self.isNew = isNew
        self.ratings = ratings
    }
}

/// An engine's own error (SQLite's, libpq's). The store logs `description` (which may hold SQL text or a
/// path) and gives callers only `storeError`, which never does.
public protocol StoreFailure: Error, CustomStringConvertible {
    /// What callers are told.
    var storeError: StoreError { get }
}

extension GameRecord {
    /// Results with repeated names (ignoring case) dropped after their first occurrence: a game holds one
    /// result per player, and a malformed record must not poison the retry queue with a constraint error.
    var uniqueResults: [PlayerResult] {
        var seen: Set<String> = []
        return results.filter { seen.insert(HangmanStoreKey.key(for: $0.name)).inserted }
    }

    /// The game's total misses.
    var totalMistakes: Int { rounds.reduce(0) { $0 + $1.mistakes } }

    /// Rounds won.
    var wordsSolved: Int { rounds.filter(\.won).count }
}

extension PlayerResult {
    /// Whether this result counts towards the totals, high scores and boards: it and its game are ranked.
    func counts(in record: GameRecord) -> Bool { ranked && record.ranked }
}

/// One player's additions to the leaderboard totals from a batch of new games.
struct PlayerDelta {
    var name: String
    var key: String
    var score = 0, games = 0, wins = 0, best = 0, solved = 0, failed = 0

    /// The per-player sums over `records`, sorted by key: every engine upserts players in this order so
    /// that two servers merging at once cannot deadlock on each other's rows. Every player of the
    /// records gets a delta (their row must exist for their results), but only ranked results of ranked
    /// games add to it: an unranked one leaves the totals as they were.
    static func deltas(for records: [MergeRecord]) -> [PlayerDelta] {
        var byKey: [String: PlayerDelta] = [:]
        for merging in records {
            let record = merging.record
            for (result, key) in merging.results {
                var delta = byKey[key] ?? PlayerDelta(name: result.name, key: key)
                delta.name = result.name  // the latest spelling wins
                guard result.counts(in: record) else {
                    byKey[key] = delta
                    continue
                }
                delta.best = delta.games == 0 ? result.score : max(delta.best, result.score)
                delta.score += result.score
                delta.games += 1
                if result.rank == 1 && result.score > 0 { delta.wins += 1 }
                delta.solved += result.solved
                delta.failed += result.failed
                byKey[key] = delta
            }
        }
        return byKey.values.sorted { HangmanStoreKey.precedes($0.key, $1.key) }
    }
}
