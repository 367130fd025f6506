/// Writes one JSON object into a byte buffer, keys in the order written. Hand-rolled because every
/// broadcast is encoded on a hot path and the key order should be stable for people reading logs.
///
/// The writer owns one raw buffer (allocated once, doubled when a field would not fit, freed when
/// the writer goes away: hence `~Copyable`): each field checks the room it needs once and then
/// stores its bytes unchecked, so no byte goes through `Array.append` and its uniqueness and
/// capacity checks. A string without characters to escape is copied whole; numbers are written
/// digit by digit in place. `finish()` copies the line into an exactly sized array. (A `state`
/// line, ~600 bytes in about 40 fields, cost ~10 ns a byte through `Array.append`: half its time.)
struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// The current object or array already has an element: a comma goes before the next. One flag,
    /// not one per level: a nested object or array is itself an element of its parent, so when it
    /// closes its parent always wants a comma next.
    private var needsComma = false

    /// Room for most lines (a `state` of four players is ~620 bytes) without growing.
    private static let initialCapacity = 1024

    /// A writer for one line: the object of type `type` begun.
    init(type: String) {
        self.init()
        begin(type: type)
    }

    /// An empty writer, for one or more lines (`begin(type:)` … `endLine()` each): a batch's events
    /// written one after the other into the same buffer.
    init() {
        capacity = Self.initialCapacity
        base = .allocate(capacity: Self.initialCapacity)
    }

    deinit { base.deallocate() }

    /// Begins a line: the object and its `type`.
    mutating func begin(type: String) {
        beginObject()
        key("type")
        string(type)
    }

    /// Ends the line begun last: the object closed, then LF.
    mutating func endLine() {
        endObject()
        reserve(1)
        put(UInt8(ascii: "\n"))
    }

    /// Finished lines made elsewhere (a mode's or moderation's own), appended as they are.
    mutating func append(_ bytes: [UInt8]) {
        reserve(bytes.count)
        bytes.withUnsafeBufferPointer { put($0) }
        needsComma = false
    }

    /// The finished line: the object plus LF.
    mutating func finish() -> [UInt8] {
        endLine()
        return take()
    }

    /// Bytes written and bytes the buffer holds (for tests: written never exceeds held).
    var bytesWritten: Int { count }
    var bytesHeld: Int { capacity }

    /// Everything written so far, copied once into an exactly sized array. From a typed buffer
    /// pointer: the generic `Array(unsafeUninitializedCapacity:)` looked the array's storage type
    /// up at run time (~420 instructions a line, more than the copy).
    mutating func take() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    mutating func beginObject() {
        reserve(1)
        put(UInt8(ascii: "{"))
        open()
    }

    mutating func endObject() {
        reserve(1)
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray(_ key: JSONKey? = nil) {
        if let key { self.key(key) } else { separator() }
        reserve(1)
        put(UInt8(ascii: "["))
        open()
    }

    mutating func endArray() {
        reserve(1)
        put(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Starts an object as an array element or as a keyed value.
    mutating func beginNestedObject(_ key: JSONKey? = nil) {
        if let key { self.key(key) } else { separator() }
        beginObject()
    }

    mutating func field(_ key: JSONKey, _ value: String?) {
        self.key(key)
        if let value { string(value) } else { literal(Self.null) }
    }

    mutating func field(_ key: JSONKey, _ value: Int?) {
        self.key(key)
        if let value { integer(Int64(value)) } else { literal(Self.null) }
    }

    mutating func field(_ key: JSONKey, _ value: Int64?) {
        self.key(key)
        if let value { integer(value) } else { literal(Self.null) }
    }

    /// A float as Swift's shortest text that reads back to the same value; null when not finite.
    mutating func field(_ key: JSONKey, _ value: Double) {
        self.key(key)
        guard value.isFinite else { return literal(Self.null) }
        var text = String(value)
        text.withUTF8 { digits in
            reserve(digits.count)
            put(digits)
        }
    }

    mutating func field(_ key: JSONKey, _ value: Bool) {
        self.key(key)
        literal(value ? Self.trueBytes : Self.falseBytes)
    }

    mutating func element(_ value: String) {
        separator()
        string(value)
    }

    /// A letter as a one-character string (`available`, `guessed`: ~26 per board), without making a
    /// `String` of it. An ASCII letter is three stores; any other character goes the long way
    /// (escaped if it must be).
    mutating func element(_ letter: Character) {
        let utf8 = letter.utf8
        guard utf8.count == 1, let byte = utf8.first, !Self.needsEscape(byte) else {
            return element(String(letter))
        }
        separator()
        reserve(3)
        put(UInt8(ascii: "\""))
        put(byte)
        put(UInt8(ascii: "\""))
    }

    /// A letter given as its byte (`AvailableLetters`' a–z): three stores, no `Character` made.
    mutating func element(asciiLetter byte: UInt8) {
        guard byte < 0x80, !Self.needsEscape(byte) else { return element(String(Unicode.Scalar(byte))) }
        separator()
        reserve(3)
        put(UInt8(ascii: "\""))
        put(byte)
        put(UInt8(ascii: "\""))
    }

    private static let null: StaticString = "null"
    private static let trueBytes: StaticString = "true"
    private static let falseBytes: StaticString = "false"
    private static let hex: StaticString = "0123456789abcdef"

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether any byte of `bytes` must be escaped, eight bytes at a time (SWAR: a byte below 0x20,
    /// or equal to `"`, `\\` or DEL, leaves its top bit set in the mask; exact for the yes/no answer).
    @inline(__always)  // its one caller is `string`, ~20 a `state` line: no call per string
    private static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(start)
        var index = 0
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if hasSpecialByte(word) { return true }
            index += 8
        }
        let rest = bytes.count - index
        if rest >= 4 {
            // The last four to seven bytes as two overlapping four-byte loads, checked as one word.
            let head = UInt64(raw.loadUnaligned(fromByteOffset: index, as: UInt32.self))
            let tail = UInt64(raw.loadUnaligned(fromByteOffset: bytes.count - 4, as: UInt32.self))
            return hasSpecialByte(head | tail &<< 32)
        }
        while index < bytes.count {
            if needsEscape(start[index]) { return true }
            index += 1
        }
        return false
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Some byte of `word` is below 0x20, or is `"`, `\\` or 0x7F.
    @inline(__always)
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        let control = (word &- ones &* 0x20) & ~word
        let quote = hasZeroByte(word ^ (ones &* 0x22))
        let backslash = hasZeroByte(word ^ (ones &* 0x5C))
        let delete = hasZeroByte(word ^ (ones &* 0x7F))
        return (control | quote | backslash | delete) & highBits != 0
    }

    /// The top bit of some byte set iff some byte of `word` is zero (not per byte: only as a whole).
    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word
    }

    /// Makes room for `extra` more bytes; the stores that follow are unchecked.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = newCapacity
    }

    /// One byte; `reserve` made room for it.
    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        assert(count < capacity, "JSONWriter: a byte put without reserve")
        (base + count).initialize(to: byte)
        count += 1
    }

    /// `bytes` as they are; `reserve` made room for them.
    @inline(__always)
    private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        put(source, bytes.count)
    }

    /// `length` bytes from `source`. A short run (most keys and values) is moved as two overlapping
    /// words rather than through a call to `memcpy`.
    @inline(__always)
    private mutating func put(_ source: UnsafePointer<UInt8>, _ length: Int) {
        assert(count + length <= capacity, "JSONWriter: bytes put without reserve")
        let target = UnsafeMutableRawPointer(base + count)
        let from = UnsafeRawPointer(source)
        if length >= 8, length <= 16 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4, length < 8 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        } else if length < 4 {
            var index = 0
            while index < length {
                target.storeBytes(of: source[index], toByteOffset: index, as: UInt8.self)
                index += 1
            }
        } else {
            target.copyMemory(from: from, byteCount: length)
        }
        count += length
    }

    /// One of the writer's own literals (`null`, `true`, `false`: never a single-scalar literal).
    private mutating func literal(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        put(text.utf8Start, length)
    }

    /// Decimal digits, written in place (no `String` per number).
    private mutating func integer(_ value: Int64) {
        reserve(20)  // "-9223372036854775808"
        if value >= 0, value < 10 {  // most counts and scores: one digit, no division
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        if value < 0 { put(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        var position = base + count + digits
        repeat {
            position -= 1
            position.initialize(to: UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        count += digits
    }

    @inline(__always)
    private mutating func open() {
        needsComma = false
    }

    @inline(__always)
    private mutating func separator() {
        if needsComma {
            reserve(1)
            put(UInt8(ascii: ","))
        }
        needsComma = true
    }

    @inline(__always)  // ~60 keys a guess; its callers are the few `field`/`begin…` methods
    private mutating func key(_ key: JSONKey) {
        separator()
        switch key.text {
        case .literal(let literal):
            guard literal.hasPointerRepresentation else { return string(literal.description) }
            let length = literal.utf8CodeUnitCount
            reserve(length + 3)
            put(UInt8(ascii: "\""))
            put(literal.utf8Start, length)
            put(UInt8(ascii: "\""))
            put(UInt8(ascii: ":"))
        case .dynamic(let text):
            string(text)
            reserve(1)
            put(UInt8(ascii: ":"))
        }
    }

    private mutating func string(_ value: String) {
        // Most strings (names, letters, patterns, keys) need no escape: checked and copied as one
        // contiguous buffer. Native and literal strings always have one; the rest go byte by byte.
        let copied = value.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !Self.needsEscape(utf8) else { return false }
            reserve(utf8.count + 2)
            put(UInt8(ascii: "\""))
            put(utf8)
            put(UInt8(ascii: "\""))
            return true
        }
        if copied == true { return }
        reserve(2)
        put(UInt8(ascii: "\""))
        for byte in value.utf8 {
            reserve(7)  // `\u00XX` and the closing quote
            switch byte {
            case UInt8(ascii: "\""): escape(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): escape(UInt8(ascii: "\\"))
            case UInt8(ascii: "\n"): escape(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): escape(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): escape(UInt8(ascii: "t"))
            case 0..<0x20, 0x7F:
                escape(UInt8(ascii: "u"))
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "0"))
                Self.hex.withUTF8Buffer { hex in
                    put(hex[Int(byte >> 4)])
                    put(hex[Int(byte & 0xF)])
                }
            default: put(byte)
            }
        }
        reserve(1)
        put(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        put(UInt8(ascii: "\\"))
        put(byte)
    }
}
