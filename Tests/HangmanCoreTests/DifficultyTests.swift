import Testing

@testable import HangmanCore

@Suite struct DifficultyTests {
    @Test func table() {
        let levels: [Difficulty] = [.noob, .veryEasy, .easy, .moderate, .hard, .veryHard, .deity]
        #expect(levels.map(\.rawValue) == ["noob", "very-easy", "easy", "moderate", "hard", "very-hard", "deity"])
        #expect(levels.compactMap(\.misses) == [10, 9, 8, 7, 6, 5, 3])
        #expect(levels.map(\.scorePercent) == [50, 75, 100, 125, 150, 200, 300])
        #expect(Difficulty.custom.distinctLetters == nil && Difficulty.custom.misses == nil)
        #expect(Difficulty.custom.multiplier == 1.0 && Difficulty.deity.multiplier == 3.0)
    }

    /// The levels split 1...26 distinct letters into consecutive ranges, harder = more distinct letters.
    @Test func rangesPartitionTheAlphabet() {
        let ranges = Difficulty.allCases.compactMap(\.distinctLetters)
        #expect(ranges.first?.lowerBound == 1 && ranges.last?.upperBound == 26)
        for (easier, harder) in zip(ranges, ranges.dropFirst()) {
            #expect(harder.lowerBound == easier.upperBound + 1)
        }
    }

    @Test(arguments: [
        ("noob", Difficulty.noob), ("Very-Easy", .veryEasy), ("very_easy", .veryEasy), ("veryeasy", .veryEasy),
        ("VERY-HARD", .veryHard), ("deity", .deity), ("custom", .custom),
    ])
    func names(name: String, level: Difficulty) {
        #expect(Difficulty(name: name) == level)
    }

    @Test(arguments: ["", "god", "very", "easy-peasy"])
    func unknownNames(name: String) {
        #expect(Difficulty(name: name) == nil)
    }

    @Test func effectiveMissesFollowTheLevel() {
        var settings = Settings()
        settings.misses = 12
        #expect(settings.effectiveMisses == 12)
        settings.difficulty = .deity
        #expect(settings.effectiveMisses == 3)
    }
}
