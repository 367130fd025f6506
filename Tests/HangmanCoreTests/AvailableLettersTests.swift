import Testing

@testable import HangmanCore

/// `Alphabet.guessable` is made once and `Round.available` is built from the round's guessed bits:
/// both give what the per-call derivation gave, for English and for languages with and without folding.
@Suite struct AvailableLettersTests {
    static let alphabets = [
        Alphabet.english,
        Alphabet(language: "de", extraLetters: "äöüß", folds: true),
        Alphabet(language: "de", extraLetters: "äöüß", folds: false),
        Alphabet(language: "fr", extraLetters: "àâçéèêëîïôùûüÿ", folds: true),
    ]

    /// The guessable letters derived letter by letter: those whose key is themselves.
    static func derivedGuessable(_ alphabet: Alphabet) -> [Character] {
        alphabet.letters.filter { letter in
            alphabet.code(of: letter).map { alphabet.key(ofCode: $0) == $0 } ?? false
        }
    }

    @Test func guessableIsTheLettersThatAreTheirOwnKey() {
        for alphabet in Self.alphabets {
            #expect(alphabet.guessable == Self.derivedGuessable(alphabet), "\(alphabet.language) \(alphabet.folds)")
        }
        #expect(Alphabet.english.guessable == Array("abcdefghijklmnopqrstuvwxyz"))
    }

    /// After each guess, `available` is the guessable letters not guessed yet (by key), in order.
    @Test func availableIsTheGuessableLettersNotYetGuessed() {
        for alphabet in Self.alphabets {
            let word = alphabet.isASCII ? "zebra" : "bürste"
            var round = Round(word: word, maxMisses: 26, alphabet: alphabet)
            var guessedKeys: Set<UInt8> = []
            for letter in Array("eéqöarxßbuüzst") where round.status == .playing {
                if case .invalid = round.guess(letter: letter) { continue }
                if let key = alphabet.key(for: letter) { guessedKeys.insert(key) }
                let expected = alphabet.guessable.filter { !guessedKeys.contains(alphabet.code(of: $0) ?? 0) }
                #expect(round.available == expected, "\(alphabet.language) \(alphabet.folds) after \(letter)")
            }
        }
    }

    /// Copies share one storage and still compare equal to an alphabet built alike.
    @Test func alphabetsBuiltAlikeAreEqual() {
        let german = Alphabet(language: "de", extraLetters: "äöüß", folds: true)
        #expect(german == Alphabet(language: "de", extraLetters: "äöüß", folds: true))
        #expect(german != Alphabet(language: "de", extraLetters: "äöüß", folds: false))
        #expect(Alphabet.english == Alphabet(language: "en", extraLetters: "", folds: true))
    }
}
