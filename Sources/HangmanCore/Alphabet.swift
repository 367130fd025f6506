/// The letters of a word list's language, and which letter a guess stands for.
///
/// Every alphabet is a–z followed by the language's own letters (German `äöüß`), at most 64 in
/// all. Inside a `Round` a letter is one byte, its code: letter i of the alphabet is byte 97 + i,
/// so a–z are their own ASCII bytes (English rounds run exactly as before) and the language's
/// letters follow (codes 123…160, never a character of their own).
///
/// Folding (`folds`, the `fold-accents` setting): an accented letter stands for its base letter
/// (`LetterFolding.base`), so guessing `e` reveals `e`, `é`, `è` and `ê` alike and `é` is guessed
/// as `e`; letters with no base letter (`ß`) stay letters of their own. Without folding every
/// letter of the alphabet is guessed on its own.
public struct Alphabet: Sendable, Equatable {
    /// The language code (`en`, `de`, …).
    public var language: String { storage.language }
    /// The letters, a–z first; letter i has code 97 + i.
    public var letters: [Character] { storage.letters }
    /// Whether accented letters fold to their base letter.
    public var folds: Bool { storage.folds }
    /// The letters a player may guess, in alphabet order: every letter, or with folding the ones
    /// that are no other letter's accented form. Made once (every board lists what is left of them).
    public var guessable: [Character] { storage.guessable }
    /// The codes of `guessable`, in the same order.
    var guessableCodes: [UInt8] { storage.guessableCodes }

    /// Everything an alphabet holds, made once and shared by its copies: a `Round` and a `WordList`
    /// each hold an alphabet and a room copies its `Game` several times per guess, so one reference
    /// to retain beats eight.
    private final class Storage: Sendable {
        let language: String
        let letters: [Character]
        let folds: Bool
        /// Letter → code.
        let codes: [Character: UInt8]
        /// For each code (index code - 97): the code of the letter a guess of it stands for.
        let keys: [UInt8]
        /// For each key code (index code - 97): the codes a guess of it reveals, as bits (bit i: code 97 + i).
        let reveals: [UInt64]
        let guessable: [Character]
        let guessableCodes: [UInt8]
        let isASCII: Bool

        init(language: String, letters: [Character], folds: Bool, codes: [Character: UInt8], keys: [UInt8], reveals: [UInt64]) {
            self.language = language
            self.letters = letters
            self.folds = folds
            self.codes = codes
            self.keys = keys
            self.reveals = reveals
            let guessableIndices = letters.indices.filter { keys[$0] == Alphabet.firstCode + UInt8($0) }
            self.guessable = guessableIndices.map { letters[$0] }
            self.guessableCodes = guessableIndices.map { Alphabet.firstCode + UInt8($0) }
            self.isASCII = letters.count == 26
        }
    }

    private let storage: Storage
    private var codes: [Character: UInt8] { storage.codes }
    private var keys: [UInt8] { storage.keys }

    /// The most letters an alphabet may have (one bit each in a `UInt64`).
    public static let maxLetters = 64
    static let firstCode = UInt8(ascii: "a")

    /// English: a–z.
    public static let english = Alphabet(language: "en", extraLetters: "", folds: true)

    /// a–z plus `extraLetters` (lower-cased; duplicates, a–z and non-letters ignored; past 64
    /// letters the rest are dropped).
    public init(language: String, extraLetters: String, folds: Bool) {
        var letters = Array("abcdefghijklmnopqrstuvwxyz")
        for letter in extraLetters.lowercased() where letter.isLetter && !letters.contains(letter) {
            guard letters.count < Self.maxLetters else { break }
            letters.append(letter)
        }
        var codes: [Character: UInt8] = [:]
        for (index, letter) in letters.enumerated() { codes[letter] = Self.firstCode + UInt8(index) }
        var keys: [UInt8] = []
        var reveals = [UInt64](repeating: 0, count: letters.count)
        for (index, letter) in letters.enumerated() {
            let code = Self.firstCode + UInt8(index)
            let key = folds ? LetterFolding.base(of: letter).flatMap { codes[$0] } ?? code : code
            keys.append(key)
            reveals[Int(key - Self.firstCode)] |= 1 << UInt64(index)
        }
        storage = Storage(language: language, letters: letters, folds: folds, codes: codes, keys: keys, reveals: reveals)
    }

    /// Only a–z: rounds take the ASCII fast paths.
    public var isASCII: Bool { storage.isASCII }

    /// How a message names the guessable letters: `a-z`, or `a-z äöüß`.
    public var guessableText: String {
        let extra = guessable.dropFirst(26)
        return extra.isEmpty ? "a-z" : "a-z " + String(extra)
    }

    /// The code of `letter` (any case), nil if it is not in the alphabet.
    public func code(of letter: Character) -> UInt8? {
        if let code = codes[letter] { return code }
        let lower = letter.lowercased()
        guard lower.count == 1, let first = lower.first else { return nil }
        return codes[first]
    }

    /// The code a guess of `letter` stands for (its base letter's, when folding), nil if not a letter here.
    public func key(for letter: Character) -> UInt8? {
        code(of: letter).map { keys[Int($0 - Self.firstCode)] }
    }

    /// The codes a guess of `key` reveals, as bits (bit i: code 97 + i).
    func reveals(_ key: UInt8) -> UInt64 {
        storage.reveals[Int(key - Self.firstCode)]
    }

    /// The key of `code` (itself unless it folds).
    func key(ofCode code: UInt8) -> UInt8 {
        keys[Int(code - Self.firstCode)]
    }

    /// The letters of `order`'s codes, in its order.
    public func letters(_ order: GuessOrder) -> [Character] {
        var letters: [Character] = []
        letters.reserveCapacity(order.count)
        order.forEach { letters.append(isASCII ? Character(Unicode.Scalar($0)) : letter($0)) }
        return letters
    }

    /// The letter of `code`.
    public func letter(_ code: UInt8) -> Character {
        let index = Int(code) - Int(Self.firstCode)
        return letters.indices.contains(index) ? letters[index] : "_"
    }

    /// `word` as codes (any case), nil if empty, longer than `WordList.maxWordLength` or holding
    /// anything that is not a letter of this alphabet.
    public func encode(_ word: String) -> [UInt8]? {
        var result: [UInt8] = []
        for character in word {
            guard let code = code(of: character) else { return nil }
            result.append(code)
        }
        return result.isEmpty || result.count > WordList.maxWordLength ? nil : result
    }

    /// Codes back to text; any other byte (`_`) is kept as is.
    public func decode(_ codes: some Sequence<UInt8>) -> String {
        var text = ""
        for code in codes {
            text.append(code >= Self.firstCode ? letter(code) : Character(Unicode.Scalar(code)))
        }
        return text
    }

    public static func == (a: Alphabet, b: Alphabet) -> Bool {
        a.storage === b.storage || a.language == b.language && a.letters == b.letters && a.folds == b.folds
    }
}
