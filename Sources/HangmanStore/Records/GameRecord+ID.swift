import Foundation

extension GameRecord {
    /// A new game id: a UUID of version 7 (RFC 9562): the 48-bit Unix time in milliseconds, then 74
    /// random bits from `SystemRandomNumberGenerator` (the kernel's generator, no file opened, where
    /// Foundation's `UUID()` read a device file per id). Ids made one after another sort by time, so
    /// the store's `games_by_uid` index grows at its end instead of taking inserts all over its tree.
    /// Still a UUID (the wire and the outbox see no difference); unique by its random bits, as before.
    public static func newID(now: Date = Date()) -> UUID {
        var random = SystemRandomNumberGenerator()
        return newID(milliseconds: UInt64(max(0, now.timeIntervalSince1970 * 1000)), using: &random)
    }

    /// `newID(now:)` from a time in Unix milliseconds and a random source (tests).
    static func newID<R: RandomNumberGenerator>(milliseconds: UInt64, using random: inout R) -> UUID {
        let high = random.next() as UInt64
        let low = random.next() as UInt64
        let time = milliseconds & 0xFFFF_FFFF_FFFF
        var bytes: [UInt8] = (0..<6).map { UInt8(truncatingIfNeeded: time >> (40 - 8 * $0)) }
        bytes.append(0x70 | UInt8(truncatingIfNeeded: high >> 60))  // version 7, 4 random bits
        bytes.append(UInt8(truncatingIfNeeded: high >> 52))
        bytes.append(0x80 | UInt8(truncatingIfNeeded: low >> 58))  // variant 10, 6 random bits
        bytes += (0..<7).map { UInt8(truncatingIfNeeded: low >> (48 - 8 * $0)) }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
