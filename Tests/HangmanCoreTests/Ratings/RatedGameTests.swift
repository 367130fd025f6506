import Testing

@testable import HangmanCore

/// What counts for the ratings: ranked games with at least two humans on two sides, bots left out.
@Suite struct RatedGameTests {
    typealias Side = RatingSide
    let model = PlackettLuce()

    @Test func anUnrankedGameIsNotRated() {
        #expect(RatedGame(ranked: false, sides: [Side.solo("ann", score: 10), .solo("bob", score: 0)]) == nil)
        #expect(RatedGame(ranked: true, sides: [Side.solo("ann", score: 10), .solo("bob", score: 0)]) != nil)
    }

    @Test func oneHumanAndBotsIsNotRated() {
        let sides = [Side.solo("ann", score: 10), .solo("bot1", score: 50, isBot: true), .solo("bot2", score: 0, isBot: true)]
        #expect(RatedGame(ranked: true, sides: sides) == nil)
    }

    @Test func botsAreLeftOutOfTheRanking() throws {
        let sides = [Side.solo("ann", score: 10), .solo("bot", score: 50, isBot: true), .solo("bob", score: 0)]
        let game = try #require(RatedGame(ranked: true, sides: sides))
        #expect(game.players == ["ann", "bob"])
        let changes = game.rate(model, current: { _ in nil })
        let direct = model.rate([[model.initial], [model.initial]], scores: [10, 0])
        #expect(changes.map(\.after) == [direct[0][0], direct[1][0]])
    }

    @Test func twoHumansOnOneTeamAgainstBotsIsNotRated() {
        let humans = Side(members: [.init(key: "ann", isBot: false), .init(key: "bob", isBot: false)], score: 10)
        let bots = Side(members: [.init(key: "b1", isBot: true), .init(key: "b2", isBot: true)], score: 20)
        #expect(RatedGame(ranked: true, sides: [humans, bots]) == nil)
    }

    @Test func aTeamIsRatedWithAllItsHumanMembers() throws {
        let red = Side(
            members: [.init(key: "ann", isBot: false), .init(key: "bot", isBot: true), .init(key: "cy", isBot: false)], score: 30)
        let game = try #require(RatedGame(ranked: true, sides: [red, .solo("bob", score: 40)]))
        let known = Rating(mu: 30, sigma: 3)
        let changes = game.rate(model, current: { $0 == "cy" ? known : nil })
        let direct = model.rate([[model.initial, known], [model.initial]], scores: [30, 40])
        #expect(changes.map(\.key) == ["ann", "cy", "bob"])
        #expect(changes.map(\.before) == [model.initial, known, model.initial])
        #expect(changes.map(\.after) == [direct[0][0], direct[0][1], direct[1][0]])
    }

    @Test func aPlayerOnTwoSidesIsRefused() {
        #expect(RatedGame(ranked: true, sides: [Side.solo("ann", score: 1), .solo("ann", score: 0)]) == nil)
    }
}
