import Testing

@testable import HangmanCore

@Suite struct ClassicRoundTests {
    @Test func hitsMissesAndWin() {
        var round = Round(word: "hello", maxMisses: 3)
        #expect(round.mode == .classic && round.length == 5 && round.pattern == "_____")
        #expect(round.guess(letter: "l") == .hit(count: 2))
        #expect(round.pattern == "__ll_")
        #expect(round.guess(letter: "z") == .miss)
        #expect(round.misses == 1 && round.missesLeft == 2)
        #expect(round.guess(letter: "H") == .hit(count: 1))  // upper case folds
        #expect(round.guess(letter: "e") == .hit(count: 1))
        #expect(round.status == .playing && round.answer == nil)
        #expect(round.guess(letter: "o") == .hit(count: 1))
        #expect(round.status == .won && round.answer == "hello" && round.pattern == "hello")
        #expect(round.guessed == ["l", "z", "h", "e", "o"])
        #expect(round.guess(letter: "q") == .roundOver)
    }

    @Test func alreadyGuessedCostsNothing() {
        var round = Round(word: "cat", maxMisses: 2)
        #expect(round.guess(letter: "x") == .miss)
        #expect(round.guess(letter: "x") == .alreadyGuessed)
        #expect(round.guess(letter: "X") == .alreadyGuessed)
        #expect(round.guess(letter: "c") == .hit(count: 1))
        #expect(round.guess(letter: "c") == .alreadyGuessed)
        #expect(round.misses == 1 && round.status == .playing)
    }

    @Test(arguments: ["1", " ", "é", "-", "\n", "🙂"] as [Character])
    func invalidLetters(letter: Character) {
        var round = Round(word: "cat", maxMisses: 2)
        #expect(round.guess(letter: letter) == .invalid)
        #expect(round.misses == 0 && round.guessed.isEmpty)
    }

    @Test func lossWhenMissesRunOut() {
        var round = Round(word: "cat", maxMisses: 2)
        #expect(round.guess(letter: "x") == .miss)
        #expect(round.guess(letter: "y") == .miss)
        #expect(round.status == .lost && round.answer == "cat" && round.missesLeft == 0)
        #expect(round.guess(letter: "c") == .roundOver)
    }

    @Test func wholeWordGuesses() {
        var round = Round(word: "cat", maxMisses: 3)
        #expect(round.guess(word: "cot") == .wrong)
        #expect(round.misses == 1 && round.wrongWords == ["cot"])
        #expect(round.guess(word: "cats") == .invalid)
        #expect(round.guess(word: "c4t") == .invalid)
        #expect(round.guess(word: "") == .invalid)
        #expect(round.misses == 1)
        #expect(round.guess(word: "CAT") == .solved)
        #expect(round.status == .won && round.pattern == "cat" && round.answer == "cat")
        #expect(round.guess(word: "cat") == .roundOver)
    }

    @Test func wrongWordCanLose() {
        var round = Round(word: "cat", maxMisses: 1)
        #expect(round.guess(word: "dog") == .wrong)
        #expect(round.status == .lost && round.answer == "cat")
    }

    @Test func availableLetters() {
        var round = Round(word: "cat", maxMisses: 3)
        _ = round.guess(letter: "c")
        _ = round.guess(letter: "z")
        #expect(round.available.count == 24)
        #expect(round.available.first == "a" && !round.available.contains("c") && !round.available.contains("z"))
    }

    @Test(arguments: [(0, 1), (1, 1), (26, 26), (27, 26), (-5, 1)])
    func maxMissesClamped(given: Int, expected: Int) {
        #expect(Round(word: "cat", maxMisses: given).maxMisses == expected)
    }
}

@Suite struct EvilRoundTests {
    static let classicExample = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]

    /// The textbook example: guessing `e` is a miss because the no-e family (ally, cool, good) is largest.
    @Test func textbookExample() {
        var round = Round(evilCandidates: Self.classicExample, maxMisses: 5)
        #expect(round.mode == .evil && round.length == 4)
        #expect(round.guess(letter: "e") == .miss)
        #expect(round.candidatesLeft == 3)
        #expect(round.pattern == "____")
        // Next, "o": cool/good share o at 1 and 2 (family of 2) against ally (miss, 1).
        #expect(round.guess(letter: "o") == .hit(count: 2))
        #expect(round.pattern == "_oo_" && round.candidatesLeft == 2)
    }

    @Test func missFamilyWinsTies() {
        var round = Round(evilCandidates: ["ab", "cd"], maxMisses: 3)
        #expect(round.guess(letter: "a") == .miss)
        #expect(round.candidatesLeft == 1)
    }

    @Test func fewerRevealedWinsTies() {
        var round = Round(evilCandidates: ["aa", "ab"], maxMisses: 3)
        #expect(round.guess(letter: "a") == .hit(count: 1))
        #expect(round.pattern == "a_")
    }

    @Test func smallestBitmaskWinsRemainingTies() {
        var round = Round(evilCandidates: ["ba", "ab"], maxMisses: 3)
        #expect(round.guess(letter: "a") == .hit(count: 1))
        #expect(round.pattern == "a_")  // bit 0 (first position) < bit 1
    }

    @Test func largestFamilyBeatsMiss() {
        var round = Round(evilCandidates: ["ab", "ac", "dd"], maxMisses: 3)
        #expect(round.guess(letter: "a") == .hit(count: 1))
        #expect(round.candidatesLeft == 2)
    }

    @Test func wholeWordIsDodgedWhileOthersRemain() {
        var round = Round(evilCandidates: ["cat", "cot", "cut"], maxMisses: 5)
        #expect(round.guess(word: "cat") == .wrong)
        #expect(round.misses == 1 && round.candidatesLeft == 2 && round.wrongWords == ["cat"])
        #expect(round.guess(word: "dog") == .wrong)
        #expect(round.candidatesLeft == 2 && round.misses == 2)
        #expect(round.guess(word: "cot") == .wrong)
        #expect(round.candidatesLeft == 1)
        #expect(round.guess(word: "cut") == .solved)
        #expect(round.status == .won && round.answer == "cut")
    }

    @Test func lostRoundRevealsFirstRemainingCandidate() {
        var round = Round(evilCandidates: ["zoo", "moo", "boo", "cat"], maxMisses: 1)
        #expect(round.guess(letter: "a") == .miss)  // zoo moo boo (3) beat cat
        #expect(round.status == .lost)
        #expect(round.answer == "boo")
    }

    @Test func winsWhenPatternComplete() {
        var round = Round(evilCandidates: ["ab", "cd"], maxMisses: 5)
        _ = round.guess(letter: "a")  // miss, keeps cd
        #expect(round.guess(letter: "c") == .hit(count: 1))
        #expect(round.guess(letter: "d") == .hit(count: 1))
        #expect(round.status == .won && round.answer == "cd")
    }

    @Test func ignoresInvalidAndOtherLengthCandidates() {
        let round = Round(evilCandidates: ["Cat", "dogs", "c4t", "cot"], maxMisses: 5)
        #expect(round.length == 3 && round.candidatesLeft == 2)
    }

    @Test func noCandidatesIsNotACrash() {
        var round = Round(evilCandidates: [], maxMisses: 5)
        #expect(round.status == .won && round.length == 0)
        #expect(round.guess(letter: "a") == .roundOver)
    }
}
