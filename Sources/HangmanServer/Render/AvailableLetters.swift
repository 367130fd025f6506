/// The letters a board offers (`state.available`): a list, or for a board read in place from a
/// round of the a–z alphabet, that round's guessed-letter bits (bit i: letter `a` + i guessed),
/// which cost nothing to copy and which JSON writes byte by byte without making a `Character` of
/// each letter (~60 instructions a letter, 26 a board). Equal when they list the same letters,
/// whichever way each is stored.
struct AvailableLetters: Sendable, Equatable {
    private enum Storage: Sendable {
        case listed([Character])
        case unguessedASCII(guessed: UInt64)
    }

    private let storage: Storage

    init(_ letters: [Character]) { storage = .listed(letters) }

    /// The a–z letters whose bit in `guessed` is clear (bit i: letter `a` + i).
    init(asciiGuessed guessed: UInt64) { storage = .unguessedASCII(guessed: guessed) }

    static let asciiLetterCount = 26

    var characters: [Character] {
        switch storage {
        case .listed(let letters): return letters
        case .unguessedASCII(let guessed):
            var letters: [Character] = []
            letters.reserveCapacity(Self.asciiLetterCount)
            forEachASCII(guessed) { letters.append(Character(Unicode.Scalar($0))) }
            return letters
        }
    }

    /// Each letter as its ASCII byte when stored as bits (`ascii`), else as a `Character` (`listed`).
    func forEach(ascii: (UInt8) -> Void, listed: (Character) -> Void) {
        switch storage {
        case .listed(let letters): for letter in letters { listed(letter) }
        case .unguessedASCII(let guessed): forEachASCII(guessed, ascii)
        }
    }

    private func forEachASCII(_ guessed: UInt64, _ body: (UInt8) -> Void) {
        for index in 0..<Self.asciiLetterCount where guessed & (1 << UInt64(index)) == 0 {
            body(UInt8(ascii: "a") + UInt8(index))
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        if case .unguessedASCII(let left) = lhs.storage, case .unguessedASCII(let right) = rhs.storage {
            return left & Self.asciiMask == right & Self.asciiMask
        }
        return lhs.characters == rhs.characters
    }

    private static let asciiMask: UInt64 = (1 << UInt64(asciiLetterCount)) - 1
}
