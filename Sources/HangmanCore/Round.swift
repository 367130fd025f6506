/// One word to guess: a classic round has one fixed word, an evil round a set of candidates.
///
/// Both modes run on the same engine. A classic round is simply an evil round with one candidate:
/// with one candidate there is only one family to keep, so the "evil" choice is no choice at all.
///
/// Evil rules (see docs/RULES.md for worked examples):
/// - A letter guess partitions the candidates by the positions the letter would occupy (a `UInt64`
///   bitmask, bit i = position i; 0 = the letter is absent) and keeps the largest family.
/// - Ties go to the family revealing fewer positions (so the miss family wins every tie it is in),
///   then to the smallest bitmask (the family whose letters sit furthest left). Deterministic.
/// - A whole-word guess naming a candidate is dodged while any other candidate remains: the word is
///   removed from the candidates and the guess costs a miss like any wrong word. If it is the only
///   candidate left, the round is solved.
/// - A lost evil round's `answer` is the alphabetically first remaining candidate.
///
/// Candidates are stored as one flat byte buffer (`length` bytes each) so that a guess over
/// 100,000 candidates is two tight passes over bytes, with no `String` work.
public struct Round: Sendable {
    /// How the round was made: one word (classic) or a candidate set (evil).
    public let mode: Mode
    /// Letters in the word.
    public let length: Int
    /// Misses that lose the round (1...26).
    public let maxMisses: Int
    /// Misses spent so far (letters not in the word and wrong or dodged whole words).
    public private(set) var misses = 0
    /// Whether the round goes on, was won or was lost.
    public private(set) var status: RoundStatus = .playing
    /// The codes of the letters guessed, in guessing order (`a` + i: in a round of a–z, the letter's
    /// own ASCII byte), inline: a board writes them as bytes, with no `Character` per letter.
    public private(set) var guessOrder = GuessOrder()
    /// Whole words guessed that were not (or, in evil mode, were dodged as not) the word, in order.
    public private(set) var wrongWords: [String] = []

    /// The letters of the round's language (a–z unless made with another; see `Alphabet`).
    public internal(set) var alphabet: Alphabet = .english
    /// Candidate words, `length` letter codes each (ASCII for a–z, see `Alphabet`), back to back;
    /// order is preserved by guesses.
    var candidates: [UInt8]
    /// Number of candidates in `candidates`.
    var candidateCount: Int
    /// The pattern as ASCII bytes: a letter where revealed, `_` where hidden.
    var shown: [UInt8]
    /// Bit i set once the letter of code `a + i` has been guessed (its key, when folding).
    private var guessedLetters: UInt64 = 0
    /// The word, fixed once the round is over.
    private var finalWord: String?

    private static let hiddenByte = UInt8(ascii: "_")
    private static let letterA = UInt8(ascii: "a")

    /// A classic round for `word`. The word is lower-cased; characters outside a–z are dropped
    /// (callers pass words from a `WordList`, which holds only a–z). `maxMisses` is clamped to 1...26.
    public init(word: String, maxMisses: Int) {
        let bytes =
            Self.normalized(word) ?? Array(Array(word.lowercased().utf8).filter(Self.isLetter).prefix(WordList.maxWordLength))
        self.init(mode: .classic, length: bytes.count, flat: bytes, count: 1, maxMisses: maxMisses)
    }

    /// An evil round over `evilCandidates`, which should be non-empty, valid a–z words of one length.
    /// Words are lower-cased; invalid ones and ones whose length differs from the first valid word
    /// are ignored. (With no valid candidate the round has length 0 and is won at once: never a crash.)
    public init(evilCandidates: [String], maxMisses: Int) {
        var flat: [UInt8] = []
        var length: Int?
        var count = 0
        for candidate in evilCandidates {
            guard let bytes = Self.normalized(candidate), length == nil || bytes.count == length else { continue }
            if length == nil {
                length = bytes.count
                flat.reserveCapacity(bytes.count * evilCandidates.count)
            }
            flat.append(contentsOf: bytes)
            count += 1
        }
        self.init(mode: .evil, length: length ?? 0, flat: flat, count: count, maxMisses: maxMisses)
    }

    init(mode: Mode, length: Int, flat: [UInt8], count: Int, maxMisses: Int) {
        self.mode = mode
        self.length = length
        self.maxMisses = min(max(maxMisses, 1), 26)
        self.candidates = flat
        self.candidateCount = count
        self.shown = Array(repeating: Self.hiddenByte, count: length)
        if length == 0 || count == 0 {
            status = .won
            finalWord = ""
        }
    }

