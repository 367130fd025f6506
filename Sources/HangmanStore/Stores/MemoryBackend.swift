import Dispatch
import HangmanSync

/// The in-memory engine: one set of `MemoryTables` under a lock, shared by every connection of the pool
/// (so readers see the writer's merges at once, as with a database).
final class MemoryBackend: StoreBackend {
    let tables = Locked(MemoryTables())

    var engineName: String { "memory" }

    func connect(queue: DispatchQueue) throws(StoreError) -> any StoreConnection { MemoryConnection(backend: self) }
}

/// One pool connection onto `MemoryBackend`: every call takes the lock for its whole length.
final class MemoryConnection: StoreConnection {
    private let backend: MemoryBackend

    init(backend: MemoryBackend) { self.backend = backend }

    private func locked<T>(_ body: (inout MemoryTables) throws -> T) throws -> T {
        try backend.tables.withLock { tables in
            let result: Result<T, any Error>
            do { result = .success(try body(&tables)) } catch { result = .failure(error) }
            return result
        }.get()
    }

    func mergeGames(_ records: [GameRecord]) throws -> [MergedGame] { try locked { try $0.mergeGames(records) } }
    func ratingLeaderboard(limit: Int, minGames: Int, key: String?) throws -> RatingBoardPage {
        try locked { $0.ratingLeaderboard(limit: limit, minGames: minGames, key: key) }
    }
    func checkRatings() throws -> RatingCheck {
        try locked { MergeRatings.check(log: $0.ratingLog, stored: $0.ratings, teams: $0.storedTeams()) }
    }
    func leaderboard(limit: Int, key: String?) throws -> LeaderboardPage {
        try locked { try $0.leaderboard(limit: limit, key: key) }
    }
    func monthlyLeaderboard(month: LeaderboardMonth, limit: Int, key: String?) throws -> LeaderboardPage {
        try locked { try $0.monthlyLeaderboard(from: month.start, to: month.end, limit: limit, key: key) }
    }
    func monthlyStandings(month: LeaderboardMonth, keys: [String]) throws -> [String: MonthlyStanding] {
        try locked { try $0.monthlyStandings(from: month.start, to: month.end, keys: keys) }
    }
    func highScores(limit: Int) throws -> [HighScore] { try locked { try $0.highScores(limit: limit) } }
    func history(key: String, limit: Int) throws -> [HistoryEntry] { try locked { try $0.history(key: key, limit: limit) } }
    func game(id: Int64) throws -> GameDetail? { try locked { try $0.game(id: id) } }
    func stats(key: String) throws -> PlayerStats? { try locked { try $0.stats(key: key) } }
    func deleteResult(key: String, gameID: Int64) throws -> Bool { try locked { try $0.deleteResult(key: key, gameID: gameID) } }
    func deleteResults(key: String) throws -> Int { try locked { try $0.deleteResults(key: key) } }
    func passwordHash(key: String) throws -> (known: Bool, hash: String?) { try locked { try $0.passwordHash(key: key) } }
    func accountName(key: String) throws -> String? { try locked { try $0.accountName(key: key) } }
    func passwordHashes(keys: [String]) throws -> [String: String] { try locked { try $0.passwordHashes(keys: keys) } }
    func setPasswordHash(name: String, key: String, hash: String) throws -> Bool {
        try locked { try $0.setPasswordHash(name: name, key: key, hash: hash) }
    }
    func replacePasswordHash(key: String, old: String, new: String) throws -> Bool {
        try locked { try $0.replacePasswordHash(key: key, old: old, new: new) }
    }
    func saveSettings(name: String, key: String, json: String) throws {
        try locked { try $0.saveSettings(name: name, key: key, json: json) }
    }
    func loadSettings(key: String) throws -> String? { try locked { try $0.loadSettings(key: key) } }
    func saveSanction(_ sanction: StoredSanction) throws {
        try locked {
            try $0.checkWritable(); $0.moderation.save(sanction)
        }
    }
    func liftSanction(kind: String, key: String, now: Int64) throws -> Bool {
        try locked {
            try $0.checkWritable(); return $0.moderation.lift(kind: kind, key: key, now: now)
        }
    }
    func sanctions(now: Int64) throws -> [StoredSanction] { try locked { $0.moderation.sanctions(now: now) } }
    func sanction(kind: String, key: String, now: Int64) throws -> StoredSanction? {
        try locked { $0.moderation.sanction(kind: kind, key: key, now: now) }
    }
    func recordModeration(_ entry: StoredModerationEntry) throws {
        try locked {
            try $0.checkWritable(); $0.moderation.record(entry)
        }
    }
    func moderationLog(limit: Int) throws -> [StoredModerationEntry] { try locked { $0.moderation.log(limit: limit) } }
    func close() {}
}
