import Dispatch
import Foundation
import HangmanSync
import Synchronization
import Testing

@testable import HangmanStore

/// The high-score table is read once and reused between game ends (`HighScoreCache`): only a game
/// merged here that could enter it, a deleted result, or `high-scores-refresh-ms` make it read again.
/// Reads failing at the backend tell a reused table from a read one.
@Suite(.ownThread) struct HighScoreCacheTests {
    /// Ten games with scores 100, 110, … 190 (one player each).
    static func tenGames(_ store: Store) throws {
        for index in 0..<10 {
            try store.record(
                game(
                    "r", rounds: [RoundRecord(word: "owl", won: true, mistakes: 1)],
                    results: [player("P\(index)", 100 + 10 * index, rank: 1, solved: 1)], ended: 1000 + Int64(index)))
        }
    }

    static func store(refresh: Double) throws -> (Store, FaultBackend) {
        let backend = FaultBackend(MemoryBackend())
        return (try Store(backend: backend, options: StoreOptions(timeout: 5, highScoresRefresh: refresh)), backend)
    }

    @Test func theTableIsReusedUntilAGameThatCouldEnterItIsMerged() throws {
        let (store, backend) = try Self.store(refresh: 600)
        defer { store.close() }
        try Self.tenGames(store)
        let first = try value { store.highScores(limit: 10, completion: $0) }
        #expect(first.map(\.score) == [190, 180, 170, 160, 150, 140, 130, 120, 110, 100])

        // Reused: the database is not asked (it would fail), and a shorter table is cut from it.
        backend.set(reads: .fail)
        #expect(try value { store.highScores(limit: 10, completion: $0) } == first)
        #expect(try value { store.highScores(limit: 3, completion: $0) } == Array(first.prefix(3)))
        // A longer table than the one kept is read.
        #expect(throws: StoreError.self) { try value { store.highScores(limit: 11, completion: $0) } }

        // A game below the lowest of a full table cannot enter it: still reused.
        try store.record(
            game("r", rounds: [], results: [player("Low", 99, rank: 1, solved: 1)], ended: 2000))
        #expect(try value { store.highScores(limit: 10, completion: $0) } == first)

        // Nor one that ties the lowest score with more misses (ties are ordered by misses; the lowest has 1).
        try store.record(
            game(
                "r", rounds: [RoundRecord(word: "emu", won: true, mistakes: 2)],
                results: [player("Tie2", 100, rank: 1, solved: 1)], ended: 2500))
        #expect(try value { store.highScores(limit: 10, completion: $0) } == first)

        // One at the lowest score with fewer misses could: read again, and it is there.
        backend.set(reads: .normal)
        try store.record(
            game(
                "r", rounds: [RoundRecord(word: "emu", won: true, mistakes: 0)],
                results: [player("Tie", 100, rank: 1, solved: 1)], ended: 3000))
        let second = try value { store.highScores(limit: 10, completion: $0) }
        #expect(second.map(\.name).contains("Tie"))
        #expect(second != first)
    }

    /// Games that end while the table is being read (it was dropped) wait for a reader; once one read
    /// kept the table, those waiting answer from it instead of each reading it again. Without that, under
    /// load every game's end read the table (the reads queue faster than one fills the cache): 2.5 ms of
    /// CPU per game in `hangman-bench merges --end-reads 1`, 75 % of it these reads (issue 16).
    @Test func readsWaitingForALaneAnswerFromTheTableTheFirstKept() throws {
        let backend = FaultBackend(MemoryBackend())
        let store = try Store(backend: backend, options: StoreOptions(timeout: 5, readers: 1, highScoresRefresh: 600))
        defer { store.close() }
        try Self.tenGames(store)
        backend.set(reads: .hang)
        let tables = Locked<[[HighScore]]>([])
        let done = DispatchGroup()
        for _ in 0..<3 {
            done.enter()
            store.highScores(limit: 10) { result in
                if case .success(let table) = result { tables.withLock { $0.append(table) } }
                done.leave()
            }
        }
        Thread.sleep(forTimeInterval: 0.2)  // the first read holds the only lane; the other two wait for it
        backend.release()
        #expect(done.wait(timeout: .now() + 10) == .success)
        let read = tables.withLock { $0 }
        #expect(read.count == 3)
        #expect(Set(read.map { $0.map(\.score) }) == [[190, 180, 170, 160, 150, 140, 130, 120, 110, 100]])
        #expect(backend.highScoreReads.load(ordering: .relaxed) == 1)
    }

