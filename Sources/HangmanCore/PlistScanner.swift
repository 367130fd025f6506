/// A deliberately small XML reader for word lists: just enough of XML to read a property list whose
/// root is an `<array>` of `<string>` elements, written by hand because HangmanCore imports nothing
/// (no Foundation, so no `PropertyListSerialization` or `XMLParser`).
///
/// It skips the XML declaration, processing instructions, comments and a DOCTYPE (internal subset
/// included), accepts `<plist>` around the array or a bare root `<array>`, decodes the five named
/// entities and numeric character references inside strings, and reads CDATA sections. Each child
/// of the root array that is not a `<string>` counts as one invalid entry. Anything after the root
/// array is ignored. It never fails: on malformed input it stops at the end of the bytes.
struct PlistScanner {
    private let bytes: [UInt8]
    private var index: Int

    init(bytes: [UInt8], start: Int) {
        self.bytes = bytes
        self.index = start
    }

    /// A piece of markup or text.
    private enum Token {
        case open(name: ArraySlice<UInt8>, selfClosing: Bool)
        case close(name: ArraySlice<UInt8>)
        /// Character data, still with its entities.
        case text(ArraySlice<UInt8>)
        /// CDATA contents, taken literally.
        case cdata(ArraySlice<UInt8>)
    }

    private static let plistName = Array("plist".utf8)
    private static let arrayName = Array("array".utf8)
    private static let stringName = Array("string".utf8)

    /// Reads every string of the root array into `builder`.
    mutating func scan(into builder: inout WordList.Builder) {
        var stack: [ArraySlice<UInt8>] = []
        var arrayDepth: Int?  // depth of the root array's children
        var word: [UInt8]?  // the string being read, if any
        while let token = nextToken() {
            switch token {
            case .open(let name, let selfClosing):
                if let depth = arrayDepth {
                    if stack.count == depth && word == nil {
                        if name.elementsEqual(Self.stringName) {
                            if selfClosing { builder.add([][...]) } else { word = [] }
                        } else {
                            builder.reject()
                        }
                    }
                } else if name.elementsEqual(Self.arrayName)
                    && (stack.isEmpty || (stack.count == 1 && stack[0].elementsEqual(Self.plistName)))
                    && !selfClosing
                {
                    arrayDepth = stack.count + 1
                }
                if !selfClosing { stack.append(name) }
            case .close(let name):
                if let depth = arrayDepth, stack.count == depth + 1, var current = word,
                    name.elementsEqual(Self.stringName)
                {
                    builder.add(current[...])
                    current.removeAll()
                    word = nil
                }
                if let open = stack.lastIndex(where: { $0.elementsEqual(name) }) {
                    stack.removeSubrange(open...)
                }
                if let depth = arrayDepth, stack.count < depth {
                    return  // the root array is closed
                }
            case .text(let text):
                if word != nil, let depth = arrayDepth, stack.count == depth + 1 {
                    Self.decodeEntities(text, into: &word)
                }
            case .cdata(let text):
                if word != nil, let depth = arrayDepth, stack.count == depth + 1 {
                    word?.append(contentsOf: text)
                }
            }
        }
        if let word { builder.add(word[...]) }  // unterminated last string
    }

    private mutating func nextToken() -> Token? {
        guard index < bytes.count else { return nil }
        if bytes[index] != UInt8(ascii: "<") {
            let start = index
            while index < bytes.count && bytes[index] != UInt8(ascii: "<") { index += 1 }
            return .text(bytes[start..<index])
        }
        if hasPrefix("<![CDATA[") {
            let start = index + 9
            let end = find("]]>", from: start) ?? bytes.count
            index = min(end + 3, bytes.count)
            return .cdata(bytes[start..<end])
        }
        if hasPrefix("<!--") {
            index = min((find("-->", from: index + 4) ?? bytes.count) + 3, bytes.count)
            return nextToken()
        }
        if hasPrefix("<?") {
            index = min((find("?>", from: index + 2) ?? bytes.count) + 2, bytes.count)
            return nextToken()
        }
        if hasPrefix("<!") {
            skipDeclaration()
            return nextToken()
        }
        // A start or end tag: name, then attributes (quoted values may hold '>'), then '>'.
        index += 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < bytes.count && !Self.endsName(bytes[index]) { index += 1 }
        let name = bytes[nameStart..<index]
        var quote: UInt8?
        var last: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            } else if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                last = byte
            }
        }
        return closing ? .close(name: name) : .open(name: name, selfClosing: last == UInt8(ascii: "/"))
    }

    /// Skips `<!DOCTYPE …>`, including an internal subset in brackets.
    private mutating func skipDeclaration() {
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">") && depth <= 0 {
                return
            }
        }
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "/")
    }

    private func hasPrefix(_ prefix: String) -> Bool {
        let utf8 = prefix.utf8
        return bytes.count - index >= utf8.count && bytes[index..<(index + utf8.count)].elementsEqual(utf8)
    }

    private func find(_ needle: String, from start: Int) -> Int? {
        let pattern = Array(needle.utf8)
        var position = start
        while position + pattern.count <= bytes.count {
            if bytes[position..<(position + pattern.count)].elementsEqual(pattern) { return position }
            position += 1
        }
        return nil
    }

    /// Appends `text` to `word`, replacing `&amp; &lt; &gt; &quot; &apos;` and `&#N;`/`&#xH;`
    /// (code points up to U+007F; others and unknown entities become `?`, which makes the word invalid).
    private static func decodeEntities(_ text: ArraySlice<UInt8>, into word: inout [UInt8]?) {
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            guard byte == UInt8(ascii: "&"), let semicolon = text[index...].firstIndex(of: UInt8(ascii: ";")),
                semicolon - index <= 10
            else {
                word?.append(byte)
                index += 1
                continue
            }
            word?.append(decodeEntity(text[(index + 1)..<semicolon]))
            index = semicolon + 1
        }
    }

    private static func decodeEntity(_ name: ArraySlice<UInt8>) -> UInt8 {
        switch String(decoding: name, as: UTF8.self) {
        case "amp": return UInt8(ascii: "&")
        case "lt": return UInt8(ascii: "<")
        case "gt": return UInt8(ascii: ">")
        case "quot": return UInt8(ascii: "\"")
        case "apos": return UInt8(ascii: "'")
        case let reference where reference.hasPrefix("#"):
            let digits = reference.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            if let value, value > 0, value < 0x80 { return UInt8(value) }
            return UInt8(ascii: "?")
        default:
            return UInt8(ascii: "?")
        }
    }
}
