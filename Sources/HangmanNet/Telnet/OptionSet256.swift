/// A set of the 256 option codes, as four 64-bit words.
struct OptionSet256: Sendable, Equatable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    func contains(_ option: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(option & 63)
        switch option >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    mutating func insert(_ option: UInt8) {
        let bit = UInt64(1) << UInt64(option & 63)
        switch option >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    mutating func remove(_ option: UInt8) {
        let bit = ~(UInt64(1) << UInt64(option & 63))
        switch option >> 6 {
        case 0: words.0 &= bit
        case 1: words.1 &= bit
        case 2: words.2 &= bit
        default: words.3 &= bit
        }
    }

    static func == (a: OptionSet256, b: OptionSet256) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }
}
