extension WordList {
    /// Parses a word list file's bytes: an XML property list (root `<array>` of `<string>`) or plain
    /// text (one word a line), told apart by content — the first character after an optional UTF-8
    /// byte order mark and blanks is `<` for a plist.
    ///
    /// Entries are trimmed and lower-cased; only a–z words of 1...`maxWordLength` letters are kept,
    /// each once. In text, blank lines and comment lines (starting with `#`) are skipped silently;
    /// any other line that is not a valid word counts as invalid. An entry may carry a hint after
    /// the word, separated by a TAB or `|` (`aardvark<TAB>nocturnal burrowing mammal…`). The function never fails: a malformed file yields whatever words could be
    /// read, and the report says how many entries were rejected.
    public static func parse(_ bytes: [UInt8], alphabet: Alphabet = .english) -> (list: WordList, report: WordListReport) {
        var builder = Builder()
        builder.alphabet = alphabet
        let start = contentStart(bytes)
        if start < bytes.count && bytes[start] == UInt8(ascii: "<") {
            var scanner = PlistScanner(bytes: bytes, start: start)
            scanner.scan(into: &builder)
        } else {
            addLines(bytes[start...], to: &builder)
        }
        return builder.finish()
    }

    /// Index of the first byte after a UTF-8 byte order mark and leading blanks.
    private static func contentStart(_ bytes: [UInt8]) -> Int {
        var index = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            index = 3
        }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            index += 1
        }
        return index
    }

    /// Plain text: one word a line; LF, CRLF or lone CR end a line; blank and `#` lines are skipped.
    private static func addLines(_ text: ArraySlice<UInt8>, to builder: inout Builder) {
        var lineStart = text.startIndex
        var index = text.startIndex
        func flush(_ end: Int) {
            let line = text[lineStart..<end]
            if let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }), first != UInt8(ascii: "#") {
                builder.add(line)
            }
        }
        while index < text.endIndex {
            let byte = text[index]
            if byte == 0x0A || byte == 0x0D {
                flush(index)
                lineStart = index + 1
            }
            index += 1
        }
        flush(text.endIndex)
    }
}
