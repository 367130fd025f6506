/// Just enough JSON reading for GMCP's `Core.*` messages: a string field of an object and an
/// array of strings. Not a general parser (HangmanNet has no Foundation); anything it does not
/// understand gives nil, and the session layer gets the raw text in `TelnetEvent.gmcp` anyway.
enum MiniJSON {
    /// The value of `"key": "…"` at the top level of an object, or nil.
    static func stringField(_ key: String, in json: String) -> String? {
        var scanner = Scanner(Array(json.utf8))
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        while true {
            guard let name = scanner.string(), scanner.consume(UInt8(ascii: ":")) else { return nil }
            if name == key { return scanner.string() }
            guard scanner.skipValue() else { return nil }
            if scanner.consume(UInt8(ascii: ",")) { continue }
            return nil
        }
    }

    /// `["a", "b"]` → ["a", "b"], or nil.
    static func stringArray(_ json: String) -> [String]? {
        var scanner = Scanner(Array(json.utf8))
        guard scanner.consume(UInt8(ascii: "[")) else { return nil }
        var items: [String] = []
        if scanner.consume(UInt8(ascii: "]")) { return items }
        while let item = scanner.string() {
            items.append(item)
            if scanner.consume(UInt8(ascii: ",")) { continue }
            return scanner.consume(UInt8(ascii: "]")) ? items : nil
        }
        return nil
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string literal; escapes other than \uXXXX are decoded, \uXXXX becomes "?".
        mutating func string() -> String? {
            guard consume(UInt8(ascii: "\"")) else { return nil }
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"), UInt8(ascii: "f"): break
                    case UInt8(ascii: "u"):
                        index = min(bytes.count, index + 4)
                        out.append(UInt8(ascii: "?"))
                    default: out.append(escaped)
                    }
                default:
                    out.append(byte)
                }
            }
            return nil
        }

        /// Skips one value of any kind (strings, numbers, literals, nested objects and arrays).
        mutating func skipValue() -> Bool {
            skipSpace()
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "\"") { return string() != nil }
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 { return true }
                default:
                    break
                }
                index += 1
            }
            return depth == 0
        }
    }
}
