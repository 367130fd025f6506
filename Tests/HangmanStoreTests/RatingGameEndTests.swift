import HangmanCore
import Testing

@testable import HangmanStore

/// A game's end carries the rating changes its merge made (issue 32): the group committer hands the
/// merged game to the standings request, and `finishGame` answers with its `ratings`, on every engine.
@Suite(.ownThread) struct RatingGameEndTests {
    @Test(arguments: StoreKind.engines)
    func aGamesEndCarriesItsPlayersRatingChanges(kind: StoreKind) throws {
        let harness = try Harness(kind)
        let model = PlackettLuce()
        let first = try GameEndTests.finish(harness.store, MainFixture.g1)
        let expected = model.rate([[model.initial], [model.initial]], scores: [30, 10])
        #expect(first.gameID != nil)
        #expect(
            first.ratings == [
                RatingUpdate(key: "ann", before: model.initial, after: expected[0][0], games: 1),
                RatingUpdate(key: "bob", before: model.initial, after: expected[1][0], games: 1),
            ])
        // The next game's end starts from what the first left (Bob's second rated game).
        let second = try GameEndTests.finish(harness.store, MainFixture.g2)
        let bob = try #require(second.ratings.first { $0.key == "bob" })
        #expect(bob.before == expected[1][0] && bob.games == 2)
    }

    /// An unranked game is saved, with no rating changes to tell.
    @Test(arguments: StoreKind.engines)
    func anUnrankedGamesEndHasNoRatingChanges(kind: StoreKind) throws {
        let harness = try Harness(kind)
        var unranked = MainFixture.g1
        unranked.ranked = false
        let end = try GameEndTests.finish(harness.store, unranked)
        #expect(end.gameID != nil && end.ratings.isEmpty)
    }
}
