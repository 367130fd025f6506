import Dispatch
import Foundation
import Synchronization
import Testing

@testable import HangmanStore

/// Several servers on one database (two `Store`s on one SQLite file or one PostgreSQL database), and
/// the merge's exactly-once rule.
@Suite(.ownThread) struct SharedDatabaseTests {
    @Test(arguments: StoreKind.shared)
    func aNameRegisteredOnOneServerNeedsItsPasswordOnTheOther(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let other = try #require(try harness.second())
        defer { other.close() }
        try value { harness.store.register(name: "Ann", password: "secret", completion: $0) }
        #expect(try value { other.isRegistered(name: "ann", completion: $0) })
        #expect(try value { other.verify(name: "ANN", password: "secret", completion: $0) })
        #expect(try value { other.verify(name: "ann", password: "guess", completion: $0) } == false)
        #expect(try failure { other.register(name: "ann", password: "mine now", completion: $0) } == .nameTaken)
    }

    @Test(arguments: StoreKind.shared)
    func aGameRecordedOnOneServerIsOnTheOthersTopAtOnce(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let other = try #require(try harness.second())
        defer { other.close() }
        let id = try harness.store.record(MainFixture.g1)
        let page = try value { other.leaderboard(limit: 10, player: nil, completion: $0) }
        #expect(page.entries.map(\.name) == ["Ann", "Bob"])
        #expect(try value { other.game(id: id, completion: $0) }.record == MainFixture.g1)
    }

    @Test(arguments: StoreKind.shared)
    func concurrentMergesFromTwoServersAddUpExactly(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let other = try #require(try harness.second())
        defer { other.close() }
        let stores: [Store] = [harness.store, other]
        let perStore = 150
        let saved = Atomic<Int>(0)
        let done = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: perStore * 2) { index in
            done.enter()
            // Every game has two of five shared names, in both orders across games (deadlock bait).
            let a = "p\(index % 5)"
            let b = "p\((index + 1 + index % 3) % 5)"
            let results = a == b ? [player(a, 2, rank: 1)] : [player(a, 2, rank: 1), player(b, 1, rank: 2)]
            let record = game("r\(index)", rounds: [RoundRecord(word: "w", won: true, mistakes: 1)], results: results, ended: 1)
            stores[index % 2].recordGame(record) { outcome in
                if case .success = outcome { saved.add(1, ordering: .relaxed) }
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(saved.load(ordering: .relaxed) == perStore * 2)
        for store in stores {
            let page = try value { store.leaderboard(limit: 10, player: nil, completion: $0) }
            let games = page.entries.reduce(0) { $0 + $1.games }
            let score = page.entries.reduce(0) { $0 + $1.score }
            let expectedResults = (0..<perStore * 2).reduce(0) { sum, index in
                sum + ("p\(index % 5)" == "p\((index + 1 + index % 3) % 5)" ? 1 : 2)
            }
            let expectedScore = (0..<perStore * 2).reduce(0) { sum, index in
                sum + ("p\(index % 5)" == "p\((index + 1 + index % 3) % 5)" ? 2 : 3)
            }
            #expect(games == expectedResults)
            #expect(score == expectedScore)
            // Every game ended in January 1970: that month's board, kept by the same merges, is the same.
            let month = try value {
                store.monthlyLeaderboard(month: LeaderboardMonth(containing: 1), limit: 10, player: nil, completion: $0)
            }
            #expect(month.entries == page.entries)
        }
    }

    @Test(arguments: StoreKind.engines)
    func theSameGameMergedTwiceCountsOnce(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let deferred = Atomic<Int>(0)
        store.onDeferredSaved = { _, _ in deferred.add(1, ordering: .relaxed) }
        let first = try store.record(MainFixture.g1)
        let again = try store.record(MainFixture.g1)
        #expect(again == first)
        // In one batch too: a replay racing the original.
        let both = try harness.store.withWriter { try $0.mergeGames([MainFixture.g2, MainFixture.g2]) }
        #expect(both.map(\.isNew) == [true, false])
        #expect(both[0].id == both[1].id)
        let stats = try value { store.stats(player: "bob", completion: $0) }
        #expect(stats.games == 2)
        #expect(stats.score == 35)
        #expect(deferred.load(ordering: .relaxed) == 0)
    }

    @Test(arguments: StoreKind.engines)
    func deletingHistoryKeepsTheTotalsTrue(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let ids = try MainFixture.load(store)
        try value { store.deleteHistory(player: "bob", gameID: ids[1], completion: $0) }
        let bob = try value { store.stats(player: "Bob", completion: $0) }
        #expect(bob.games == 1 && bob.score == 10 && bob.best == 10 && bob.wins == 0)
        #expect(try value { store.resetHistory(player: "bob", completion: $0) } == 1)
        let page = try value { store.leaderboard(limit: 10, player: "bob", completion: $0) }
        #expect(!page.entries.contains { $0.name == "Bob" })
        #expect(page.mine == nil)
        #expect(try value { store.stats(player: "bob", completion: $0) }.rank == nil)
    }
}

/// The SQL engines' ranks (a histogram of scores plus ties) agree with the memory twin's (a full sort)
/// on random games, merged in batches and after deletes.
@Suite(.ownThread) struct RankTests {
    @Test(arguments: StoreKind.shared)
    func ranksMatchTheMemoryTwin(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let twin = MemoryStore(retryInitialDelay: 0.05, retryMaxDelay: 0.2)
        defer { twin.close() }
        var random = SystemRandomNumberGenerator()
        let names = (0..<12).map { "P\($0)" }
        var records: [GameRecord] = []
        for index in 0..<80 {
            let seated = names.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random))
            let results = seated.enumerated().map { position, name in
                // Small scores for ties, large ones to span several histogram blocks.
                player(name, Int.random(in: index % 3 == 0 ? 0...2_500 : 0...6, using: &random), rank: position + 1)
            }
            records.append(
                game("r\(index)", rounds: [RoundRecord(word: "w", won: true, mistakes: 1)], results: results, ended: 1))
        }
        // In batches through the writer (as group commit does), one by one through the twin.
        for start in stride(from: 0, to: records.count, by: 16) {
            let batch = Array(records[start..<min(start + 16, records.count)])
            _ = try harness.store.withWriter { try $0.mergeGames(batch) }
            for record in batch { try twin.record(record) }
        }
        _ = try value { harness.store.resetHistory(player: "p3", completion: $0) }
        _ = try value { twin.resetHistory(player: "p3", completion: $0) }
        let someGame = try value { twin.history(player: "p5", limit: 1, completion: $0) }.first?.gameID
        if let someGame {
            try value { harness.store.deleteHistory(player: "p5", gameID: someGame, completion: $0) }
            try value { twin.deleteHistory(player: "p5", gameID: someGame, completion: $0) }
        }
        for name in names {
            let mine = try value { harness.store.stats(player: name, completion: $0) }
            let expected = try value { twin.stats(player: name, completion: $0) }
            #expect(mine == expected)
            let page = try value { harness.store.leaderboard(limit: 3, player: name, completion: $0) }
            #expect(page == (try value { twin.leaderboard(limit: 3, player: name, completion: $0) }))
        }
    }
}
