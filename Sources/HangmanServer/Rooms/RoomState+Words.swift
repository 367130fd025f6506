import HangmanCore

/// A private room's own words (`words add`, `words clear`, `words`): they replace the room's list
/// (category or language) while there are any, are words of the room's alphabet, and are never
/// shown to anyone; games drawn from them stay off the global leaderboard (their host knows them).
extension RoomState {
    mutating func roomWords(by client: ClientID, _ id: PlayerID, _ request: WordsRequest) {
        guard isMember(id, client) else { return reply(.noGame("you are not in \(name)")) }
        switch request {
        case .count:
            reply(nil)
            emit(.send(client, .roomWords(room: name, count: ownWords.count, by: nil, added: 0)))
        case .add(let entries):
            guard password != nil else {
                return reply(.invalid("only a private room (made with create <room> <password>) can have its own words"))
            }
            guard host == id, isSeated(id, client) else { return reply(.notHost) }
            addOwnWords(entries, by: id, client: client)
        case .clear:
            guard host == id, isSeated(id, client) else { return reply(.notHost) }
            guard !ownWords.isEmpty else { return reply(.invalid("\(name) has no words of its own")) }
            ownWords = []
            words = library.words(for: settings)
            reply(nil)
            broadcast(.roomWords(room: name, count: 0, by: id.name, added: 0))
        }
    }

    /// The settings change to `updated`: the list drawn from follows their category and language
    /// (kept when they name the list in use: the room's own words stay).
    mutating func followWordList(_ updated: Settings) { words = wordList(for: updated) }

    private mutating func addOwnWords(_ entries: [String], by id: PlayerID, client: ClientID) {
        let alphabet = library.words(for: settings).alphabet
        var fresh: [String] = []
        var refused: [String] = []
        for entry in entries {
            // One word at a time through the list's own rules (letters of the alphabet, 1-64 of them).
            let single = WordList(words: [entry], alphabet: alphabet)
            guard let word = single.words(length: nil, distinctLetters: nil).first else {
                refused.append(entry)
                continue
            }
            if !ownWords.contains(word) && !fresh.contains(word) { fresh.append(word) }
        }
        guard !fresh.isEmpty else {
            return reply(.invalid("no word added: a word is 1-\(WordList.maxWordLength) letters \(alphabet.guessableText)"))
        }
        guard ownWords.count + fresh.count <= ownWordsMax else {
            return reply(
                .outOfRange(
                    "a room holds at most \(ownWordsMax) words of its own (\(ownWords.count) now); \(fresh.count) more would pass it"
                ))
        }
        ownWords += fresh
        words = WordList(words: ownWords, alphabet: alphabet)
        reply(nil)
        if !refused.isEmpty {
            emit(
                .send(
                    client,
                    .info(
                        "Not added (\(refused.count)): a word is 1-\(WordList.maxWordLength) letters \(alphabet.guessableText)."))
            )
        }
        broadcast(.roomWords(room: name, count: ownWords.count, by: id.name, added: fresh.count))
    }

    /// `start` with fewer of the room's own words that fit its settings than rounds: refused, or a
    /// word would come twice in one game (the players saw it solved). Only modes whose rounds draw
    /// their words from the list are asked (`ModeFlow.drawsListWords`).
    var ownWordsShortfall: ServerError? {
        guard !ownWords.isEmpty, settings.mode.flow.drawsListWords else { return nil }
        let fitting = words.count(length: settings.length, distinctLetters: settings.difficulty.distinctLetters)
        // None fitting is the game's own refusal (no word of that length).
        guard fitting > 0, fitting < settings.rounds else { return nil }
        let plural = fitting == 1 ? "word" : "words"
        return .outOfRange(
            "\(name) has \(fitting) \(plural) of its own for \(settings.rounds) rounds (one would come twice); "
                + "add words or set rounds \(fitting)")
    }

    /// `set category` and `set language` while the room plays its own words: refused (clear them first).
    func ownWordsBlock(_ key: SettingKey) -> ServerError? {
        guard !ownWords.isEmpty, key.kind == .name else { return nil }
        return .invalid("\(name) plays its own words; type words clear before setting the \(key.name)")
    }
}
