import Foundation

/// The leaderboard and accounts, behind a protocol so the server can run on SQLite and its tests on
/// `MemoryStore`.
///
/// Every method returns at once and calls its completion later **on one of the store's own queues**
/// (never the caller's), within the store's time limit (`.timedOut` past it); callers hop back to their
/// own queue. Names are matched by their key, the lower-cased name
/// (`HangmanStoreKey.key(for:)`); the display name kept is the one most recently written.
public protocol HangmanStore: ModerationStore, AnyObject, Sendable {
    /// Merge one finished game. Completion: `.success(gameID)` after COMMIT; `.failure(.io)` if it could not be
    /// written yet – the record is kept in memory and retried until it lands (then `onDeferredSaved` fires).
    func recordGame(_ game: GameRecord, completion: @escaping @Sendable (Result<Int64, StoreError>) -> Void)
    /// Merge one finished game and say where it went: `.saved(gameID)` after COMMIT, `.queued` when it is
    /// durably in the local outbox (the database was unreachable or too slow; it is merged later and
    /// `onDeferredSaved` fires), `.failed` when it is only kept in memory and retried.
    func recordGameOutcome(_ game: GameRecord, completion: @escaping @Sendable (RecordOutcome) -> Void)
    /// A game's end in one call: the merge (`recordGameOutcome`: exactly once, the outbox and the time
    /// limit as there), then, once the game is saved (never otherwise), the best `limit` single-game
    /// results and where its players stand on the board of the month it ended in, all in one answer
    /// within the time limit (what could not be read in time left out). The SQL stores read them on the
    /// writer right after the commit that saved the game.
    func finishGame(_ game: GameRecord, highScores limit: Int, completion: @escaping @Sendable (GameEnd) -> Void)
    /// Called (on a store queue) for each record that failed at first and landed on a later retry or replay.
    var onDeferredSaved: (@Sendable (GameRecord, Int64) -> Void)? { get set }
    /// `top rating`: the best `limit` players by skill rating (ordinal) with at least `minGames` rated
    /// games; `mine` is `player`'s own row when outside them and on the board.
    func ratingLeaderboard(
        limit: Int, minGames: Int, player: String?,
        completion: @escaping @Sendable (Result<RatingBoardPage, StoreError>) -> Void)
    /// The best `limit` players; `mine` is `player`'s own row when outside them.
    func leaderboard(
        limit: Int, player: String?, completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void)
    /// The board of one month (UTC): players ranked by their ranked results in the ranked games that ended
    /// in it, in `leaderboard`'s order; `mine` as there.
    func monthlyLeaderboard(
        month: LeaderboardMonth, limit: Int, player: String?,
        completion: @escaping @Sendable (Result<LeaderboardPage, StoreError>) -> Void)
    /// Where each of `players` stands on `month`'s board, in the order asked; a player with no ranked result
    /// that month is left out.
    func monthlyStandings(
        month: LeaderboardMonth, players: [String],
        completion: @escaping @Sendable (Result<[MonthlyStanding], StoreError>) -> Void)
    /// The best `limit` single-game results.
    func highScores(limit: Int, completion: @escaping @Sendable (Result<[HighScore], StoreError>) -> Void)
    /// One entry per round `player` played, newest game first then round order; empty for an unknown name.
    func history(player: String, limit: Int, completion: @escaping @Sendable (Result<[HistoryEntry], StoreError>) -> Void)
    /// A stored game; `.notFound` when there is no such id.
    func game(id: Int64, completion: @escaping @Sendable (Result<GameDetail, StoreError>) -> Void)
    /// A player's totals; `.notFound` for a name the store has never seen.
    func stats(player: String, completion: @escaping @Sendable (Result<PlayerStats, StoreError>) -> Void)
    /// Removes `player`'s result in game `gameID` (the game stays for the others); `.notFound` if they had none.
    func deleteHistory(player: String, gameID: Int64, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void)
    /// Removes all of `player`'s results; returns how many were removed (0 for an unknown name).
    func resetHistory(player: String, completion: @escaping @Sendable (Result<Int, StoreError>) -> Void)
    /// True when the name has a password.
    func isRegistered(name: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void)
    /// Stores a salted crypt(3) hash of `password` for `name` (created if missing); `.nameTaken` if it already has one.
    func register(name: String, password: String, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void)
    /// True when `password` matches; `.notRegistered` when the name has no password.
    func verify(name: String, password: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void)
    /// Replaces a registered name's password: true when `old` was its password (from now on `new` is),
    /// false when it was not (nothing changed); `.notRegistered` when the name has no password.
    func changePassword(
        name: String, old: String, new: String, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void)
    /// The stored spelling of a registered name (`Ann` for `ann`), nil when the name has no password.
    func registeredName(name: String, completion: @escaping @Sendable (Result<String?, StoreError>) -> Void)
    /// `verify`, saying which password matched: its stamp, or nil for a wrong password.
    func verifyStamped(
        name: String, password: String, completion: @escaping @Sendable (Result<PasswordStamp?, StoreError>) -> Void)
    /// `register`, with the stamp of the password stored.
    func registerStamped(
        name: String, password: String, completion: @escaping @Sendable (Result<PasswordStamp, StoreError>) -> Void)
    /// `changePassword`, with the new password's stamp, or nil when `old` was wrong.
    func changePasswordStamped(
        name: String, old: String, new: String, completion: @escaping @Sendable (Result<PasswordStamp?, StoreError>) -> Void)
    /// The current password stamps of those of `names` that are registered, by key
    /// (`HangmanStoreKey.key(for:)`): a stamp that differs from a session's means the password changed.
    func passwordStamps(
        names: [String], completion: @escaping @Sendable (Result<[String: PasswordStamp], StoreError>) -> Void)
    /// Stores a player's settings (any name, registered or not), replacing earlier ones.
    func saveSettings(
        name: String, settings: [String: String], completion: @escaping @Sendable (Result<Void, StoreError>) -> Void)
    /// A player's saved settings, nil when none were saved.
    func loadSettings(name: String, completion: @escaping @Sendable (Result<[String: String]?, StoreError>) -> Void)
    /// Wait (blocking the caller, bounded) until every queued write has landed or failed – for shutdown.
    /// Returns how many finished games are left only in memory: 0 when every one landed or went to the
    /// outbox; otherwise those records were logged in full (`UNSAVED GAME RECORD`) and the process
    /// should exit non-zero. Never call it on a store queue.
    func unsavedAfterFlush(timeout: Double) -> Int
    /// Releases the store; later calls fail with `.io("store closed")`. Records that never landed go to the
    /// outbox (or, without one, are logged in full); call `flush(timeout:)` first.
    func close()
}

