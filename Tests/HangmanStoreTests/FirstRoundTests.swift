import Foundation
import Testing

@testable import HangmanStore

/// Issue 34 item 7: a player who joined a game under way played only its later rounds. Each result
/// keeps its first round (`game_results.first_round`, `PlayerResult.firstRound`), and history and
/// the high scores list only the rounds the player sat in, on every engine. Outbox files written
/// before decode as played from the first round.
@Suite(.ownThread) struct FirstRoundTests {
    /// Ann played all three rounds; Bob sat down in round 2 and solved round 3.
    static let joined = game(
        "j",
        rounds: [
            RoundRecord(word: "owl", won: true, mistakes: 4, solver: "Ann"),
            RoundRecord(word: "emu", won: false, mistakes: 7),
            RoundRecord(word: "yak", won: true, mistakes: 1, solver: "Bob"),
        ],
        results: [
            player("Ann", 30, rank: 1, solved: 2, failed: 1),
            PlayerResult(name: "Bob", score: 20, rank: 2, solved: 1, failed: 1, firstRound: 2),
        ],
        ended: 1000)

    @Test(arguments: StoreKind.engines)
    func historyListsOnlyTheJoinersRounds(kind: StoreKind) throws {
        let harness = try Harness(kind)
        try harness.store.record(Self.joined)
        let bob = try value { harness.store.history(player: "bob", limit: 10, completion: $0) }
        #expect(bob.map(\.word) == ["emu", "yak"])
        #expect(bob.map(\.mistakes) == [7, 1])
        let ann = try value { harness.store.history(player: "ann", limit: 10, completion: $0) }
        #expect(ann.map(\.word) == ["owl", "emu", "yak"])
    }

    @Test(arguments: StoreKind.engines)
    func highScoresListOnlyTheJoinersRounds(kind: StoreKind) throws {
        let harness = try Harness(kind)
        try harness.store.record(Self.joined)
        let table = try value { harness.store.highScores(limit: 10, completion: $0) }
        let bob = try #require(table.first { $0.name == "Bob" })
        #expect(bob.words == ["emu", "yak"])
        #expect(bob.mistakes == 8)
        #expect(bob.solved == 1 && !bob.failed)
        let ann = try #require(table.first { $0.name == "Ann" })
        #expect(ann.words == ["owl", "emu", "yak"])
        #expect(ann.mistakes == 12)
        #expect(ann.solved == 2)
    }

    /// `game` gives the record back as it was merged, first rounds included.
    @Test(arguments: StoreKind.engines)
    func theGameKeepsEachFirstRound(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let id = try harness.store.record(Self.joined)
        let detail = try value { harness.store.game(id: id, completion: $0) }
        #expect(detail.record.results.map(\.firstRound) == [1, 2])
    }

    /// An outbox file written before first rounds existed: the whole game, as before.
    @Test func anOldOutboxRecordDecodesAsTheWholeGame() throws {
        let old = #"{"name":"Bob","score":20,"rank":2,"solved":1,"failed":1,"ranked":true}"#
        let result = try JSONDecoder().decode(PlayerResult.self, from: Data(old.utf8))
        #expect(result.firstRound == 1)
        let written = try JSONEncoder().encode(Self.joined)
        #expect(try JSONDecoder().decode(GameRecord.self, from: written) == Self.joined)
    }
}
