import Dispatch
import Foundation
import HangmanCore
import Synchronization
import Testing

@testable import HangmanStore

/// Skill ratings in the store (issue 32): applied in the merge's transaction on every engine, exactly
/// once, in merge order, and checked by a replay (`checkRatings`, `hangman-server check-ratings`).
@Suite(.ownThread) struct RatingStoreTests {
    let model = PlackettLuce()

    /// What the ratings migration (SQLite 11, PostgreSQL 9) and the ones after it (issue 34's
    /// `first_round`, issue 33's moderation tables, issue 32's `team` and `players_by_ordinal`) add,
    /// taken away: a database as it was before.
    static let undoRatingsMigration = """
        DROP TABLE high_scores; CREATE INDEX game_results_by_score ON game_results (score DESC);
        DROP TABLE IF EXISTS sanctions; DROP TABLE IF EXISTS moderation_log;
        DROP INDEX players_by_ordinal; ALTER TABLE game_results DROP COLUMN team;
        ALTER TABLE game_results DROP COLUMN first_round;
        DROP TABLE rating_changes; ALTER TABLE players DROP COLUMN rating_mu;
        ALTER TABLE players DROP COLUMN rating_sigma; ALTER TABLE players DROP COLUMN rated_games;
        """

    /// A database from before the ratings (games, no rating columns) migrates: nobody is rated yet, and
    /// the next game is rated from a newcomer's rating.
    @Test(arguments: StoreKind.shared)
    func aDatabaseFromBeforeTheRatingsRatesItsNextGames(kind: StoreKind) throws {
        let harness = try Harness(kind)
        try MainFixture.load(harness.store)
        harness.store.close()
        let reopened: Store
        switch kind {
        case .sqlite:
            let old = try SQLiteConnection(path: harness.path, busyTimeout: 1, queue: nil)
            try old.execute(Self.undoRatingsMigration)
            try old.execute("PRAGMA user_version = 10")
            old.close()
            reopened = try SQLiteStore(path: harness.path, options: fastOptions)
            #expect(try userVersion(harness.path) == SQLiteSchema.currentVersion)
        default:
            let old = try PostgresRunner(conninfo: harness.location, connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
            try old.executeScript("\(Self.undoRatingsMigration) DELETE FROM hangman_schema WHERE version > 8")
            old.close()
            reopened = try PostgresStore(url: harness.location, options: fastOptions)
        }
        defer { reopened.close() }
        #expect(try Self.check(reopened) == RatingCheck(games: 0, players: 0, differences: []))
        var again = MainFixture.g1
        again.id = UUID()
        let merged = try Self.merge(reopened, [again])[0]
        #expect(merged.ratings.map(\.before) == [model.initial, model.initial])
        #expect(try Self.check(reopened).games == 1)
    }

    static func check(_ store: Store) throws -> RatingCheck { try value { store.checkRatings(completion: $0) } }

    @discardableResult
    static func merge(_ store: Store, _ records: [GameRecord]) throws -> [MergedGame] {
        try store.withWriter { try $0.mergeGames(records) }
    }

    @Test(arguments: StoreKind.engines)
    func aRatedGameIsRatedInItsMergeAsTheModelRatesIt(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let first = try Self.merge(harness.store, [MainFixture.g1])[0]
        let expected = model.rate([[model.initial], [model.initial]], scores: [30, 10])
        #expect(first.ratings.map(\.key) == ["ann", "bob"])
        #expect(first.ratings.map(\.before) == [model.initial, model.initial])
        #expect(first.ratings.map(\.after) == [expected[0][0], expected[1][0]])
        #expect(first.ratings.map(\.games) == [1, 1])
        // Bob's next game starts from the rating the first left him (read back from the engine exactly).
        let second = try Self.merge(harness.store, [MainFixture.g2])[0]
        let bob = try #require(second.ratings.first { $0.key == "bob" })
        #expect(bob.before == expected[1][0] && bob.games == 2)
        let twice = model.rate([[expected[1][0]], [model.initial]], scores: [25, 5])
        #expect(second.ratings.map(\.after) == [twice[0][0], twice[1][0]])
        let check = try Self.check(harness.store)
        #expect(check.differences == [])
        #expect(check.games == 2 && check.players == 3)
        // `stats` reads them back exactly; a player never rated has none.
        let stats = try value { harness.store.stats(player: "Bob", completion: $0) }
        #expect(stats.rating == PlayerRating(rating: twice[0][0], games: 2))
        try value { harness.store.register(name: "Eve", password: "pw", completion: $0) }
        #expect(try value { harness.store.stats(player: "eve", completion: $0) }.rating == nil)
    }

    @Test(arguments: StoreKind.engines)
    func gamesInOneBatchAreRatedOneAfterTheOther(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let merged = try Self.merge(harness.store, [MainFixture.g1, MainFixture.g2, MainFixture.g3])
        let g1 = model.rate([[model.initial], [model.initial]], scores: [30, 10])
        let g2 = model.rate([[g1[1][0]], [model.initial]], scores: [25, 5])
        let g3 = model.rate([[g2[1][0]], [model.initial]], scores: [0, 0])
        #expect(merged.map { $0.ratings.map(\.after) } == [[g1[0][0], g1[1][0]], [g2[0][0], g2[1][0]], [g3[0][0], g3[1][0]]])
        #expect(try Self.check(harness.store).differences == [])
    }

    @Test(arguments: StoreKind.engines)
    func aGameMergedAgainIsNotRatedAgain(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let first = try Self.merge(harness.store, [MainFixture.g1])[0]
        let again = try Self.merge(harness.store, [MainFixture.g1])[0]
        #expect(!again.isNew && again.ratings == [])
        // A replay racing the original in one batch.
        let both = try Self.merge(harness.store, [MainFixture.g2, MainFixture.g2])
        #expect(both[0].ratings.count == 2 && both[1].ratings == [])
        let bob = try #require(both[0].ratings.first { $0.key == "bob" })
        #expect(bob.before == first.ratings[1].after && bob.games == 2)
        let check = try Self.check(harness.store)
        #expect(check.differences == [] && check.games == 2)
    }

    @Test(arguments: StoreKind.engines)
    func unrankedGamesAndBotsAreLeftOut(kind: StoreKind) throws {
        let harness = try Harness(kind)
        var setter = MainFixture.g1
        setter.ranked = false
        let bot = PlayerResult(name: "Botty", score: 90, rank: 1, solved: 1, failed: 0, ranked: false)
        let alone = game(
            "gamma", rounds: [RoundRecord(word: "w", won: true, mistakes: 0)], results: [bot, player("Ann", 5, rank: 2)],
            ended: 5000)
        let withBot = game(
            "delta", rounds: [RoundRecord(word: "w", won: true, mistakes: 0)],
            results: [bot, player("Ann", 5, rank: 2), player("Bob", 0, rank: 3)], ended: 6000)
        let merged = try Self.merge(harness.store, [setter, alone, withBot])
        #expect(merged[0].ratings == [] && merged[1].ratings == [])
        let expected = model.rate([[model.initial], [model.initial]], scores: [5, 0])
        #expect(merged[2].ratings.map(\.key) == ["ann", "bob"])
        #expect(merged[2].ratings.map(\.after) == [expected[0][0], expected[1][0]])
        #expect(try Self.check(harness.store).differences == [])
    }

    /// kill -9 between the merge's commit and `game_over` leaves the game merged and still in the outbox:
    /// the restart replays the outbox, and the game is rated once.
    @Test(arguments: StoreKind.shared)
    func aKillBetweenTheMergeAndGameOverRatesTheGameOnce(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let outboxPath = harness.folder.appendingPathComponent("outbox.sqlite").path
        let first = try Self.merge(harness.store, [MainFixture.g1])[0]
        harness.store.close()
        let leftover = try Outbox(path: outboxPath)
        try leftover.append([MainFixture.g1, MainFixture.g2])
        leftover.close()
        var options = fastOptions
        options.outboxPath = outboxPath
        let restarted: Store =
            kind == .sqlite
            ? try SQLiteStore(path: harness.location, options: options)
            : try PostgresStore(url: harness.location, options: options)
        defer { restarted.close() }
        for _ in 0..<500 where restarted.outboxCount > 0 { usleep(20_000) }
        #expect(restarted.outboxCount == 0)
        let check = try Self.check(restarted)
        #expect(check.differences == [])
        #expect(check.games == 2 && check.players == 3)
        // Bob's next game starts from two games' rating: g1 once, then g2.
        let next = try Self.merge(
            restarted,
            [MainFixture.g3, game("z", rounds: [], results: [player("Bob", 1, rank: 1), player("Cy", 0, rank: 2)], ended: 9000)])
        let bob = try #require(next[1].ratings.first { $0.key == "bob" })
        let g2 = model.rate([[first.ratings[1].after], [model.initial]], scores: [25, 5])
        #expect(bob.before == g2[0][0] && bob.games == 3)
    }

    /// Two servers merging at once on one database: every player's rows are locked in key order, so the
    /// ratings equal a replay of the games in the order they were rated (the check), with none lost.
    @Test(arguments: StoreKind.shared)
    func twoServersMergingAtOnceRateInOneOrder(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let other = try #require(try harness.second())
        defer { other.close() }
        let stores: [Store] = [harness.store, other]
        let count = 200
        let saved = Atomic<Int>(0)
        let done = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            done.enter()
            // Three of six shared names, in changing orders (deadlock bait), with ties now and then.
            let names = (0..<3).map { "p\((index + $0 * (1 + index % 2)) % 6)" }
            let results = names.enumerated().map { player($1, (index + $0) % 3 * 10, rank: 1) }
            let record = game("r\(index)", rounds: [RoundRecord(word: "w", won: true, mistakes: 1)], results: results, ended: 1)
            stores[index % 2].recordGame(record) { outcome in
                if case .success = outcome { saved.add(1, ordering: .relaxed) }
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 120) == .success)
        #expect(saved.load(ordering: .relaxed) == count)
        for store in stores {
            let check = try Self.check(store)
            #expect(check.differences == [])
            #expect(check.games == count && check.players == 6)
        }
    }

