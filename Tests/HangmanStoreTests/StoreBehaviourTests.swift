import Dispatch
import Foundation
import Testing

@testable import HangmanStore

/// The same behaviours checked against `SQLiteStore` (real files) and `MemoryStore`: the twins must agree.
@Suite(.ownThread) struct StoreBehaviourTests {
    @Test(arguments: StoreKind.engines)
    func mergeAndReadBack(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let ids = try MainFixture.load(store)
        #expect(ids == [1, 2, 3])

        let page = try value { store.leaderboard(limit: 10, player: nil, completion: $0) }
        #expect(
            page.entries == [
                LeaderboardEntry(rank: 1, name: "Bob", score: 35, games: 2, wins: 1),
                LeaderboardEntry(rank: 2, name: "Ann", score: 30, games: 1, wins: 1),
                LeaderboardEntry(rank: 3, name: "Cy", score: 5, games: 2, wins: 0),
                LeaderboardEntry(rank: 4, name: "Dee", score: 0, games: 1, wins: 0),
            ])
        #expect(page.mine == nil)

        let scores = try value { store.highScores(limit: 10, completion: $0) }
        #expect(
            scores == [
                HighScore(
                    rank: 1, name: "Ann", score: 30, gameID: ids[0], words: ["apple", "berry"], mistakes: 9, solved: 1,
                    difficulty: "easy", failed: false),
                HighScore(
                    rank: 2, name: "Bob", score: 25, gameID: ids[1], words: ["cat"], mistakes: 1, solved: 1, difficulty: "hard",
                    failed: false),
                HighScore(
                    rank: 3, name: "Bob", score: 10, gameID: ids[0], words: ["apple", "berry"], mistakes: 9, solved: 1,
                    difficulty: "easy", failed: false),
                HighScore(
                    rank: 4, name: "Cy", score: 5, gameID: ids[1], words: ["cat"], mistakes: 1, solved: 1, difficulty: "hard",
                    failed: false),
            ])
        #expect(try value { store.highScores(limit: 2, completion: $0) }.map(\.score) == [30, 25])

        let history = try value { store.history(player: "bob", limit: 10, completion: $0) }
        #expect(
            history == [
                HistoryEntry(gameID: ids[1], ended: 2100, room: "beta", word: "cat", mistakes: 1, won: true),
                HistoryEntry(gameID: ids[0], ended: 1100, room: "alpha", word: "apple", mistakes: 2, won: true),
                HistoryEntry(gameID: ids[0], ended: 1100, room: "alpha", word: "berry", mistakes: 7, won: false),
            ])
        #expect(try value { store.history(player: "BOB", limit: 2, completion: $0) } == Array(history.prefix(2)))
        #expect(try value { store.history(player: "nobody", limit: 10, completion: $0) } == [])

        #expect(try value { store.game(id: ids[0], completion: $0) } == GameDetail(id: ids[0], record: MainFixture.g1))
        #expect(try value { store.game(id: ids[1], completion: $0) } == GameDetail(id: ids[1], record: MainFixture.g2))
        #expect(try failure { store.game(id: 999, completion: $0) } == .notFound)

        #expect(
            try value { store.stats(player: "BOB", completion: $0) }.totals
                == PlayerStats(name: "Bob", games: 2, wins: 1, score: 35, best: 25, solved: 2, failed: 1, rank: 1))
        #expect(
            try value { store.stats(player: "cy", completion: $0) }.totals
                == PlayerStats(name: "Cy", games: 2, wins: 0, score: 5, best: 5, solved: 1, failed: 1, rank: 3))
        #expect(
            try value { store.stats(player: "Dee", completion: $0) }.totals
                == PlayerStats(name: "Dee", games: 1, wins: 0, score: 0, best: 0, solved: 0, failed: 1, rank: 4))
        #expect(try failure { store.stats(player: "nobody", completion: $0) } == .notFound)
        #expect(try harness.integrity() == ["ok"])
    }

    @Test(arguments: StoreKind.engines)
    func namesFoldCaseAndKeepTheLatestSpelling(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try MainFixture.load(store)
        try store.record(
            game(
                "gamma", rounds: [RoundRecord(word: "emu", won: true, mistakes: 0)],
                results: [player("BOB", 5, rank: 1, solved: 1), player("bob", 99, rank: 2)], ended: 4000))
        let page = try value { store.leaderboard(limit: 1, player: nil, completion: $0) }
        // The repeated "bob" in one game is dropped; the display name follows the latest write.
        #expect(page.entries == [LeaderboardEntry(rank: 1, name: "BOB", score: 40, games: 3, wins: 2)])
    }

    @Test(arguments: StoreKind.engines)
    func tiesAreBrokenDeterministically(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let ids = try TieFixture.load(store)
        let page = try value { store.leaderboard(limit: 10, player: "amy", completion: $0) }
        // All on 10 points: wins desc, then games asc, then name.
        #expect(
            page.entries == [
                LeaderboardEntry(rank: 1, name: "Eve", score: 10, games: 1, wins: 1),
                LeaderboardEntry(rank: 2, name: "Ida", score: 10, games: 1, wins: 1),
                LeaderboardEntry(rank: 3, name: "Zed", score: 10, games: 1, wins: 1),
                LeaderboardEntry(rank: 4, name: "Bea", score: 10, games: 2, wins: 1),
                LeaderboardEntry(rank: 5, name: "Cal", score: 10, games: 2, wins: 1),
                LeaderboardEntry(rank: 6, name: "Amy", score: 10, games: 1, wins: 0),
            ])
        #expect(page.mine == nil)  // inside the top 10

        let scores = try value { store.highScores(limit: 10, completion: $0) }
        // Score desc, fewer mistakes, earlier end, lower game id, then the game's own order.
        #expect(scores.map(\.name) == ["Eve", "Ida", "Zed", "Amy", "Bea", "Cal", "Cal", "Bea"])
        #expect(scores.map(\.gameID) == [ids[4], ids[3], ids[0], ids[0], ids[1], ids[2], ids[1], ids[2]])
        #expect(scores.map(\.rank) == Array(1...8))

        // Repeating the queries gives the same answer.
        #expect(try value { store.leaderboard(limit: 10, player: "amy", completion: $0) } == page)
        #expect(try value { store.highScores(limit: 10, completion: $0) } == scores)
    }

    @Test(arguments: StoreKind.engines)
    func mineIsTheOwnRowOutsideTheTop(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try TieFixture.load(store)
        let page = try value { store.leaderboard(limit: 2, player: "AMY", completion: $0) }
        #expect(page.entries.map(\.name) == ["Eve", "Ida"])
        #expect(page.mine == LeaderboardEntry(rank: 6, name: "Amy", score: 10, games: 1, wins: 0))
        #expect(try value { store.leaderboard(limit: 2, player: "ida", completion: $0) }.mine == nil)
        #expect(try value { store.leaderboard(limit: 2, player: "nobody", completion: $0) }.mine == nil)
        #expect(try value { store.leaderboard(limit: 0, player: "eve", completion: $0) }.mine?.rank == 1)
        #expect(try value { store.leaderboard(limit: 0, player: nil, completion: $0) } == LeaderboardPage(entries: []))
        #expect(try value { store.stats(player: "amy", completion: $0) }.rank == 6)
    }

    @Test(arguments: StoreKind.engines)
    func deleteAndResetHistory(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let ids = try MainFixture.load(store)

        try value { store.deleteHistory(player: "BOB", gameID: ids[0], completion: $0) }
        #expect(try value { store.history(player: "bob", limit: 10, completion: $0) }.map(\.word) == ["cat"])
        #expect(try value { store.game(id: ids[0], completion: $0) }.record.results.map(\.name) == ["Ann"])
        #expect(try failure { store.deleteHistory(player: "bob", gameID: ids[0], completion: $0) } == .notFound)
        #expect(try failure { store.deleteHistory(player: "nobody", gameID: ids[0], completion: $0) } == .notFound)
        #expect(try failure { store.deleteHistory(player: "ann", gameID: 999, completion: $0) } == .notFound)

        #expect(try value { store.resetHistory(player: "cy", completion: $0) } == 2)
        #expect(try value { store.resetHistory(player: "cy", completion: $0) } == 0)
        #expect(try value { store.resetHistory(player: "nobody", completion: $0) } == 0)
        #expect(try value { store.history(player: "cy", limit: 10, completion: $0) } == [])

        let page = try value { store.leaderboard(limit: 10, player: "cy", completion: $0) }
        #expect(
            page.entries == [
                LeaderboardEntry(rank: 1, name: "Ann", score: 30, games: 1, wins: 1),
                LeaderboardEntry(rank: 2, name: "Bob", score: 25, games: 1, wins: 1),
                LeaderboardEntry(rank: 3, name: "Dee", score: 0, games: 1, wins: 0),
            ])
        #expect(page.mine == nil)
        // The totals go with the history; the skill rating stays (RatingStoreTests).
        let cy = try value { store.stats(player: "Cy", completion: $0) }
        #expect(cy.totals == PlayerStats(name: "Cy", games: 0, wins: 0, score: 0, best: 0, solved: 0, failed: 0, rank: nil))
        #expect(cy.rating?.games == 2)
        #expect(try RatingStoreTests.check(store).differences == [])
        // Dee's 0 points earn no place (issue 34 item 4).
        #expect(try value { store.highScores(limit: 10, completion: $0) }.map(\.name) == ["Ann", "Bob"])
        #expect(try harness.integrity() == ["ok"])
    }

    @Test(arguments: StoreKind.engines)
    func registerAndVerify(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        try MainFixture.load(store)

        #expect(try value { store.isRegistered(name: "Ann", completion: $0) } == false)
        #expect(try failure { store.verify(name: "Ann", password: "x", completion: $0) } == .notRegistered)
        try value { store.register(name: "Ann", password: "s3cret pass", completion: $0) }
        #expect(try value { store.isRegistered(name: "ANN", completion: $0) } == true)
        #expect(try failure { store.register(name: "ann", password: "other", completion: $0) } == .nameTaken)
        #expect(try value { store.verify(name: "aNN", password: "s3cret pass", completion: $0) } == true)
        #expect(try value { store.verify(name: "Ann", password: "s3cret pas", completion: $0) } == false)
        #expect(try value { store.verify(name: "Ann", password: "", completion: $0) } == false)
        #expect(try failure { store.verify(name: "nobody", password: "x", completion: $0) } == .notRegistered)
        // The games stay with the registered player.
        #expect(try value { store.stats(player: "ann", completion: $0) }.score == 30)

        // Registering a new name creates the player.
        try value { store.register(name: "Zoe", password: "pw", completion: $0) }
        #expect(
            try value { store.stats(player: "zoe", completion: $0) }
                == PlayerStats(name: "Zoe", games: 0, wins: 0, score: 0, best: 0, solved: 0, failed: 0, rank: nil))
        #expect(try value { store.verify(name: "zoe", password: "pw", completion: $0) } == true)
    }

    @Test(arguments: StoreKind.engines)
    func concurrentRegistrationsOfOneNameLetOneWin(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let outcomes = Box<[Bool]>()
        outcomes.set([])
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            let outcome = try? result { store.register(name: "Max", password: "pw\(index)", completion: $0) }
            lock.lock()
            outcomes.set((outcomes.value ?? []) + [(try? outcome?.get()) != nil])
            lock.unlock()
        }
        #expect(outcomes.value?.filter { $0 }.count == 1)
    }

    @Test(arguments: StoreKind.engines)
    func settingsRoundTrip(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        #expect(try value { store.loadSettings(name: "Bob", completion: $0) } == nil)
        let settings = ["mode": "evil", "rounds": "5", "length": "any", "quote": "\"é\"\n"]
        try value { store.saveSettings(name: "Bob", settings: settings, completion: $0) }
        #expect(try value { store.loadSettings(name: "BOB", completion: $0) } == settings)
        try value { store.saveSettings(name: "bob", settings: ["misses": "3"], completion: $0) }
        #expect(try value { store.loadSettings(name: "Bob", completion: $0) } == ["misses": "3"])
        #expect(try value { store.isRegistered(name: "bob", completion: $0) } == false)
        try MainFixture.load(store)
        #expect(try value { store.loadSettings(name: "Ann", completion: $0) } == nil)
        #expect(try value { store.loadSettings(name: "bob", completion: $0) } == ["misses": "3"])
    }

    @Test(arguments: StoreKind.engines)
    func groupCommitLandsEveryGameFromManyThreads(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let ids = Box<[Int64]>()
        ids.set([])
        let lock = NSLock()
        let done = DispatchGroup()
        let before = harness.store.commitCount
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            done.enter()
            let record = game(
                "room\(index % 7)", rounds: [RoundRecord(word: "w\(index)", won: index % 2 == 0, mistakes: index % 5)],
                results: [player("p\(index % 13)", index, rank: 1)], ended: Int64(10_000 + index))
            store.recordGame(record) { outcome in
                if case .success(let id) = outcome {
                    lock.lock()
                    ids.set((ids.value ?? []) + [id])
                    lock.unlock()
                }
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(Set(ids.value ?? []).count == 200)
        let commits = harness.store.commitCount - before
        #expect(commits >= 1 && commits < 200)  // typically 1–3: callers enqueue faster than a commit lands
        let page = try value { store.leaderboard(limit: 100, player: nil, completion: $0) }
        #expect(page.entries.count == 13)
        #expect(page.entries.reduce(0) { $0 + $1.games } == 200)
        #expect(page.entries.reduce(0) { $0 + $1.score } == (0..<200).reduce(0, +))
        #expect(store.flush(timeout: 1))
        #expect(try harness.integrity() == ["ok"])
    }

    @Test(arguments: StoreKind.engines)
    func recordsWaitingTogetherShareOneTransaction(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let before = harness.store.commitCount
        let done = DispatchGroup()
        let landed = Box<Int>()
        let lock = NSLock()
        // Hold the queue while 50 games end "at once", as a slow disk would.
        harness.store.writer.queue.suspend()
        for index in 0..<50 {
            done.enter()
            store.recordGame(game("r", rounds: [], results: [player("p\(index)", index, rank: 1)], ended: 1)) { outcome in
                if case .success = outcome {
                    lock.lock()
                    landed.set((landed.value ?? 0) + 1)
                    lock.unlock()
                }
                done.leave()
            }
        }
        #expect(store.flush(timeout: 0.05) == false)  // nothing can land while the queue is held
        harness.store.writer.queue.resume()
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(landed.value == 50)
        #expect(harness.store.commitCount - before == 1)
    }

    @Test(arguments: StoreKind.engines)
    func closedStoreFailsCleanly(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        store.close()
        store.close()
        #expect(try failure { store.recordGame(MainFixture.g1, completion: $0) } == .io("store closed"))
        #expect(try failure { store.highScores(limit: 1, completion: $0) } == .io("store closed"))
        #expect(store.flush(timeout: 1))
    }
}

extension PlayerStats {
    /// The totals alone: the skill rating (issue 32) has its own tests, in RatingStoreTests.
    var totals: PlayerStats {
        var copy = self
        copy.rating = nil
        return copy
    }
}
