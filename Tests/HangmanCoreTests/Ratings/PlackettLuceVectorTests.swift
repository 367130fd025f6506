import Foundation
import Testing

@testable import HangmanCore

/// HangmanCore's PlackettLuce against openskill.py 6.2.0, the reference the issue pins: every case in
/// Tests/RatingVectors/plackett-luce.json (written by scripts/make-rating-vectors) to 1e-9.
@Suite struct PlackettLuceVectorTests {
    struct Vectors: Decodable {
        struct Model: Decodable { let mu, sigma, beta, kappa, tau: Double }
        struct Game: Decodable {
            let name: String
            let teams: [[[Double]]]
            let scores: [Double]
            let tau: Double?
            let expected: [[[Double]]]
        }
        struct Sequence: Decodable {
            struct Step: Decodable {
                let teams: [[Int]]
                let scores: [Double]
                let expected: [[Double]]
            }
            let name: String
            let players: Int
            let games: [Step]
        }
        let reference: String
        let model: Model
        let games: [Game]
        let sequences: [Sequence]
    }

    static let tolerance = 1e-9

    static func load() throws -> Vectors {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("RatingVectors/plackett-luce.json")
        return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
    }

    static func rating(_ pair: [Double]) throws -> Rating {
        try #require(pair.count == 2)
        return Rating(mu: pair[0], sigma: pair[1])
    }

    static func expectClose(_ got: Rating, _ want: [Double], _ what: String) {
        #expect(want.count == 2 && abs(got.mu - want[0]) <= tolerance, "\(what): mu \(got.mu) want \(want)")
        #expect(want.count == 2 && abs(got.sigma - want[1]) <= tolerance, "\(what): sigma \(got.sigma) want \(want)")
    }

    @Test func theDefaultsAreTheReferences() throws {
        let vectors = try Self.load()
        let model = PlackettLuce()
        #expect(vectors.reference.hasPrefix("openskill.py 6.2.0"))
        #expect(model.mu == vectors.model.mu && model.sigma == vectors.model.sigma)
        #expect(model.beta == vectors.model.beta && model.kappa == vectors.model.kappa && model.tau == vectors.model.tau)
    }

    @Test func everySingleGameMatches() throws {
        let vectors = try Self.load()
        #expect(vectors.games.count >= 100)
        let model = PlackettLuce()
        for game in vectors.games {
            let teams = try game.teams.map { try $0.map(Self.rating) }
            let after = model.rate(teams, scores: game.scores, tau: game.tau)
            try #require(after.count == game.expected.count, "\(game.name)")
            for (side, team) in after.enumerated() {
                try #require(team.count == game.expected[side].count, "\(game.name)")
                for (index, player) in team.enumerated() {
                    Self.expectClose(player, game.expected[side][index], "\(game.name), team \(side) player \(index)")
                }
            }
        }
    }

    /// Through `RatedGame`, the way the store will rate: keys, scores, the ratings carried from game to game.
    @Test func everySequenceMatchesGameAfterGame() throws {
        let vectors = try Self.load()
        let model = PlackettLuce()
        for sequence in vectors.sequences {
            var ratings: [String: Rating] = [:]
            for (number, step) in sequence.games.enumerated() {
                let sides = step.teams.enumerated().map { side, keys in
                    RatingSide(members: keys.map { .init(key: "p\($0)", isBot: false) }, score: Int(step.scores[side]))
                }
                let game = try #require(RatedGame(ranked: true, sides: sides), "\(sequence.name) game \(number)")
                for change in game.rate(model, current: { ratings[$0] }) { ratings[change.key] = change.after }
                for (player, want) in step.expected.enumerated() {
                    Self.expectClose(
                        ratings["p\(player)"] ?? model.initial, want, "\(sequence.name) game \(number) player \(player)")
                }
            }
        }
    }
}
