/// Writes one JSON object into a byte buffer, keys in the order written. Hand-rolled because every
/// broadcast is encoded on a hot path and the key order should be stable for people reading logs.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = []

    init(type: String) {
        bytes.reserveCapacity(128)
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
        needsComma.append(false)
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        _ = needsComma.popLast()
    }

    mutating func beginArray(_ key: String? = nil) {
        if let key { self.key(key) } else { separator() }
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        _ = needsComma.popLast()
    }

    /// Starts an object as an array element or as a keyed value.
    mutating func beginNestedObject(_ key: String? = nil) {
        if let key { self.key(key) } else { separator() }
        beginObject()
    }

    mutating func field(_ key: String, _ value: String?) {
        self.key(key)
        if let value { string(value) } else { bytes.append(contentsOf: Array("null".utf8)) }
    }

    mutating func field(_ key: String, _ value: Int?) {
        self.key(key)
        bytes.append(contentsOf: Array((value.map(String.init) ?? "null").utf8))
    }

    mutating func field(_ key: String, _ value: Int64?) {
        self.key(key)
        bytes.append(contentsOf: Array((value.map(String.init) ?? "null").utf8))
    }

    mutating func field(_ key: String, _ value: Bool) {
        self.key(key)
        bytes.append(contentsOf: Array((value ? "true" : "false").utf8))
    }

    mutating func element(_ value: String) {
        separator()
        string(value)
    }

    private mutating func separator() {
        if needsComma.last == true { bytes.append(UInt8(ascii: ",")) }
        if !needsComma.isEmpty { needsComma[needsComma.count - 1] = true }
    }

    private mutating func key(_ key: String) {
        separator()
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
