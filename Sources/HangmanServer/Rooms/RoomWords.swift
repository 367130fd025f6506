import HangmanCore

/// The words a room draws from, a pure value: the server's library (categories, languages), the
/// list in use, and a private room's own words (`words add`, `words clear`). While a room has words
/// of its own they are the list, whatever its category; they are words of the room's alphabet and
/// are never shown to anyone.
struct RoomWords {
    /// The list the room's games draw from: the library's list for the room's settings, or its own.
    private(set) var list: WordList
    /// Every list the server offers (categories, languages); `list` is one of them or the room's own.
    let library: WordLibrary
    /// The room's own words, in the order added.
    private(set) var own: [String] = []
    /// The most words a room may have of its own (`room-words-max`).
    let ownMax: Int

    init(list: WordList, library: WordLibrary? = nil, ownMax: Int) {
        self.list = list
        self.library = library ?? WordLibrary(main: list)
        self.ownMax = ownMax
    }

    var hasOwn: Bool { !own.isEmpty }

    /// The list a game with `settings` draws from, the room's being `current`: the one in use while
    /// they name the same category and language (the room's own words stay), else the library's.
    func list(for settings: Settings, current: Settings) -> WordList {
        settings.category == current.category && settings.language == current.language
            ? list : library.words(for: settings)
    }

    /// The room's settings change from `current` to `updated`: the list follows them.
    mutating func follow(_ updated: Settings, from current: Settings) {
        list = list(for: updated, current: current)
    }

    /// `words clear`: back to the library's list for `settings`; false when there were none.
    mutating func clearOwn(settings: Settings) -> Bool {
        guard hasOwn else { return false }
        own = []
        list = library.words(for: settings)
        return true
    }

    /// `words add`: each entry checked through the list's own rules (letters of the alphabet, 1-64
    /// of them); new ones are added and become the list. Answers how many were added and the entries
    /// refused, or why none was (none valid, or more than `ownMax` in all).
    mutating func add(_ entries: [String], settings: Settings) -> Result<(added: Int, refused: [String]), ServerError> {
        let alphabet = library.words(for: settings).alphabet
        var fresh: [String] = []
        var refused: [String] = []
        for entry in entries {
            let single = WordList(words: [entry], alphabet: alphabet)
            guard let word = single.words(length: nil, distinctLetters: nil).first else {
                refused.append(entry)
                continue
            }
            if !own.contains(word) && !fresh.contains(word) { fresh.append(word) }
        }
        guard !fresh.isEmpty else { return .failure(.invalid("no word added: \(Self.rule(alphabet))")) }
        guard own.count + fresh.count <= ownMax else {
            return .failure(
                .outOfRange(
                    "a room holds at most \(ownMax) words of its own (\(own.count) now); \(fresh.count) more would pass it"))
        }
        own += fresh
        list = WordList(words: own, alphabet: alphabet)
        return .success((fresh.count, refused))
    }

    /// What a word of the room's own must be, for `settings`' alphabet.
    func rule(for settings: Settings) -> String { Self.rule(library.words(for: settings).alphabet) }

    private static func rule(_ alphabet: Alphabet) -> String {
        "a word is 1-\(WordList.maxWordLength) letters \(alphabet.guessableText)"
    }

    /// `start` in room `room` with fewer own words that fit `settings` than rounds: refused, or a
    /// word would come twice in one game. Only modes whose rounds draw from the list are asked.
    func shortfall(_ settings: Settings, room: String) -> ServerError? {
        guard hasOwn, settings.mode.flow.drawsListWords else { return nil }
        let fitting = list.count(length: settings.length, distinctLetters: settings.difficulty.distinctLetters)
        // None fitting is the game's own refusal (no word of that length).
        guard fitting > 0, fitting < settings.rounds else { return nil }
        let plural = fitting == 1 ? "word" : "words"
        return .outOfRange(
            "\(room) has \(fitting) \(plural) of its own for \(settings.rounds) rounds (one would come twice); "
                + "add words or set rounds \(fitting)")
    }

    /// `set category` and `set language` while room `room` plays its own words: refused (clear first).
    func block(_ key: SettingKey, room: String) -> ServerError? {
        guard hasOwn, key.kind == .name else { return nil }
        return .invalid("\(room) plays its own words; type words clear before setting the \(key.name)")
    }
}