/// Where a finished game went.
public enum RecordOutcome: Sendable, Equatable {
    /// Merged and committed as game number `id`.
    case saved(Int64)
    /// Written to the durable local outbox: it will be merged when the database is back ("will be synced").
    case queued
    /// Not written anywhere durable yet: kept in memory and retried (lost if the process dies).
    case failed(StoreError)
}

extension HangmanStore {
    /// `unsavedAfterFlush(timeout:)` as a yes/no: true when nothing is left only in memory.
    public func flush(timeout: Double) -> Bool { unsavedAfterFlush(timeout: timeout) == 0 }

    /// For stores without a merge that reads them: the save, then the standings, then the high scores.
    public func finishGame(
        _ game: GameRecord, highScores limit: Int, completion: @escaping @Sendable (GameEnd) -> Void
    ) {
        let month = LeaderboardMonth(containing: game.ended)
        recordGameOutcome(game) { outcome in
            guard case .saved = outcome else { return completion(GameEnd(outcome: outcome, month: month)) }
            self.monthlyStandings(month: month, players: game.results.map(\.name)) { standings in
                self.highScores(limit: limit) { highScores in
                    completion(
                        GameEnd(
                            outcome: outcome, highScores: try? highScores.get(), month: month,
                            standings: (try? standings.get()) ?? []))
                }
            }
        }
    }

    /// For stores that only have `recordGame`: a failure there means "kept and retried in memory".
    public func recordGameOutcome(_ game: GameRecord, completion: @escaping @Sendable (RecordOutcome) -> Void) {
        recordGame(game) { result in
            switch result {
            case .success(let id): completion(.saved(id))
            case .failure(let error): completion(.failed(error))
            }
        }
    }
}

/// How the store folds names.
public enum HangmanStoreKey {
    /// The key a name is stored under: lower-cased, so "Ann" and "ann" are one player.
    public static func key(for name: String) -> String { name.lowercased() }

    /// True when key `a` sorts before `b` in byte order (SQLite's BINARY collation, PostgreSQL's "C"): the
    /// order every engine writes players in. One `memcmp` over the UTF-8 bytes: the generic
    /// `utf8.lexicographicallyPrecedes` took ~5 % of a large group commit's instructions in its sorts.
    static func precedes(_ a: String, _ b: String) -> Bool {
        let fast = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                let common = min(x.count, y.count)
                if common > 0, let left = x.baseAddress, let right = y.baseAddress {
                    let order = memcmp(left, right, common)
                    if order != 0 { return order < 0 }
                }
                return x.count < y.count
            }
        }
        if case let order?? = fast { return order }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
