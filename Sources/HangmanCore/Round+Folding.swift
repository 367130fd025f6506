/// The evil engine for a guess that reveals several letters at once: a folded letter (`e` stands
/// for `e é è ê`). Families are told apart by the places *and* the letters there, so every
/// candidate kept shows the same letters. Only languages other than English with folding on come
/// here; English letters take `keepLargestFamily(for:)`.
extension Round {
    private struct Family: Hashable {
        var mask: UInt64
        var letters: [UInt8]

        /// The same tie rules as `keepLargestFamily(for:)`: fewer places, then the smaller mask,
        /// then the smaller letters.
        func beats(_ other: Family) -> Bool {
            if mask.nonzeroBitCount != other.mask.nonzeroBitCount { return mask.nonzeroBitCount < other.mask.nonzeroBitCount }
            if mask != other.mask { return mask < other.mask }
            return letters.lexicographicallyPrecedes(other.letters)
        }
    }

    /// Keeps the largest family for a guess revealing the codes in `reveals` (bit i: code 97 + i)
    /// and returns its places (0: the miss family).
    mutating func keepLargestFamily(matching reveals: UInt64) -> UInt64 {
        let count = candidateCount
        let length = self.length
        guard count > 0, length > 0 else { return 0 }
        let first = Alphabet.firstCode
        var families: [Family] = []
        families.reserveCapacity(count)
        var sizes: [Family: Int] = [:]
        for index in 0..<count {
            var family = Family(mask: 0, letters: [])
            for offset in 0..<length {
                let code = candidates[index * length + offset]
                if code >= first, (reveals >> UInt64(code - first)) & 1 == 1 {
                    family.mask |= (1 as UInt64) &<< UInt64(offset)
                    family.letters.append(code)
                }
            }
            families.append(family)
            sizes[family, default: 0] += 1
        }
        var best = Family(mask: 0, letters: [])
        var bestCount = -1
        for (family, size) in sizes where size > bestCount || (size == bestCount && family.beats(best)) {
            best = family
            bestCount = size
        }
        if bestCount != count {
            var kept: [UInt8] = []
            kept.reserveCapacity(bestCount * length)
            for index in 0..<count where families[index] == best {
                kept.append(contentsOf: candidates[(index * length)..<((index + 1) * length)])
            }
            candidates = kept
            candidateCount = bestCount
        }
        return best.mask
    }
}

extension Round {
    /// A classic round for `word` in `alphabet` (a word of that alphabet, any case).
    public init(word: String, maxMisses: Int, alphabet: Alphabet) {
        guard !alphabet.isASCII else {
            self.init(word: word, maxMisses: maxMisses)
            return
        }
        let codes = alphabet.encode(word) ?? []
        self.init(mode: .classic, length: codes.count, flat: codes, count: 1, maxMisses: maxMisses)
        self.alphabet = alphabet
    }

    /// An evil round over `evilCandidates` in `alphabet` (as `init(evilCandidates:maxMisses:)`).
    public init(evilCandidates: [String], maxMisses: Int, alphabet: Alphabet) {
        guard !alphabet.isASCII else {
            self.init(evilCandidates: evilCandidates, maxMisses: maxMisses)
            return
        }
        var flat: [UInt8] = []
        var length: Int?
        var count = 0
        for candidate in evilCandidates {
            guard let codes = alphabet.encode(candidate), length == nil || codes.count == length else { continue }
            if length == nil { length = codes.count }
            flat.append(contentsOf: codes)
            count += 1
        }
        self.init(mode: .evil, length: length ?? 0, flat: flat, count: count, maxMisses: maxMisses)
        self.alphabet = alphabet
    }

    /// The letter a guess event shows for `letter` as typed: the letter it was guessed as
    /// (lower-case; the base letter when folding), or `letter` itself when it is none.
    public func shownLetter(_ letter: Character) -> Character {
        if alphabet.isASCII { return Self.letterByte(letter).map { Character(Unicode.Scalar($0)) } ?? letter }
        return alphabet.key(for: letter).map(alphabet.letter) ?? letter
    }
}
