/// The words a game may draw: lower-case a–z only, 1...`maxWordLength` letters, no duplicates.
///
/// Words are kept in buckets indexed by length and by number of distinct letters, each bucket in
/// alphabetical order, so that `words(length:distinctLetters:)` and `count(length:distinctLetters:)`
/// touch only the buckets asked for (a difficulty is a distinct-letter range). Building a list never
/// fails: whatever is not a valid word is counted in the `WordListReport` and left out.
///
/// An entry may carry a hint after the word: `word<TAB>hint` or `word|hint` (docs/RULES.md, "Word
/// lists"); `hint(for:)` gives it back.
public struct WordList: Sendable {
    /// The longest word accepted. Evil rounds keep a position bitmask per word in a `UInt64`.
    public static let maxWordLength = 64

    /// `buckets[length][distinct]`: the words of that length with that many distinct letters, sorted.
    private var buckets: [[[String]]] = []
    /// Every word, for `contains` and for removing duplicates while building.
    private var all: Set<String> = []
    /// The hints of the words that have one.
    private var hints: [String: String] = [:]
    /// The letters its words are made of (a–z unless built for another language).
    public private(set) var alphabet: Alphabet = .english

    /// The number of words.
    public var count: Int { all.count }

    /// An empty list (every setting that needs a word is then out of range).
    public init() {}

    /// Builds a list from strings with the same validation as `parse` (lower-cased, a–z, 1...64
    /// letters, duplicates dropped). Handy in tests and for lists built in code.
    public init(words: [String], alphabet: Alphabet = .english) {
        var builder = Builder()
        builder.alphabet = alphabet
        for word in words {
            builder.add(Array(word.utf8)[...])
        }
        self = builder.finish().list
    }

    /// The longest word length present (n in "length 1..n"); 0 when the list is empty.
    public var longest: Int {
        lengths.last ?? 0
    }

    /// The lengths that have at least one word, ascending.
    public var lengths: [Int] {
        buckets.indices.filter { length in buckets[length].contains { !$0.isEmpty } }
    }

    /// The words of `length` (nil = any length) whose number of distinct letters lies in
    /// `distinctLetters` (nil = any). Grouped by length, then distinct count; alphabetical within a group.
    public func words(length: Int?, distinctLetters: ClosedRange<Int>?) -> [String] {
        var result: [String] = []
        for lengthIndex in lengthIndices(length) {
            for distinct in distinctIndices(distinctLetters, length: lengthIndex) {
                result.append(contentsOf: buckets[lengthIndex][distinct])
            }
        }
        return result
    }

    /// The word at `index` of `words(length:distinctLetters:)`, without building that array (a
    /// game draws a few words; copying ~60,000 strings for each game was most of a game's start).
    public func word(at index: Int, length: Int?, distinctLetters: ClosedRange<Int>?) -> String? {
        guard index >= 0 else { return nil }
        var rest = index
        for lengthIndex in lengthIndices(length) {
            for distinct in distinctIndices(distinctLetters, length: lengthIndex) {
                let size = buckets[lengthIndex][distinct].count
                if rest < size { return buckets[lengthIndex][distinct][rest] }
                rest -= size
            }
        }
        return nil
    }

    /// How many words `words(length:distinctLetters:)` would return, without building the array.
    public func count(length: Int?, distinctLetters: ClosedRange<Int>?) -> Int {
        var total = 0
        for lengthIndex in lengthIndices(length) {
            for distinct in distinctIndices(distinctLetters, length: lengthIndex) {
                total += buckets[lengthIndex][distinct].count
            }
        }
        return total
    }

    /// The lengths having at least one word whose distinct-letter count is in `distinctLetters`.
    public func lengths(distinctLetters: ClosedRange<Int>?) -> [Int] {
        buckets.indices.filter { count(length: $0, distinctLetters: distinctLetters) > 0 }
    }

    /// Whether `word` (compared as given: the list holds lower-case words) is in the list.
    public func contains(_ word: String) -> Bool {
        all.contains(word)
    }

    /// The hint that came with `word` in the list, if any.
    public func hint(for word: String) -> String? {
        hints[word]
    }

    /// How many words carry a hint.
    public var hintCount: Int { hints.count }

