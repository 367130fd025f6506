/// Words a player may not choose as a round's word: read from a text file the server's host can edit
/// (`Config/blocklist.txt` by default, the `blocklist` setting). One word a line; blank lines and
/// lines starting with `#` are skipped; words are trimmed and compared lower-case.
public struct Blocklist: Sendable, Equatable {
    public private(set) var words: Set<String>

    /// An empty list (blocks nothing).
    public init() { words = [] }

    /// The words of a blocklist file's text.
    public init(text: String) {
        var words: Set<String> = []
        // `\r\n` is one Character in Swift: `isNewline` splits it (and lone CR or LF) alike.
        for line in text.split(whereSeparator: \.isNewline) {
            let word = line.trimmingSpacesAndTabs().lowercased()
            guard !word.isEmpty, !word.hasPrefix("#") else { continue }
            words.insert(word)
        }
        self.words = words
    }

    /// Whether `word` (any case) is on the list.
    public func contains(_ word: String) -> Bool { words.contains(word.lowercased()) }
}

extension Substring {
    fileprivate func trimmingSpacesAndTabs() -> String {
        var slice = self
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
