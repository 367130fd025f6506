import Testing

@testable import HangmanCore

/// The worked examples of `Scoring` and docs/RULES.md, number for number.
@Suite struct ScoringTests {
    static func settings(_ difficulty: Difficulty, _ mode: Mode) -> Settings {
        var settings = Settings()
        settings.difficulty = difficulty
        settings.mode = mode
        return settings
    }

    @Test(arguments: [
        (Difficulty.custom, Mode.classic, 2, 20), (.custom, .classic, 0, 0), (.deity, .evil, 1, 45),
        (.veryEasy, .classic, 3, 22), (.veryEasy, .evil, 1, 11), (.noob, .classic, 1, 5), (.custom, .evil, 2, 30),
        (.hard, .classic, 4, 60), (.veryHard, .evil, 1, 30),
    ])
    func hits(difficulty: Difficulty, mode: Mode, count: Int, points: Int) {
        #expect(Scoring.pointsForHit(count: count, settings: Self.settings(difficulty, mode)) == points)
    }

    @Test(arguments: [
        (Difficulty.custom, Mode.classic, 3, 80), (.deity, .evil, 2, 315), (.noob, .classic, 10, 75),
        (.custom, .classic, 0, 50), (.moderate, .evil, 7, 225),
    ])
    func solveBonus(difficulty: Difficulty, mode: Mode, missesLeft: Int, points: Int) {
        #expect(Scoring.solveBonus(missesLeft: missesLeft, settings: Self.settings(difficulty, mode)) == points)
    }

    @Test func evilIsWorthMore() {
        #expect(
            Scoring.pointsForHit(count: 4, settings: Self.settings(.easy, .evil))
                > Scoring.pointsForHit(count: 4, settings: Self.settings(.easy, .classic)))
    }
}