    /// `top rating`: at least `minGames` rated games, best ordinal first, ties by key; `mine` outside.
    @Test(arguments: StoreKind.engines)
    func theRatingBoardSortsByOrdinal(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let merged = try Self.merge(harness.store, [MainFixture.g1, MainFixture.g2, MainFixture.g3])
        var final: [String: RatingUpdate] = [:]
        for update in merged.flatMap(\.ratings) { final[update.key] = update }
        let order = final.values.sorted {
            $0.after.ordinal > $1.after.ordinal || ($0.after.ordinal == $1.after.ordinal && $0.key < $1.key)
        }
        let all = try value { harness.store.ratingLeaderboard(limit: 10, minGames: 1, player: nil, completion: $0) }
        #expect(all.entries.map { $0.name.lowercased() } == order.map(\.key))
        #expect(all.entries.map(\.rank) == [1, 2, 3, 4])
        #expect(all.entries.map(\.rating.rating) == order.map(\.after))
        // Two games needed: Bob and Cy only; the asker outside the first row comes as `mine`.
        let two = try value { harness.store.ratingLeaderboard(limit: 1, minGames: 2, player: "Cy", completion: $0) }
        let settled = order.filter { $0.games >= 2 }
        #expect(two.entries.map { $0.name.lowercased() } == [settled[0].key])
        let mine = two.mine
        #expect(settled[0].key == "cy" ? mine == nil : mine?.rank == 2 && mine?.name == "Cy")
        let none = try value { harness.store.ratingLeaderboard(limit: 10, minGames: 2, player: "Ann", completion: $0) }
        #expect(none.mine == nil && none.entries.count == 2)
    }

    @Test func theCheckFindsAChangedRatingAndAGameRatedTwice() throws {
        let harness = try Harness(.sqlite)
        try Self.merge(harness.store, [MainFixture.g1, MainFixture.g2])
        #expect(try Self.check(harness.store).differences == [])
        let raw = try SQLiteConnection(path: harness.path, busyTimeout: 1, queue: nil)
        defer { raw.close() }
        try raw.execute("UPDATE players SET rating_mu = rating_mu + 0.000001 WHERE key = 'cy'")
        #expect(try Self.check(harness.store).differences.count == 1)
        try raw.execute("UPDATE players SET rating_mu = rating_mu - 0.000001 WHERE key = 'cy'")
        try raw.execute(
            """
            INSERT INTO rating_changes (game_id, key, side, score, mu_before, sigma_before, mu, sigma)
            SELECT game_id, key, side, score, mu_before, sigma_before, mu, sigma FROM rating_changes WHERE key = 'ann'
            """)
        #expect(try Self.check(harness.store).differences.contains { $0.contains("rated twice") })
    }
}
