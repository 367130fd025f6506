import HangmanCore

/// A private room's own words (`words add`, `words clear`, `words`; the lists are `RoomWords`'s):
/// games drawn from them stay off the global leaderboard (their host knows them).
extension RoomState {
    mutating func roomWords(by client: ClientID, _ id: PlayerID, _ request: WordsRequest) {
        guard isMember(id, client) else { return reply(.noGame("you are not in \(name)")) }
        switch request {
        case .count:
            reply(nil)
            emit(.send(client, .roomWords(room: name, count: wordLists.own.count, by: nil, added: 0)))
        case .add(let entries):
            guard password != nil else {
                return reply(.invalid("only a private room (made with create <room> <password>) can have its own words"))
            }
            guard host == id, isSeated(id, client) else { return reply(.notHost) }
            switch wordLists.add(entries, settings: settings) {
            case .failure(let refusal): return reply(refusal)
            case .success(let (added, refused)):
                reply(nil)
                if !refused.isEmpty {
                    emit(.send(client, .info("Not added (\(refused.count)): \(wordLists.rule(for: settings)).")))
                }
                broadcast(.roomWords(room: name, count: wordLists.own.count, by: id.name, added: added))
            }
        case .clear:
            guard host == id, isSeated(id, client) else { return reply(.notHost) }
            guard wordLists.clearOwn(settings: settings) else { return reply(.invalid("\(name) has no words of its own")) }
            reply(nil)
            broadcast(.roomWords(room: name, count: 0, by: id.name, added: 0))
        }
    }

    /// The settings change to `updated`: the list drawn from follows their category and language
    /// (kept when they name the list in use: the room's own words stay).
    mutating func followWordList(_ updated: Settings) { wordLists.follow(updated, from: settings) }
}
