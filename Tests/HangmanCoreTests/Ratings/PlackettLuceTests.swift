import Foundation
import Testing

@testable import HangmanCore

/// The quirks of openskill.py 6.2.0 the model keeps on purpose, and its math, each on its own.
@Suite struct PlackettLuceTests {
    let model = PlackettLuce()
    var newcomer: Rating { model.initial }

    @Test func tauZeroStillAddsTheModelsTau() {
        let teams = [[newcomer], [newcomer], [newcomer]]
        #expect(model.rate(teams, scores: [3, 2, 1], tau: 0) == model.rate(teams, scores: [3, 2, 1]))
        #expect(model.rate(teams, scores: [3, 2, 1], tau: 0.5) != model.rate(teams, scores: [3, 2, 1]))
    }

    @Test func twoOfFourTyingFirstLetThirdGainAsMuch() {
        let after = model.rate(Array(repeating: [newcomer], count: 4), scores: [10, 10, 5, 1])
        #expect(after[0][0].mu == after[2][0].mu)
        #expect(after[0][0].mu > 25 && after[3][0].mu < 25)
    }

    @Test func tiedPlayersMoveAlike() {
        let after = model.rate([[newcomer], [newcomer]], scores: [40, 40])
        #expect(after[0] == after[1])
    }

    @Test func theOrderOfTheTeamsDoesNotMatter() {
        let a = Rating(mu: 30, sigma: 2), b = Rating(mu: 20, sigma: 6), c = Rating(mu: 25, sigma: 4)
        let one = model.rate([[a], [b], [c]], scores: [5, 80, 45])
        let two = model.rate([[c], [a], [b]], scores: [45, 5, 80])
        #expect(one[0] == two[1] && one[1] == two[2] && one[2] == two[0])
    }

    @Test func lessThanTwoTeamsOrMismatchedScoresChangeNothing() {
        #expect(model.rate([[newcomer]], scores: [10]) == [[newcomer]])
        #expect(model.rate([[newcomer], [newcomer]], scores: [10]) == [[newcomer], [newcomer]])
        #expect(model.rate([[newcomer], []], scores: [10, 0]) == [[newcomer], []])
    }

    @Test func theOrdinalIsMuLessThreeSigma() {
        #expect(Rating(mu: 27.5, sigma: 2.5).ordinal == 20)
        #expect(newcomer.ordinal == 0)
    }

    /// RatingMath.exp against the platform's exp: within one ulp over the range ratings use and beyond.
    @Test func expIsWithinOneUlpOfThePlatforms() {
        var x = -50.0
        while x <= 50 {
            let mine = RatingMath.exp(x), platform = Foundation.exp(x)
            #expect(abs(mine - platform) <= platform.ulp, "exp(\(x)): \(mine) vs \(platform)")
            x += 0.0137
        }
        #expect(RatingMath.exp(0) == 1)
        #expect(RatingMath.exp(710) == .infinity && RatingMath.exp(-746) == 0)
        #expect(RatingMath.exp(.nan).isNaN)
        for edge in [709.7, -708.0, -744.0, 1e-30, -1e-30] {
            let mine = RatingMath.exp(edge), platform = Foundation.exp(edge)
            #expect(abs(mine - platform) <= max(platform.ulp, Double.leastNonzeroMagnitude), "exp(\(edge))")
        }
    }
}
