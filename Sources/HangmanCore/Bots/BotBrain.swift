/// The mind of a house bot: what a seated player can see (the pattern and the letters guessed),
/// the word list, and a level. Pure and deterministic for a given random source.
///
/// The brain keeps the candidate words of the round (those of the pattern's length that agree with
/// everything revealed) and narrows them as the round goes on, so a move costs one pass over the
/// words left rather than over the whole list. It sees only what every player sees: never the
/// server's word or, in evil mode, the server's candidate set.
public struct BotBrain: Sendable {
    public let level: BotLevel
    /// Candidates, `length` ASCII bytes each, back to back.
    private var candidates: [UInt8] = []
    private var count = 0
    private var length = 0
    /// The pattern and guesses the candidates were last narrowed for.
    private var seenPattern: [UInt8] = []
    private var seenGuessed: UInt32 = 0

    /// English letters from most to least common in running text: a beginner's order.
    static let everydayOrder = Array("etaoinshrdlcumwfgypbvkjxqz".utf8)

    public init(level: BotLevel) {
        self.level = level
    }

    /// Candidates still consistent with what the bot has seen (for tests and tools).
    public var candidatesLeft: Int { count }

    /// Picks the next move for a round showing `pattern` (lower-case letters and `_`) after the
    /// letters in `guessed`. `words` is the room's list; only words of the pattern's length are used.
    /// Returns nil when no letter is left to guess.
    public mutating func move(
        pattern: String, guessed: [Character], words: WordList, rng: inout some RandomNumberGenerator
    ) -> BotMove? {
        let shown = Array(pattern.utf8)
        var guessedMask: UInt32 = 0
        for letter in guessed {
            if let byte = letter.asciiValue, byte >= 97, byte <= 122 { guessedMask |= 1 << UInt32(byte - 97) }
        }
        let open = (0..<26).filter { guessedMask & (1 << UInt32($0)) == 0 }.map { UInt8(97 + $0) }
        guard !open.isEmpty else { return nil }
        if level == .easy { return .letter(Character(Unicode.Scalar(Self.beginnerPick(open: open, rng: &rng)))) }
        observe(shown: shown, guessed: guessedMask, words: words)
        if level == .strong, count == 1 {
            return .word(String(decoding: candidates[0..<length], as: UTF8.self))
        }
        let ranked = rank(open: open)
        let pick: UInt8
        if level == .strong || Bool.random(using: &rng) {
            pick = ranked[0]
        } else {
            pick = ranked[Int.random(in: 0..<min(5, ranked.count), using: &rng)]
        }
        return .letter(Character(Unicode.Scalar(pick)))
    }

    /// Open letters, most candidates containing them first; ties by everyday frequency.
    private func rank(open: [UInt8]) -> [UInt8] {
        var seen = [Int](repeating: 0, count: 26)
        var mark = [Int](repeating: -1, count: 26)
        for index in 0..<count {
            let base = index * length
            for offset in 0..<length {
                let letter = Int(candidates[base + offset] &- 97)
                guard letter < 26, mark[letter] != index else { continue }
                mark[letter] = index
                seen[letter] += 1
            }
        }
        let order = Self.everydayOrder
        return open.sorted { lhs, rhs in
            let left = seen[Int(lhs - 97)]
            let right = seen[Int(rhs - 97)]
            if left != right { return left > right }
            return (order.firstIndex(of: lhs) ?? 26) < (order.firstIndex(of: rhs) ?? 26)
        }
    }

    /// A beginner's letter: one of the three most common open letters in everyday order, at random.
    private static func beginnerPick(open: [UInt8], rng: inout some RandomNumberGenerator) -> UInt8 {
        let ordered = everydayOrder.filter { open.contains($0) }
        guard !ordered.isEmpty else { return open[0] }
        return ordered[Int.random(in: 0..<min(3, ordered.count), using: &rng)]
    }

    /// Narrows the candidates to what agrees with `shown` and `guessed`; starts afresh for a new round.
    private mutating func observe(shown: [UInt8], guessed: UInt32, words: WordList) {
        let newRound = shown.count != length || guessed & seenGuessed != seenGuessed || !agrees(shown, with: seenPattern)
        if newRound || (count == 0 && seenPattern != shown) {
            length = shown.count
            candidates = []
            count = 0
            for word in words.words(length: length, distinctLetters: nil) {
                candidates.append(contentsOf: word.utf8)
                count += 1
            }
        } else if shown == seenPattern, guessed == seenGuessed {
            return
        }
        seenPattern = shown
        seenGuessed = guessed
        var kept = 0
        for index in 0..<count where fits(index, shown: shown, guessed: guessed) {
            if kept != index {
                for offset in 0..<length { candidates[kept * length + offset] = candidates[index * length + offset] }
            }
            kept += 1
        }
        count = kept
        candidates.removeSubrange((kept * length)...)
    }

    /// True when every letter revealed in `old` is still revealed in `new` (the same round going on).
    private func agrees(_ new: [UInt8], with old: [UInt8]) -> Bool {
        guard new.count == old.count else { return false }
        for (a, b) in zip(old, new) where a != 95 && a != b { return false }
        return true
    }

    /// A candidate fits when it has the revealed letters where shown, and no guessed letter where
    /// the pattern is still hidden (a guessed letter is either shown everywhere it occurs or absent).
    private func fits(_ index: Int, shown: [UInt8], guessed: UInt32) -> Bool {
        let base = index * length
        for offset in 0..<length {
            let letter = candidates[base + offset]
            let mark = shown[offset]
            if mark == 95 {
                if guessed & (1 << UInt32(letter &- 97)) != 0 { return false }
            } else if mark != letter {
                return false
            }
        }
        return true
    }
}
