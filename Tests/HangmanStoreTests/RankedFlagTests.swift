import Foundation
import Testing

@testable import HangmanStore

/// `ranked` arrived after outbox files existed: a record written before it must still replay, ranked.
@Suite(.ownThread) struct RankedFlagTests {
    @Test func anOutboxRecordWrittenBeforeTheFlagDecodesAsRanked() throws {
        let old = """
            {"id":"00000000-0000-4000-8000-000000000007","room":"r","mode":"normal","difficulty":"normal",
            "rounds":[],"results":[{"name":"Ann","score":3,"rank":1,"solved":1,"failed":0}],
            "started":1,"ended":2}
            """
        let record = try JSONDecoder().decode(GameRecord.self, from: Data(old.utf8))
        #expect(record.ranked)
        #expect(record.results.map(\.ranked) == [true])
        #expect(record.results.first?.name == "Ann")
    }

    @Test func theFlagsSurviveARoundTrip() throws {
        let record = GameRecord(
            room: "r", mode: "setter", difficulty: "normal", rounds: [],
            results: [PlayerResult(name: "bot-easy", score: 1, rank: 1, solved: 1, failed: 0, ranked: false)],
            started: 1, ended: 2, ranked: false)
        let back = try JSONDecoder().decode(GameRecord.self, from: JSONEncoder().encode(record))
        #expect(back == record)
        #expect(!back.ranked)
        #expect(back.results.first?.ranked == false)
    }
}

/// Unranked games (word-setter) and unranked results (house bots) are stored and shown in history and
/// `game`, but never reach the totals, `top`, `stats`, high scores or the monthly boards. Every engine.
@Suite(.ownThread) struct RankedFlagStoreTests {
    /// A ranked game with a bot's unranked seat, an unranked game, then a ranked one.
    static let withBot = game(
        "a", rounds: [RoundRecord(word: "owl", won: true, mistakes: 1, solver: "Bot")],
        results: [
            PlayerResult(name: "Bot", score: 50, rank: 1, solved: 1, failed: 0, ranked: false),
            player("Ann", 30, rank: 2, solved: 1),
        ], ended: 1000)
    static let setter = GameRecord(
        room: "s", mode: "setter", difficulty: "custom", rounds: [RoundRecord(word: "yak", won: true, mistakes: 0)],
        results: [player("Ann", 100, rank: 1, solved: 1), player("Bob", 80, rank: 2, solved: 1)], started: 1900, ended: 2000,
        ranked: false)
    static let plain = game(
        "b", rounds: [RoundRecord(word: "emu", won: true, mistakes: 2)], results: [player("Bob", 10, rank: 1, solved: 1)],
        ended: 3000)

    @Test(arguments: StoreKind.engines)
    func unrankedGamesAndSeatsStayOffTheBoards(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let ids = [try store.record(Self.withBot), try store.record(Self.setter), try store.record(Self.plain)]

        let page = try value { store.leaderboard(limit: 10, player: "bot", completion: $0) }
        #expect(
            page.entries == [
                LeaderboardEntry(rank: 1, name: "Ann", score: 30, games: 1, wins: 0),
                LeaderboardEntry(rank: 2, name: "Bob", score: 10, games: 1, wins: 1),
            ])
        #expect(page.mine == nil)
        // The rank histogram agrees: Bob is 2nd, counted once.
        #expect(try value { store.leaderboard(limit: 0, player: "bob", completion: $0) }.mine?.rank == 2)
        let best = try value { store.highScores(limit: 10, completion: $0) }
        #expect(best.map(\.name) == ["Ann", "Bob"])
        #expect(best.map(\.score) == [30, 10])

        // Stats are the leaderboard's figures: the setter game and the bot's seat are not in them.
        #expect(
            try value { store.stats(player: "ann", completion: $0) }
                == PlayerStats(name: "Ann", games: 1, wins: 0, score: 30, best: 30, solved: 1, failed: 0, rank: 1))
        #expect(
            try value { store.stats(player: "bot", completion: $0) }
                == PlayerStats(name: "Bot", games: 0, wins: 0, score: 0, best: 0, solved: 0, failed: 0, rank: nil))

        // History and `game` keep them, flags and all.
        #expect(try value { store.history(player: "ann", limit: 10, completion: $0) }.map(\.word) == ["yak", "owl"])
        #expect(try value { store.history(player: "bot", limit: 10, completion: $0) }.map(\.word) == ["owl"])
        #expect(try value { store.game(id: ids[0], completion: $0) }.record == Self.withBot)
        #expect(try value { store.game(id: ids[1], completion: $0) }.record == Self.setter)
    }

    @Test(arguments: StoreKind.engines)
    func deletesRecountOnlyRankedResults(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        let ids = [try store.record(Self.withBot), try store.record(Self.setter), try store.record(Self.plain)]
        // Removing the unranked result changes nothing on the board…
        try value { store.deleteHistory(player: "ann", gameID: ids[1], completion: $0) }
        #expect(try value { store.stats(player: "ann", completion: $0) }.score == 30)
        // …removing the ranked one takes Ann off it, though she still has a (bot's) game in history.
        try value { store.deleteHistory(player: "bob", gameID: ids[2], completion: $0) }
        let page = try value { store.leaderboard(limit: 10, player: "bob", completion: $0) }
        #expect(page.entries.map(\.name) == ["Ann"])
        #expect(page.mine == nil)
        #expect(try value { store.stats(player: "bob", completion: $0) }.rank == nil)
        #expect(try value { store.leaderboard(limit: 0, player: "ann", completion: $0) }.mine?.rank == 1)
    }

    @Test(arguments: StoreKind.engines)
    func aPlayerFirstSeenUnrankedStartsFromZero(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let store = harness.store
        // A negative score would show a `best` of 0 taken from an empty (unranked) delta.
        let low = game(
            "c", rounds: [RoundRecord(word: "gnu", won: false, mistakes: 7)], results: [player("Bot", -5, rank: 1)], ended: 4000)
        try store.record(Self.withBot)
        try store.record(low)
        try store.record(Self.withBot.withID(UUID()))
        let stats = try value { store.stats(player: "bot", completion: $0) }
        #expect(stats == PlayerStats(name: "Bot", games: 1, wins: 0, score: -5, best: -5, solved: 0, failed: 0, rank: 2))
        #expect(try value { store.leaderboard(limit: 0, player: "bot", completion: $0) }.mine?.rank == 2)
        #expect(try harness.integrity() == ["ok"])
    }
}

extension GameRecord {
    /// The same game under another id (another game with the same contents).
    func withID(_ id: UUID) -> GameRecord {
        var copy = self
        copy.id = id
        return copy
    }
}
