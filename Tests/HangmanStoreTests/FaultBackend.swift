import Dispatch
import HangmanSync
import Synchronization

@testable import HangmanStore

/// Wraps an engine and injects faults at the backend seam: merges or reads that fail (as a database that
/// is down) or hang until released (as a stalled disk or network).
final class FaultBackend: StoreBackend {
    /// `landThenFail`: the work is done (a merge committed), then the call fails as if the connection was
    /// lost before its answer came back.
    enum Mode: Sendable { case normal, fail, hang, landThenFail }

    struct Faults {
        var merges = Mode.normal
        var reads = Mode.normal
        /// The high-score reads alone (after `reads`).
        var highScores = Mode.normal
    }

    let inner: any StoreBackend
    let faults = Locked(Faults())
    /// Hanging calls wait here until `release()`.
    private let gate = DispatchSemaphore(value: 0)
    private let hanging = Atomic<Int>(0)
    /// High-score tables read from the engine (past the fault check).
    let highScoreReads = Atomic<Int>(0)

    init(_ inner: any StoreBackend) { self.inner = inner }

    var engineName: String { inner.engineName }

    func connect(queue: DispatchQueue) throws(StoreError) -> any StoreConnection {
        FaultConnection(inner: try inner.connect(queue: queue), owner: self)
    }

    func set(merges: Mode? = nil, reads: Mode? = nil) {
        faults.withLock { faults in
            if let merges { faults.merges = merges }
            if let reads { faults.reads = reads }
        }
    }

    /// Lets every hanging call go on (and later ones pass: the modes are reset to normal).
    func release() {
        set(merges: .normal, reads: .normal)
        faults.withLock { $0.highScores = .normal }
        for _ in 0..<hanging.load(ordering: .relaxed) + 8 { gate.signal() }
    }

    fileprivate func checkHighScores() throws {
        try check(write: false)
        try check(faults.withLock { $0.highScores })
    }

    fileprivate func check(write: Bool) throws {
        try check(faults.withLock { write ? $0.merges : $0.reads })
    }

    private func check(_ mode: Mode) throws {
        switch mode {
        case .normal, .landThenFail: return
        case .fail: throw StoreError.unavailable
        case .hang:
            hanging.add(1, ordering: .relaxed)
            gate.wait()
            hanging.subtract(1, ordering: .relaxed)
        }
    }
}

private final class FaultConnection: StoreConnection {
    let inner: any StoreConnection
    let owner: FaultBackend

    init(inner: any StoreConnection, owner: FaultBackend) {
        self.inner = inner
        self.owner = owner
    }

    func mergeGames(_ records: [GameRecord]) throws -> [MergedGame] {
        try owner.check(write: true)
        let merged = try inner.mergeGames(records)
        if owner.faults.withLock({ $0.merges }) == .landThenFail { throw StoreError.unavailable }
        return merged
    }
    func ratingLeaderboard(limit: Int, minGames: Int, key: String?) throws -> RatingBoardPage {
        try owner.check(write: false)
        return try inner.ratingLeaderboard(limit: limit, minGames: minGames, key: key)
    }
    func checkRatings() throws -> RatingCheck {
        try owner.check(write: false)
        return try inner.checkRatings()
    }
    func leaderboard(limit: Int, key: String?) throws -> LeaderboardPage {
        try owner.check(write: false)
        return try inner.leaderboard(limit: limit, key: key)
    }
    func monthlyLeaderboard(month: LeaderboardMonth, limit: Int, key: String?) throws -> LeaderboardPage {
        try owner.check(write: false)
        return try inner.monthlyLeaderboard(month: month, limit: limit, key: key)
    }
    func monthlyStandings(month: LeaderboardMonth, keys: [String]) throws -> [String: MonthlyStanding] {
        try owner.check(write: false)
        return try inner.monthlyStandings(month: month, keys: keys)
    }
    func highScores(limit: Int) throws -> [HighScore] {
        try owner.checkHighScores()
        owner.highScoreReads.add(1, ordering: .relaxed)
        return try inner.highScores(limit: limit)
    }
    func highScoresAndLastEnd(limit: Int) throws -> (table: [HighScore], lastEnded: Int64?) {
        try owner.checkHighScores()
        owner.highScoreReads.add(1, ordering: .relaxed)
        return try inner.highScoresAndLastEnd(limit: limit)
    }
    func history(key: String, limit: Int) throws -> [HistoryEntry] {
        try owner.check(write: false)
        return try inner.history(key: key, limit: limit)
    }
    func game(id: Int64) throws -> GameDetail? {
        try owner.check(write: false)
        return try inner.game(id: id)
    }
    func stats(key: String) throws -> PlayerStats? {
        try owner.check(write: false)
        return try inner.stats(key: key)
    }
    func deleteResult(key: String, gameID: Int64) throws -> Bool { try inner.deleteResult(key: key, gameID: gameID) }
    func deleteResults(key: String) throws -> Int { try inner.deleteResults(key: key) }
    func passwordHash(key: String) throws -> (known: Bool, hash: String?) {
        try owner.check(write: false)
        return try inner.passwordHash(key: key)
    }
    func accountName(key: String) throws -> String? {
        try owner.check(write: false)
        return try inner.accountName(key: key)
    }
    func passwordHashes(keys: [String]) throws -> [String: String] {
        try owner.check(write: false)
        return try inner.passwordHashes(keys: keys)
    }
    func setPasswordHash(name: String, key: String, hash: String) throws -> Bool {
        try inner.setPasswordHash(name: name, key: key, hash: hash)
    }
    func replacePasswordHash(key: String, old: String, new: String) throws -> Bool {
        try owner.check(write: false)
        return try inner.replacePasswordHash(key: key, old: old, new: new)
    }
    func saveSettings(name: String, key: String, json: String) throws { try inner.saveSettings(name: name, key: key, json: json) }
    func loadSettings(key: String) throws -> String? { try inner.loadSettings(key: key) }
    func saveSanction(_ sanction: StoredSanction) throws {
        try owner.check(write: true)
        try inner.saveSanction(sanction)
    }
    func liftSanction(kind: String, key: String, now: Int64) throws -> Bool {
        try owner.check(write: true)
        return try inner.liftSanction(kind: kind, key: key, now: now)
    }
    func sanctions(now: Int64) throws -> [StoredSanction] {
        try owner.check(write: false)
        return try inner.sanctions(now: now)
    }
    func sanction(kind: String, key: String, now: Int64) throws -> StoredSanction? {
        try owner.check(write: false)
        return try inner.sanction(kind: kind, key: key, now: now)
    }
    func recordModeration(_ entry: StoredModerationEntry) throws {
        try owner.check(write: true)
        try inner.recordModeration(entry)
    }
    func moderationLog(limit: Int) throws -> [StoredModerationEntry] {
        try owner.check(write: false)
        return try inner.moderationLog(limit: limit)
    }
    func close() { inner.close() }
}
