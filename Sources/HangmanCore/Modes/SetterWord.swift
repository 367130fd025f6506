/// The check of a setter's word (setter mode): the one place that says whether a word may be set,
/// so that other alphabets and rules extend it here. Pure.
public enum SetterWord {
    /// Lengths a set word may have when the room's `length` is `any`.
    public static let anyLengths = 2...WordList.maxWordLength

    /// Why a word was refused: said privately to the setter, never to the room.
    public enum Refusal: Error, Equatable, Sendable {
        /// Not all letters of the room's alphabet; says them (`Alphabet.guessableText`).
        case alphabet(String)
        /// Outside the room's length (or `anyLengths`).
        case length(ClosedRange<Int>)
        /// On the server's blocklist.
        case blocked

        public var message: String {
            switch self {
            case .alphabet(let letters):
                "a word is letters of this room's alphabet: \(letters); choose another (nobody else saw it)"
            case .length(let range):
                range.lowerBound == range.upperBound
                    ? "this room plays words of \(range.lowerBound) letters; choose another (nobody else saw it)"
                    : "a word here is \(range.lowerBound)-\(range.upperBound) letters; choose another (nobody else saw it)"
            case .blocked: "that word is not allowed on this server; choose another (nobody else saw it)"
            }
        }
    }

    /// How a refusal names the letters a setter may type: `a-z`, or `a-z äöüß` (accented ones too).
    static func letters(of alphabet: Alphabet) -> String {
        let extra = alphabet.letters.dropFirst(26)
        return extra.isEmpty ? "a-z" : "a-z " + String(extra)
    }

    /// The lengths a set word may have under `settings`.
    public static func lengths(for settings: Settings) -> ClosedRange<Int> {
        settings.length.map { $0...$0 } ?? anyLengths
    }

    /// The word, lower-cased, if a setter may set it in a room with `settings` playing `alphabet`
    /// (the room's language: a–z, or a–z and its own letters, any case); else why not. Accented
    /// letters stay as typed: the round folds them for guesses as it does a listed word's.
    public static func check(
        _ word: String, settings: Settings, blocklist: Blocklist, alphabet: Alphabet = .english
    ) -> Result<String, Refusal> {
        let codes = alphabet.isASCII ? Round.normalized(word) : alphabet.encode(word)
        guard let codes else { return .failure(.alphabet(letters(of: alphabet))) }
        let range = lengths(for: settings)
        guard range.contains(codes.count) else { return .failure(.length(range)) }
        let folded = alphabet.isASCII ? String(decoding: codes, as: UTF8.self) : alphabet.decode(codes)
        guard !blocklist.contains(folded) else { return .failure(.blocked) }
        return .success(folded)
    }
}