    /// On an SQL engine the table comes with when its last row's game ended: a later game that ties that
    /// row (score and misses) sorts after it and keeps the table; one that ended earlier (a replay from the
    /// outbox) could enter, so the table is read again. In `hangman-bench merges` every tenth game or so tied
    /// the table's last row and dropped it.
    @Test func aLaterGameTyingTheLastRowKeepsTheTable() throws {
        let folder = try makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("scores.sqlite").path
        let backend = FaultBackend(try SQLiteBackend.prepare(path: path, options: fastOptions))
        let store = try Store(backend: backend, options: StoreOptions(timeout: 5, highScoresRefresh: 600))
        defer { store.close() }
        try Self.tenGames(store)  // the last row: 100 points, 1 miss, ended at 1000
        let first = try value { store.highScores(limit: 10, completion: $0) }
        #expect(first.last?.score == 100)

        backend.set(reads: .fail)
        for ended in [1000, 4000] as [Int64] {
            try store.record(
                game(
                    "r", rounds: [RoundRecord(word: "emu", won: true, mistakes: 1)],
                    results: [player("Later\(ended)", 100, rank: 1, solved: 1)], ended: ended))
            #expect(try value { store.highScores(limit: 10, completion: $0) } == first)
        }

        backend.set(reads: .normal)
        try store.record(
            game(
                "r", rounds: [RoundRecord(word: "emu", won: true, mistakes: 1)],
                results: [player("Earlier", 100, rank: 1, solved: 1)], ended: 999))
        let reads = backend.highScoreReads.load(ordering: .relaxed)
        let second = try value { store.highScores(limit: 10, completion: $0) }
        #expect(backend.highScoreReads.load(ordering: .relaxed) == reads + 1)
        #expect(second.last?.name == "Earlier")
    }

    @Test func aDeletedResultIsGoneFromTheNextTable() throws {
        let (store, _) = try Self.store(refresh: 600)
        defer { store.close() }
        try Self.tenGames(store)
        let first = try value { store.highScores(limit: 10, completion: $0) }
        let best = try #require(first.first)
        try value { store.deleteHistory(player: best.name, gameID: best.gameID, completion: $0) }
        #expect(try value { store.highScores(limit: 10, completion: $0) }.first?.score == 180)
        _ = try value { store.resetHistory(player: "P8", completion: $0) }
        #expect(try value { store.highScores(limit: 10, completion: $0) }.first?.score == 170)
    }

    @Test func zeroReadsTheTableEveryTime() throws {
        let (store, backend) = try Self.store(refresh: 0)
        defer { store.close() }
        try Self.tenGames(store)
        _ = try value { store.highScores(limit: 10, completion: $0) }
        backend.set(reads: .fail)
        #expect(throws: StoreError.self) { try value { store.highScores(limit: 10, completion: $0) } }
    }

    /// The cache itself, on a given clock: fresh until the refresh time, and a read that began before
    /// an invalidation never fills it.
    @Test func theTableExpiresAndAStaleReadIsNotKept() {
        let cache = HighScoreCache(refreshNanos: 1000)
        let table = [
            HighScore(
                rank: 1, name: "Ann", score: 5, gameID: 1, words: ["owl"], mistakes: 0, solved: 1, difficulty: "easy",
                failed: false)
        ]
        cache.fill(table, limit: 10, generation: cache.generation(), now: 5000)
        #expect(cache.table(limit: 10, now: 5999) == table)
        #expect(cache.table(limit: 10, now: 6000) == nil)

        let before = cache.generation()
        cache.invalidate()
        cache.fill(table, limit: 10, generation: before, now: 7000)
        #expect(cache.table(limit: 10, now: 7001) == nil)
        cache.fill(table, limit: 10, generation: cache.generation(), now: 7000)
        #expect(cache.table(limit: 10, now: 7001) == table)
    }
}
