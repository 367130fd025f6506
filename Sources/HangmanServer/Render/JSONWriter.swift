/// Writes one JSON object into a byte buffer, keys in the order written. Hand-rolled because every
/// broadcast is encoded on a hot path and the key order should be stable for people reading logs.
/// Nothing is allocated per field: literals and numbers are written into `bytes` directly, and a
/// string without characters to escape is copied whole (a `state` line has about 40 fields).
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Bit `depth` set: the current object or array already has an element (a comma goes before the
    /// next). A bit mask, not a stack array, so a separator costs no uniqueness check; the renderers
    /// nest at most four deep, far below the 63 levels this holds.
    private var needsComma: UInt64 = 0
    private var depth = 0

    init(type: String) {
        bytes.reserveCapacity(512)
        beginObject()
        field("type", type)
    }

    /// The finished line: the object plus LF.
    mutating func finish() -> [UInt8] {
        endObject()
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        open()
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        depth -= 1
    }

    mutating func beginArray(_ key: String? = nil) {
        if let key { self.key(key) } else { separator() }
        bytes.append(UInt8(ascii: "["))
        open()
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        depth -= 1
    }

    /// Starts an object as an array element or as a keyed value.
    mutating func beginNestedObject(_ key: String? = nil) {
        if let key { self.key(key) } else { separator() }
        beginObject()
    }

    mutating func field(_ key: String, _ value: String?) {
        self.key(key)
        if let value { string(value) } else { literal(Self.null) }
    }

    mutating func field(_ key: String, _ value: Int?) {
        self.key(key)
        if let value { integer(Int64(value)) } else { literal(Self.null) }
    }

    mutating func field(_ key: String, _ value: Int64?) {
        self.key(key)
        if let value { integer(value) } else { literal(Self.null) }
    }

    mutating func field(_ key: String, _ value: Bool) {
        self.key(key)
        literal(value ? Self.trueBytes : Self.falseBytes)
    }

    private static let null: StaticString = "null"
    private static let trueBytes: StaticString = "true"
    private static let falseBytes: StaticString = "false"
    private static let hex: StaticString = "0123456789abcdef"

    private mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Decimal digits, written in place (no `String` per number).
    private mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 { return bytes.append(UInt8(ascii: "0") + UInt8(magnitude)) }
        // Digits from the right into a stack buffer, then appended in one piece. (Reversing
        // `bytes[start...]` in place copied the whole line: a slice of a uniquely referenced array
        // is not unique while it is being mutated, so each number cost a malloc and a memcpy.)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = 20
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    mutating func element(_ value: String) {
        separator()
        string(value)
    }

    /// A letter as a one-character string (`available`, `guessed`: ~26 per board), without making a
    /// `String` of it. Letters are never quotes, backslashes or controls; anything else goes the long way.
    mutating func element(_ letter: Character) {
        guard letter.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        else { return element(String(letter)) }
        separator()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: letter.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func open() {
        depth += 1
        needsComma &= ~(1 << UInt64(depth & 63))
    }

    private mutating func separator() {
        guard depth > 0 else { return }
        let bit: UInt64 = 1 << UInt64(depth & 63)
        if needsComma & bit != 0 { bytes.append(UInt8(ascii: ",")) }
        needsComma |= bit
    }

    private mutating func key(_ key: String) {
        separator()
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func string(_ value: String) {
        // Most strings (names, letters, patterns, keys) need no escape: checked and copied as one
        // contiguous buffer (no per-byte append).
        var value = value
        let copied = value.withUTF8 { utf8 -> Bool in
            for byte in utf8 where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if copied { return }
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): escape(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): escape(UInt8(ascii: "\\"))
            case UInt8(ascii: "\n"): escape(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): escape(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): escape(UInt8(ascii: "t"))
            case 0..<0x20, 0x7F:
                escape(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                Self.hex.withUTF8Buffer { hex in
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0xF)])
                }
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
    }
}
