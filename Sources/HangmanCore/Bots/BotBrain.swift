/// The mind of a house bot: what a seated player can see (the pattern and the letters guessed),
/// the word list, and a level. Pure and deterministic for a given random source.
///
/// The brain keeps the candidate words of the round (those of the pattern's length that agree with
/// everything revealed) and narrows them as the round goes on, so a move costs one pass over the
/// words left rather than over the whole list. It sees only what every player sees: never the
/// server's word or, in evil mode, the server's candidate set.
public struct BotBrain: Sendable {
    public let level: BotLevel
    /// Candidates, `length` letter codes each (the list's `Alphabet`: a–z are their ASCII bytes), back
    /// to back.
    private var candidates: [UInt8] = []
    private var count = 0
    private var length = 0
    /// The pattern (as codes, `_` as itself) and the guessed keys (bit i: code 97 + i) the candidates
    /// were last narrowed for.
    private var seenPattern: [UInt8] = []
    private var seenGuessed: UInt64 = 0

    /// English letters from most to least common in running text: a beginner's order.
    static let everydayOrder = Array("etaoinshrdlcumwfgypbvkjxqz".utf8)
    static let hidden = UInt8(ascii: "_")

    public init(level: BotLevel) {
        self.level = level
    }

    /// Candidates still consistent with what the bot has seen (for tests and tools).
    public var candidatesLeft: Int { count }

    /// Picks the next move for a round showing `pattern` (the round's letters and `_`) after the
    /// letters in `guessed`. `words` is the room's list, in its own alphabet (a language's letters are
    /// guessed too; with folding a guess of `a` has revealed `ä`); only words of the pattern's length
    /// are used. Returns nil when no letter is left to guess.
    public mutating func move(
        pattern: String, guessed: [Character], words: WordList, rng: inout some RandomNumberGenerator
    ) -> BotMove? {
        let alphabet = words.alphabet
        let shown = pattern.map { alphabet.code(of: $0) ?? Self.hidden }
        var guessedMask: UInt64 = 0
        for letter in guessed {
            if let key = alphabet.key(for: letter) { guessedMask |= 1 << UInt64(key - Alphabet.firstCode) }
        }
        let open = alphabet.guessable.compactMap { alphabet.code(of: $0) }.filter {
            guessedMask & (1 << UInt64($0 - Alphabet.firstCode)) == 0
        }
        guard !open.isEmpty else { return nil }
        if level == .easy { return .letter(alphabet.letter(Self.beginnerPick(open: open, rng: &rng))) }
        observe(shown: shown, guessed: guessedMask, words: words)
        if level == .strong, count == 1 {
            return .word(alphabet.decode(candidates[0..<length]))
        }
        let ranked = rank(open: open, alphabet: alphabet)
        let pick: UInt8
        if level == .strong || Bool.random(using: &rng) {
            pick = ranked[0]
        } else {
            pick = ranked[Int.random(in: 0..<min(5, ranked.count), using: &rng)]
        }
        return .letter(alphabet.letter(pick))
    }

    /// Open letters (key codes), most candidates containing them (or, folding, a letter they stand
    /// for) first; ties by everyday frequency, a language's own letters after a–z.
    private func rank(open: [UInt8], alphabet: Alphabet) -> [UInt8] {
        let first = Alphabet.firstCode
        var seen = [Int](repeating: 0, count: Alphabet.maxLetters)
        var mark = [Int](repeating: -1, count: Alphabet.maxLetters)
        for index in 0..<count {
            let base = index * length
            for offset in 0..<length {
                let code = candidates[base + offset]
                guard code >= first else { continue }
                let key = Int(alphabet.key(ofCode: code) - first)
                guard key < Alphabet.maxLetters, mark[key] != index else { continue }
                mark[key] = index
                seen[key] += 1
            }
        }
        let order = Self.everydayOrder
        return open.sorted { lhs, rhs in
            let left = seen[Int(lhs - first)]
            let right = seen[Int(rhs - first)]
            if left != right { return left > right }
            return (order.firstIndex(of: lhs) ?? Int(lhs)) < (order.firstIndex(of: rhs) ?? Int(rhs))
        }
    }

    /// A beginner's letter: one of the three most common open letters in everyday order, at random.
    private static func beginnerPick(open: [UInt8], rng: inout some RandomNumberGenerator) -> UInt8 {
        let ordered = everydayOrder.filter { open.contains($0) }
        guard !ordered.isEmpty else { return open[0] }
        return ordered[Int.random(in: 0..<min(3, ordered.count), using: &rng)]
    }

    /// Narrows the candidates to what agrees with `shown` and `guessed`; starts afresh for a new round.
    private mutating func observe(shown: [UInt8], guessed: UInt64, words: WordList) {
        let newRound = shown.count != length || guessed & seenGuessed != seenGuessed || !agrees(shown, with: seenPattern)
        if newRound || (count == 0 && seenPattern != shown) {
            length = shown.count
            candidates = []
            count = 0
            let alphabet = words.alphabet
            for word in words.words(length: length, distinctLetters: nil) {
                if alphabet.isASCII {
                    candidates.append(contentsOf: word.utf8)
                } else {
                    guard let codes = alphabet.encode(word), codes.count == length else { continue }
                    candidates.append(contentsOf: codes)
                }
                count += 1
            }
        } else if shown == seenPattern, guessed == seenGuessed {
            return
        }
        seenPattern = shown
        seenGuessed = guessed
        let alphabet = words.alphabet
        var kept = 0
        for index in 0..<count where fits(index, shown: shown, guessed: guessed, alphabet: alphabet) {
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
        for (a, b) in zip(old, new) where a != Self.hidden && a != b { return false }
        return true
    }

    /// A candidate fits when it has the revealed letters where shown, and no guessed letter where
    /// the pattern is still hidden (a guessed letter, and with folding every letter it stands for, is
    /// either shown everywhere it occurs or absent).
    private func fits(_ index: Int, shown: [UInt8], guessed: UInt64, alphabet: Alphabet) -> Bool {
        let base = index * length
        for offset in 0..<length {
            let code = candidates[base + offset]
            let mark = shown[offset]
            if mark == Self.hidden {
                let key = alphabet.key(ofCode: code)
                if guessed & (1 << UInt64(key - Alphabet.firstCode)) != 0 { return false }
            } else if mark != code {
                return false
            }
        }
        return true
    }
}
