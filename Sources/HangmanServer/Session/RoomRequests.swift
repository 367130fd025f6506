import HangmanCore

/// The requests a player in a room sends to it: guesses, `start`, `word` (or a bare line that
/// answers the word prompt), `team`, `words`, `hint`, `kick`, `votekick`, `set`, `state`. Most do not wait (`call`): they reach the room's queue in the order
/// typed, and the room delivers answers and refusals itself, in order with its broadcasts. No
/// state: the room and the session hold it.
enum RoomRequests {
    /// Runs `command` in `room` if it is a room request; false if not.
    static func run(_ command: Command, in room: Room, for session: Session) -> Bool {
        let id = session.id
        switch command {
        case .start: call(session) { room.start(by: session, id: id, reply: $0) }
        case .guessLetter(let letter): call(session) { room.guess(by: session, id: id, letter: letter, word: nil, reply: $0) }
        case .guessWord(let word): call(session) { room.guess(by: session, id: id, letter: nil, word: word, reply: $0) }
        case .words(let request): call(session) { room.words(by: session, id: id, request: request, reply: $0) }
        case .hint: call(session) { room.hint(by: session, id: id, reply: $0) }
        case .team(let team): call(session) { room.team(by: session, id: id, team: team, reply: $0) }
        case .kick(let target): call(session) { room.kick(by: session, id: id, target: target, reply: $0) }
        case .votekick(let target): call(session) { room.votekick(by: session, id: id, target: target, reply: $0) }
        case .state: room.sendState(to: session)
        case .setWord(let word, let hint): setWord(word, hint: hint, bare: false, in: room, for: session)
        case .bare(let text):
            // It may be the answer to a word prompt (`castle a fortress`); the room decides, and
            // answers anyone it did not ask as any unknown line is answered.
            guard case .setWord(let word, let hint)? = CommandParser.wordAnswer(text) else { return false }
            setWord(word, hint: hint, bare: true, in: room, for: session)
        case .set(let setting, let value):
            session.begin()
            room.set(by: session, id: id, setting: setting, value: value) { result in
                session.onQueue {
                    switch result {
                    case .success(let values): session.rooms.remember(values, session)
                    case .failure(let error): session.send(error.outbound)
                    }
                    session.finish()
                }
            }
        default:
            return false
        }
        return true
    }

    /// The answer of the player asked for the word (`word <word> [hint]`, or `bare`: the line alone),
    /// answered before the next line runs (unlike guesses): a refusal is their only answer.
    private static func setWord(_ word: String, hint: String?, bare: Bool, in room: Room, for session: Session) {
        session.begin()
        room.setWord(by: session, id: session.id, word: word, hint: hint, bare: bare) { result in
            session.onQueue {
                if case .failure(let error) = result { session.send(error.outbound) }
                session.finish()
            }
        }
    }

    /// A room request typed in the lobby: refused, saying what to do instead; false if `command`
    /// is not a room request.
    static func refuseInLobby(_ command: Command, _ session: Session) -> Bool {
        switch command {
        case .start: session.sendError(.noGame, "you are in the lobby; type play or join a room first")
        case .guessLetter, .guessWord, .hint, .state:
            session.sendError(.noGame, "you are in the lobby; type play to start a game")
        case .setWord: session.sendError(.noGame, "you are in the lobby; word answers a room that asks you for its word")
        case .team: session.sendError(.noGame, "you are in the lobby; team is for a teams game's room")
        case .words: session.sendError(.invalidInput, "you are in the lobby; a room has words, join one first")
        case .set: session.sendError(.notHost, "you are in the lobby; create a room to change its settings")
        case .kick: session.sendError(.notHost, "you are in the lobby; only a room's host can kick")
        case .votekick: session.sendError(.noGame, "you are in the lobby; votekick is for a room's seated players")
        default: return false
        }
        return true
    }

    /// Sends a room request without waiting for it: an error is delivered by the room itself, in
    /// order with the room's broadcasts. Saves a hop back to the session's queue per guess.
    private static func call(_ session: Session, _ request: (@escaping @Sendable (Result<Void, ServerError>) -> Void) -> Void) {
        request { result in
            if case .failure(let error) = result { session.send(error.outbound) }
        }
    }
}