    private func lengthIndices(_ length: Int?) -> Range<Int> {
        guard let length else { return buckets.indices }
        return buckets.indices.contains(length) ? length..<(length + 1) : 0..<0
    }

    private func distinctIndices(_ range: ClosedRange<Int>?, length: Int) -> Range<Int> {
        let available = buckets[length].indices
        guard let range else { return available }
        let lower = max(range.lowerBound, available.lowerBound)
        let upper = min(range.upperBound + 1, available.upperBound)
        return lower < upper ? lower..<upper : 0..<0
    }
}

extension WordList {
    /// Accumulates words one entry at a time; used by `parse` and `init(words:)`.
    struct Builder {
        private var buckets: [[[String]]] = []
        private var all: Set<String> = []
        private var hints: [String: String] = [:]
        /// The letters words may have; other than a–z: `addLetters`.
        var alphabet: Alphabet = .english
        private var invalid = 0
        private var duplicates = 0

        /// Adds one raw entry: splits off a hint (after the first TAB or `|`), trims blanks,
        /// lower-cases ASCII, validates, drops duplicates.
        mutating func add(_ raw: ArraySlice<UInt8>) {
            var entry = raw
            var hint: String?
            if let separator = raw.firstIndex(where: { $0 == 0x09 || $0 == UInt8(ascii: "|") }) {
                entry = raw[..<separator]
                var text = raw[(separator + 1)...]
                while let first = text.first, Self.isBlank(first) { text.removeFirst() }
                while let last = text.last, Self.isBlank(last) { text.removeLast() }
                if !text.isEmpty { hint = String(decoding: text, as: UTF8.self) }
            }
            while let first = entry.first, Self.isBlank(first) { entry.removeFirst() }
            while let last = entry.last, Self.isBlank(last) { entry.removeLast() }
            if !alphabet.isASCII { return addLetters(entry, hint: hint) }
            guard !entry.isEmpty, entry.count <= WordList.maxWordLength else {
                invalid += 1
                return
            }
            var bytes = [UInt8]()
            bytes.reserveCapacity(entry.count)
            var letters: UInt32 = 0
            for byte in entry {
                let lower = (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte + 32 : byte
                guard lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") else {
                    invalid += 1
                    return
                }
                letters |= 1 << UInt32(lower - UInt8(ascii: "a"))
                bytes.append(lower)
            }
            let word = String(decoding: bytes, as: UTF8.self)
            guard all.insert(word).inserted else {
                duplicates += 1
                return
            }
            if let hint { hints[word] = hint }
            let length = bytes.count
            while buckets.count <= length {
                buckets.append(Array(repeating: [], count: 27))
            }
            buckets[length][letters.nonzeroBitCount].append(word)
        }

        /// Adds a trimmed entry of a language's alphabet: letters (any case, composed or not) become
        /// the alphabet's own, so `Ä`, `ä` and `a` + U+0308 are one letter.
        private mutating func addLetters(_ entry: ArraySlice<UInt8>, hint: String?) {
            guard let codes = alphabet.encode(String(decoding: entry, as: UTF8.self)) else {
                invalid += 1
                return
            }
            let word = alphabet.decode(codes)
            guard all.insert(word).inserted else {
                duplicates += 1
                return
            }
            if let hint { hints[word] = hint }
            var letters: UInt64 = 0
            for code in codes { letters |= 1 << UInt64(code - Alphabet.firstCode) }
            while buckets.count <= codes.count {
                buckets.append(Array(repeating: [], count: Alphabet.maxLetters + 1))
            }
            buckets[codes.count][letters.nonzeroBitCount].append(word)
        }

        /// Counts an entry that is not a word at all (e.g. a non-string element in a plist array).
        mutating func reject() {
            invalid += 1
        }

        /// Sorts the buckets and returns the list with its report.
        mutating func finish() -> (list: WordList, report: WordListReport) {
            for length in buckets.indices {
                for distinct in buckets[length].indices where buckets[length][distinct].count > 1 {
                    buckets[length][distinct].sort()
                }
            }
            var list = WordList()
            list.buckets = buckets
            list.all = all
            list.hints = hints
            list.alphabet = alphabet
            let report = WordListReport(accepted: all.count, invalid: invalid, duplicates: duplicates)
            return (list, report)
        }

        private static func isBlank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }
}