    /// The word as shown: the letter where revealed, `_` where hidden, e.g. `h_ll_`.
    public var pattern: String { alphabet.isASCII ? String(decoding: shown, as: UTF8.self) : alphabet.decode(shown) }

    /// Letters not guessed yet, in alphabet order (a–z, or the language's guessable letters).
    /// Built from the guessed-letter bits and the alphabet's own list (no lookup per letter).
    public var available: [Character] {
        let letters = alphabet.guessable
        let codes = alphabet.guessableCodes
        var result: [Character] = []
        result.reserveCapacity(letters.count)
        for index in letters.indices where guessedLetters & (1 << UInt64(codes[index] - Self.letterA)) == 0 {
            result.append(letters[index])
        }
        return result
    }

    /// Letters guessed, in guessing order (a list made per call: `guessOrder` reads the round
    /// without one).
    public var guessed: [Character] { alphabet.letters(guessOrder) }

    /// The guessed letters as their ASCII bytes, in guessing order, in a round of the a–z alphabet;
    /// nil in another language.
    public var asciiGuessed: GuessOrder? { alphabet.isASCII ? guessOrder : nil }

    /// The guessed letters as bits (bit i: letter `a` + i) in a round of the a–z alphabet, nil in
    /// another language: a board reads what is left from them without listing it (`available`).
    public var asciiGuessedBits: UInt64? { alphabet.isASCII ? guessedLetters : nil }

    /// Misses still allowed before the round is lost.
    public var missesLeft: Int { maxMisses - misses }

    /// Positions still hidden.
    public var hidden: Int { shown.reduce(0) { $0 + ($1 == Self.hiddenByte ? 1 : 0) } }

    /// Words still consistent with everything shown (always 1 in a classic round while playing).
    public var candidatesLeft: Int { candidateCount }

    /// The word once the round is over (evil: the alphabetically first remaining candidate if lost);
    /// nil while playing.
    public var answer: String? { status == .playing ? nil : finalWord }

    /// Guesses one letter. A–Z counts as a–z; in another language any letter of its alphabet
    /// (folded to its base letter when the alphabet folds); anything else is `.invalid`. A letter
    /// guessed before is `.alreadyGuessed` and costs nothing.
    public mutating func guess(letter: Character) -> LetterOutcome {
        guard status == .playing else { return .roundOver }
        guard let byte = alphabet.isASCII ? Self.letterByte(letter) : alphabet.key(for: letter) else { return .invalid }
        let bit: UInt64 = 1 << UInt64(byte - Self.letterA)
        guard guessedLetters & bit == 0 else { return .alreadyGuessed }
        guessedLetters |= bit
        guessOrder.append(byte)

        let reveals = alphabet.isASCII ? 0 : alphabet.reveals(byte)
        // One code per guess (every English letter, or no folding): the evil engine's byte path.
        let family = reveals & (reveals &- 1) == 0 ? keepLargestFamily(for: byte) : keepLargestFamily(matching: reveals)
        guard family != 0 else {
            spendMiss()
            return .miss
        }
        var positions = family
        while positions != 0 {
            // Every candidate left has the same letters there (the family is by letters and places).
            let position = positions.trailingZeroBitCount
            shown[position] = candidates[position]
            positions &= positions - 1
        }
        if !shown.contains(Self.hiddenByte) {
            status = .won
            finalWord = pattern
        }
        return .hit(count: family.nonzeroBitCount)
    }

    /// Guesses the whole word (case-insensitive). A wrong word costs one miss; in evil mode a
    /// candidate is dodged (removed, and a miss) while any other candidate remains.
    public mutating func guess(word: String) -> WordOutcome {
        guard status == .playing else { return .roundOver }
        guard let bytes = alphabet.isASCII ? Self.normalized(word) : alphabet.encode(word), bytes.count == length else {
            return .invalid
        }
        let others = removeCandidates(equalTo: bytes)
        if others == 0 {
            // The word as listed (a folded guess may have left its accents out).
            shown = candidates.count >= length ? Array(candidates[0..<length]) : bytes
            status = .won
            finalWord = pattern
            return .solved
        }
        wrongWords.append(alphabet.isASCII ? String(decoding: bytes, as: UTF8.self) : alphabet.decode(bytes))
        spendMiss()
        return .wrong
    }

    /// The round is lost as it stands, no miss spent (a player out of time on a board of their own).
    public mutating func forfeit() {
        guard status == .playing else { return }
        status = .lost
        finalWord = firstCandidate()
    }

    mutating func spendMiss() {
        misses += 1
        if misses >= maxMisses {
            status = .lost
            finalWord = firstCandidate()
        }
    }
}
