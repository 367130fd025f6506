import Foundation
import Testing

@testable import HangmanCore

/// The house bots' choices, and a head-to-head simulation: strong against easy on shared evil rounds.
@Suite struct BotBrainTests {
    static let small = WordList(words: ["apple", "angle", "ample", "amble", "maple", "zebra"])

    @Test func strongPicksTheLetterInMostCandidates() {
        var brain = BotBrain(level: .strong)
        var rng = SeededRandom(seed: 1)
        // a, e, l are in 5 of 6; a is the most common in everyday order among those tied? e comes first.
        #expect(brain.move(pattern: "_____", guessed: [], words: Self.small, rng: &rng) == .letter("e"))
        #expect(brain.candidatesLeft == 6)
        // After e missed nothing but 'z' words... reveal: a____ leaves apple, angle, ample, amble.
        let next = brain.move(pattern: "a___e", guessed: ["e", "a"], words: Self.small, rng: &rng)
        #expect(brain.candidatesLeft == 4)
        // l is in all four, m and p in two or three: l first.
        #expect(next == .letter("l"))
    }

    @Test func strongSolvesWhenOneCandidateIsLeft() {
        var brain = BotBrain(level: .strong)
        var rng = SeededRandom(seed: 2)
        let move = brain.move(pattern: "ma_le", guessed: ["m", "a", "l", "e"], words: Self.small, rng: &rng)
        #expect(move == .word("maple"))
    }

    @Test func candidatesRuleOutMissedLettersAndHiddenRepeats() {
        var brain = BotBrain(level: .strong)
        var rng = SeededRandom(seed: 3)
        // p guessed and not shown: no candidate may contain p; e is shown only at the end.
        _ = brain.move(pattern: "____e", guessed: ["p", "e"], words: Self.small, rng: &rng)
        #expect(brain.candidatesLeft == 2)  // angle, amble
    }

    @Test func aNewRoundStartsAFreshCandidateSet() {
        var brain = BotBrain(level: .fair)
        var rng = SeededRandom(seed: 4)
        _ = brain.move(pattern: "ma_le", guessed: ["m", "a", "l", "e"], words: Self.small, rng: &rng)
        #expect(brain.candidatesLeft == 1)
        _ = brain.move(pattern: "_____", guessed: [], words: Self.small, rng: &rng)
        #expect(brain.candidatesLeft == 6)
    }

    @Test(arguments: BotLevel.allCases) func neverRepeatsALetterAndStopsWhenNoneIsLeft(level: BotLevel) {
        var brain = BotBrain(level: level)
        var rng = SeededRandom(seed: 5)
        var guessed: [Character] = []
        for _ in 0..<26 {
            guard case .letter(let letter)? = brain.move(pattern: "___", guessed: guessed, words: WordList(), rng: &rng)
            else { Issue.record("expected a letter"); return }
            #expect(!guessed.contains(letter))
            guessed.append(letter)
        }
        #expect(brain.move(pattern: "___", guessed: guessed, words: WordList(), rng: &rng) == nil)
    }

    @Test func levelsAreNamedAsTyped() {
        #expect(BotLevel(name: "Strong") == .strong)
        #expect(BotLevel(name: "genius") == nil)
    }

    /// Strong and easy share evil rounds of the shipped list, taking turns as a room does (a hit keeps
    /// the turn, a miss passes it), starting alternately; points as in `Scoring` (10 a letter revealed,
    /// the solve bonus to whoever completes the word). The bot with more points wins the round.
    @Test func strongBeatsEasyInEvilMode() throws {
        let data = try #require(FileManager.default.contents(atPath: ShippedWordListTests.path))
        let (list, _) = WordList.parse([UInt8](data))
        let length = 8
        let words = WordList(words: list.words(length: length, distinctLetters: nil))
        let evil = words.words(length: length, distinctLetters: nil)
        var settings = Settings()
        settings.mode = .evil
        var rng = SeededRandom(seed: 42)
        var roundWins: [BotLevel: Int] = [:]
        var solves: [BotLevel: Int] = [:]
        let rounds = 30
        for number in 0..<rounds {
            var round = Round(evilCandidates: evil, maxMisses: 7)
            var players = [BotBrain(level: .strong), BotBrain(level: .easy)]
            var points = [0, 0]
            var turn = number % 2
            while round.status == .playing {
                guard let move = players[turn].move(pattern: round.pattern, guessed: round.guessed, words: words, rng: &rng)
                else { break }
                var hit = false
                switch move {
                case .letter(let letter):
                    if case .hit(let count) = round.guess(letter: letter) {
                        hit = true
                        points[turn] += Scoring.pointsForHit(count: count, settings: settings)
                    }
                case .word(let word): hit = round.guess(word: word) == .solved
                }
                if round.status == .won {
                    solves[players[turn].level, default: 0] += 1
                    points[turn] += Scoring.solveBonus(missesLeft: round.missesLeft, settings: settings)
                }
                if !hit { turn = 1 - turn }
            }
            if points[0] != points[1] { roundWins[points[0] > points[1] ? .strong : .easy, default: 0] += 1 }
        }
        let strong = roundWins[.strong, default: 0]
        let easy = roundWins[.easy, default: 0]
        print(
            "BOTS evil \(length)-letter rounds, 7 misses, strong vs easy on one shared word: strong scored more in \(strong), "
                + "easy in \(easy), tied \(rounds - strong - easy) of \(rounds); solved by strong \(solves[.strong, default: 0]), "
                + "by easy \(solves[.easy, default: 0])")
        #expect(strong * 2 > rounds)
        #expect(strong > easy * 2)
    }
}

/// The brain plans in its list's alphabet: a language's own letters are candidates' letters, and
/// with folding a guess of `a` has revealed (or ruled out) `ä` as well.
@Suite struct BotBrainAlphabetTests {
    static let german = Alphabet(language: "de", extraLetters: "äöüß", folds: true)
    static let list = WordList(words: ["bär", "bar", "bor", "maß", "mus"], alphabet: german)

    @Test func aFoldedGuessRevealsTheAccentedLetterAndRulesItOut() {
        var brain = BotBrain(level: .strong)
        var rng = SeededRandom(seed: 1)
        // `a` revealed `ä`: only bär fits, and the bot names it in the list's own letters.
        #expect(brain.move(pattern: "_ä_", guessed: ["a"], words: Self.list, rng: &rng) == .word("bär"))
        // `a` missed: bär, bar and maß are out (ä folds to a), bor and mus are left.
        var other = BotBrain(level: .strong)
        _ = other.move(pattern: "___", guessed: ["a"], words: Self.list, rng: &rng)
        #expect(other.candidatesLeft == 2)
    }

    @Test func aLettersOfItsOwnIsGuessedLikeAnyOther() {
        var brain = BotBrain(level: .strong)
        var rng = SeededRandom(seed: 2)
        // After m and a: maß is the one left; a fair bot would ask for ß, a strong one solves.
        #expect(brain.move(pattern: "ma_", guessed: ["m", "a"], words: Self.list, rng: &rng) == .word("maß"))
        var fair = BotBrain(level: .fair)
        let letters = (0..<20).compactMap { _ -> Character? in
            guard case .letter(let letter)? = fair.move(pattern: "ma_", guessed: ["m", "a"], words: Self.list, rng: &rng)
            else { return nil }
            return letter
        }
        #expect(letters.contains("ß"))
    }
}
