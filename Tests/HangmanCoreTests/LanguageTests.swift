import Foundation
import Testing

@testable import HangmanCore

@Suite struct LanguageTests {
    static let german = Alphabet(language: "de", extraLetters: "äöüß", folds: true)
    static let germanStrict = Alphabet(language: "de", extraLetters: "äöüß", folds: false)
    static let french = Alphabet(language: "fr", extraLetters: "àâçéèêëîïôùûüÿ", folds: true)

    @Test func theFoldingTableIsUnicodesDecomposition() {
        // Every lower-case letter of Latin-1 and Latin Extended-A: the table folds exactly those
        // whose canonical decomposition starts with a base letter a-z.
        for scalar in (0xDF...0x17F).compactMap(Unicode.Scalar.init) where scalar.properties.isLowercase {
            let letter = Character(scalar)
            let first = String(letter).decomposedStringWithCanonicalMapping.unicodeScalars.first
            let expected = first.flatMap { $0 != scalar && ("a"..."z").contains(Character($0)) ? Character($0) : nil }
            #expect(LetterFolding.base(of: letter) == expected, "\(letter)")
        }
        #expect(LetterFolding.base(of: "ß") == nil && LetterFolding.base(of: "e") == nil)
    }

    @Test func anAlphabetIsAToZThenItsOwnLetters() {
        #expect(Self.german.letters.count == 30 && Self.german.letters.last == "ß")
        // Folding: ä ö ü are a o u; ß has no base letter, so it is guessed on its own.
        #expect(String(Self.german.guessable) == "abcdefghijklmnopqrstuvwxyzß")
        #expect(Self.german.guessableText == "a-z ß")
        #expect(String(Self.germanStrict.guessable) == "abcdefghijklmnopqrstuvwxyzäöüß")
        #expect(Self.german.key(for: "Ä") == Self.german.key(for: "a"))
        #expect(Self.germanStrict.key(for: "Ä") != Self.germanStrict.key(for: "a"))
        #expect(Self.german.key(for: "é") == nil, "not a German letter")
        #expect(Alphabet.english.guessableText == "a-z" && Alphabet.english.isASCII)
    }

    @Test func aGermanListKeepsItsLettersInAnyForm() {
        let text = "Äpfel\nstraße\nA\u{0308}pfel\nœuvre\nmaß|a measure\n"
        let (list, report) = WordList.parse(Array(text.utf8), alphabet: Self.german)
        #expect(report == WordListReport(accepted: 3, invalid: 1, duplicates: 1))
        #expect(list.contains("äpfel") && list.contains("straße"))
        #expect(list.hint(for: "maß") == "a measure")
        #expect(list.words(length: 5, distinctLetters: nil) == ["äpfel"])
        #expect(list.alphabet == Self.german)
        #expect(WordList(words: ["äpfel"]).count == 0, "English has no ä")
    }

    @Test func foldingAGuessRevealsTheAccentedLetters() {
        var round = Round(word: "äpfel", maxMisses: 5, alphabet: Self.german)
        #expect(round.pattern == "_____" && round.length == 5)
        #expect(round.guess(letter: "A") == .hit(count: 1))
        #expect(round.pattern == "ä____")
        #expect(round.guess(letter: "ä") == .alreadyGuessed, "ä is a, guessed already")
        #expect(round.guessed == ["a"])
        #expect(!round.available.contains("a") && round.available.contains("ß"))
        #expect(round.guess(word: "apfel") == .solved, "a folded word guess names the word")
        #expect(round.answer == "äpfel")
    }

    @Test func sharpSHasNoBaseLetter() {
        var round = Round(word: "straße", maxMisses: 5, alphabet: Self.german)
        #expect(round.guess(letter: "s") == .hit(count: 1))
        #expect(round.pattern == "s_____")
        #expect(round.guess(letter: "ß") == .hit(count: 1))
        #expect(round.pattern == "s___ß_")
        #expect(round.guess(letter: "x") == .miss)
        #expect(round.guess(letter: "é") == .invalid)
    }

    @Test func withoutFoldingEachLetterIsItsOwn() {
        var round = Round(word: "äpfel", maxMisses: 5, alphabet: Self.germanStrict)
        #expect(round.guess(letter: "a") == .miss)
        #expect(round.guess(letter: "ä") == .hit(count: 1))
        #expect(round.pattern == "ä____")
        #expect(round.guess(word: "apfel") == .invalid || round.guess(word: "apfel") == .wrong)
    }

    @Test func evilFoldedFamiliesAreByPlacesAndLetters() {
        // e reveals e, é, è alike; the families: "été" and "ete" differ by their letters.
        var round = Round(evilCandidates: ["été", "éte", "ete", "abc", "xyz"], maxMisses: 5, alphabet: Self.french)
        #expect(round.guess(letter: "e") == .miss, "abc and xyz: the largest family has no e")
        #expect(round.candidatesLeft == 2)
        var tie = Round(evilCandidates: ["été", "été", "ete"], maxMisses: 5, alphabet: Self.french)
        #expect(tie.guess(letter: "e") == .hit(count: 2))
        #expect(tie.pattern == "é_é" && tie.candidatesLeft == 2)
    }

    @Test func aGameDrawsItsRoundsInTheListsAlphabet() throws {
        var rng = SeededRandom(seed: 3)
        let words = WordList(words: ["straße"], alphabet: Self.german)
        var game = try Game(settings: Settings(), players: [PlayerID("ann")], words: words, rng: &rng)
        let events = try game.guess(player: PlayerID("ann"), letter: "ß")
        guard case .guessed(_, let letter, _, let hit, let count, _)? = events.first else {
            Issue.record("no guess event: \(events)")
            return
        }
        #expect(letter == "ß" && hit && count == 1)
        #expect(throws: GameError.invalidInput("a guess is one letter a-z ß")) {
            try game.guess(player: PlayerID("ann"), letter: "é")
        }
    }
}
