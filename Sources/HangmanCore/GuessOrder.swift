/// The codes of a round's guessed letters in the order guessed (`a` + i: in a round of a–z, the
/// letter's own ASCII byte), held inline: no heap, so a board or a guess copies them without a
/// retain, and a copy taken before a guess is never copied again when the guess appends to the
/// round's (as an array shared with the round would be). At most `capacity`: one per bit of the
/// round's guessed-letter set.
public struct GuessOrder: Sendable, Equatable {
    /// As many codes as `Round`'s guessed-letter bits can tell apart.
    public static let capacity = 64

    private var codes = InlineArray<64, UInt8>(repeating: 0)
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    /// The `index`th code guessed (`0..<count`).
    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "GuessOrder index out of range")
        return codes[index]
    }

    /// Each code, in the order guessed.
    @inline(__always)
    public func forEach(_ body: (UInt8) -> Void) {
        for index in 0..<count { body(codes[index]) }
    }

    /// Adds `code` (false, and nothing changed, once `capacity` codes are held).
    @discardableResult
    mutating func append(_ code: UInt8) -> Bool {
        guard count < Self.capacity else { return false }
        codes[count] = code
        count += 1
        return true
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count where lhs.codes[index] != rhs.codes[index] { return false }
        return true
    }
}
