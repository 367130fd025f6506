/// The letters a board shows as guessed (`state.guessed`), in guessing order: a list, or for a board
/// read in place from a round of the a–z alphabet, that round's guessed bytes (`Round.asciiGuessed`,
/// shared, not copied), which JSON writes byte by byte without making a `Character` of each letter
/// (~140 instructions a letter, up to 26 a board). Equal when they list the same letters, whichever
/// way each is stored.
struct GuessedLetters: Sendable, Equatable {
    private enum Storage: Sendable {
        case listed([Character])
        case ascii([UInt8])
    }

    private let storage: Storage

    init(_ letters: [Character]) { storage = .listed(letters) }

    /// ASCII letters, as bytes, in guessing order.
    init(ascii bytes: [UInt8]) { storage = .ascii(bytes) }

    var characters: [Character] {
        switch storage {
        case .listed(let letters): letters
        case .ascii(let bytes): bytes.map { Character(Unicode.Scalar($0)) }
        }
    }

    var isEmpty: Bool {
        switch storage {
        case .listed(let letters): letters.isEmpty
        case .ascii(let bytes): bytes.isEmpty
        }
    }

    /// Each letter as its ASCII byte when stored as bytes (`ascii`), else as a `Character` (`listed`).
    func forEach(ascii: (UInt8) -> Void, listed: (Character) -> Void) {
        switch storage {
        case .listed(let letters): for letter in letters { listed(letter) }
        case .ascii(let bytes): for byte in bytes { ascii(byte) }
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        if case .ascii(let left) = lhs.storage, case .ascii(let right) = rhs.storage { return left == right }
        return lhs.characters == rhs.characters
    }
}
