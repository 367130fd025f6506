import HangmanCore
import Testing

@testable import HangmanStore

/// The rating log's rows of a game (`MergeRatings.logRows`), built from the game `rate` rated (its sides
/// built once a game): each rated player with their side and the side's points, a bot's seat left out,
/// whether the updates come in the sides' order (as `rate` answers them) or not.
@Suite struct RatingLogRowsTests {
    /// Two teams (a bot's seat on the second) and a player on their own.
    private let game = RatedGame(
        ranked: true,
        sides: [
            RatingSide(members: [.init(key: "ann", isBot: false), .init(key: "bob", isBot: false)], score: 30),
            RatingSide(members: [.init(key: "cy", isBot: false), .init(key: "bot", isBot: true)], score: 20),
            RatingSide(members: [.init(key: "dee", isBot: false)], score: 5),
        ])

    private func update(_ key: String, _ mu: Double) -> RatingUpdate {
        RatingUpdate(key: key, before: Rating(mu: 25, sigma: 8), after: Rating(mu: mu, sigma: 7), games: 1)
    }

    private let expected: [(key: String, side: Int, score: Int, mu: Double)] = [
        ("ann", 0, 30, 27), ("bob", 0, 30, 26), ("cy", 1, 20, 24), ("dee", 2, 5, 22),
    ]

    @Test func updatesInTheSidesOrderGetTheirSides() throws {
        let rated = try #require(game)
        let rows = MergeRatings.logRows(gameID: 7, rated, expected.map { update($0.key, $0.mu) })
        #expect(rows.map(\.key) == expected.map(\.key))
        #expect(rows.map(\.side) == expected.map(\.side))
        #expect(rows.map(\.score) == expected.map(\.score))
        #expect(rows.map(\.after.mu) == expected.map(\.mu))
        #expect(rows.allSatisfy { $0.gameID == 7 })
    }

    @Test func updatesInAnotherOrderAreMatchedByKey() throws {
        let rated = try #require(game)
        let updates = expected.reversed().map { update($0.key, $0.mu) } + [update("stranger", 1)]
        let rows = MergeRatings.logRows(gameID: 7, rated, updates)
        #expect(rows.map(\.key) == expected.reversed().map(\.key))
        #expect(rows.map(\.side) == expected.reversed().map(\.side))
        #expect(rows.map(\.score) == expected.reversed().map(\.score))
    }

    @Test func anUnratedGameLogsNothing() {
        #expect(MergeRatings.logRows(gameID: 7, nil, [update("ann", 27)]).isEmpty)
    }

    @Test func rateAnswersTheGamesItRated() {
        let record = GameRecord(
            room: "r", mode: "classic", difficulty: "medium", rounds: [],
            results: [
                PlayerResult(name: "Ann", score: 10, rank: 1, solved: 1, failed: 0),
                PlayerResult(name: "Bob", score: 0, rank: 2, solved: 0, failed: 1),
            ], started: 0, ended: 60)
        let (updates, games, final) = MergeRatings.rate([MergeRecord(record)], current: [:])
        #expect(games.count == 1)
        let rated = games.first ?? nil
        #expect(rated != nil)
        let rows = MergeRatings.logRows(gameID: 1, rated, updates.first ?? [])
        #expect(rows.map(\.key).sorted() == final.keys.sorted())
        #expect(rows.map(\.side).sorted() == [0, 1])
    }
}
