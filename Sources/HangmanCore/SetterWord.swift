/// The check of a setter's word (setter mode): the one place that says whether a word may be set,
/// so that other alphabets and rules extend it here. Pure.
public enum SetterWord {
    /// Lengths a set word may have when the room's `length` is `any`.
    public static let anyLengths = 2...WordList.maxWordLength

    /// Why a word was refused: said privately to the setter, never to the room.
    public enum Refusal: Error, Equatable, Sendable {
        /// Not all letters of the room's alphabet (a-z).
        case alphabet
        /// Outside the room's length (or `anyLengths`).
        case length(ClosedRange<Int>)
        /// On the server's blocklist.
        case blocked

        public var message: String {
            switch self {
            case .alphabet: "a word is letters a-z only; choose another (nobody else saw it)"
            case .length(let range):
                range.lowerBound == range.upperBound
                    ? "this room plays words of \(range.lowerBound) letters; choose another (nobody else saw it)"
                    : "a word here is \(range.lowerBound)-\(range.upperBound) letters; choose another (nobody else saw it)"
            case .blocked: "that word is not allowed on this server; choose another (nobody else saw it)"
            }
        }
    }

    /// The lengths a set word may have under `settings`.
    public static func lengths(for settings: Settings) -> ClosedRange<Int> {
        settings.length.map { $0...$0 } ?? anyLengths
    }

    /// The word, lower-cased, if a setter may set it in a room with `settings`; else why not.
    public static func check(_ word: String, settings: Settings, blocklist: Blocklist) -> Result<String, Refusal> {
        guard let bytes = Round.normalized(word) else { return .failure(.alphabet) }
        let range = lengths(for: settings)
        guard range.contains(bytes.count) else { return .failure(.length(range)) }
        let folded = String(decoding: bytes, as: UTF8.self)
        guard !blocklist.contains(folded) else { return .failure(.blocked) }
        return .success(folded)
    }
}
