import HangmanCore

/// The letters a board shows as guessed (`state.guessed`), in guessing order: a list, or for a board
/// read in place from a round of the a–z alphabet, that round's guessed codes (`Round.asciiGuessed`,
/// inline: no retain), which JSON writes byte by byte without making a `Character` of each letter
/// (~140 instructions a letter, up to 26 a board). Equal when they list the same letters, whichever
/// way each is stored.
struct GuessedLetters: Sendable, Equatable {
    private enum Storage: Sendable {
        case listed([Character])
        case ascii(GuessOrder)
    }

    private let storage: Storage

    init(_ letters: [Character]) { storage = .listed(letters) }

    /// ASCII letters, as their bytes, in guessing order.
    init(ascii order: GuessOrder) { storage = .ascii(order) }

    var characters: [Character] {
        switch storage {
        case .listed(let letters): letters
        case .ascii(let order): Alphabet.english.letters(order)
        }
    }

    var isEmpty: Bool {
        switch storage {
        case .listed(let letters): letters.isEmpty
        case .ascii(let order): order.isEmpty
        }
    }

    /// Each letter as its ASCII byte when stored as bytes (`ascii`), else as a `Character` (`listed`).
    func forEach(ascii: (UInt8) -> Void, listed: (Character) -> Void) {
        switch storage {
        case .listed(let letters): for letter in letters { listed(letter) }
        case .ascii(let order): order.forEach(ascii)
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        if case .ascii(let left) = lhs.storage, case .ascii(let right) = rhs.storage { return left == right }
        return lhs.characters == rhs.characters
    }
}
