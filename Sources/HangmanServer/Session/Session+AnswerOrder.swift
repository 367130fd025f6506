import Dispatch
import HangmanNet

/// Answers come in the order the commands were typed. A program that pipelines commands matches
/// each answer to its command by that order alone (the protocol has no request ids), so an answer
/// must never overtake the answer to an earlier command.
///
/// Most commands are answered here, on the session's queue, and later lines wait (`begin`/`finish`).
/// Some are answered on the room's queue without this session waiting (`state`, `settings`, chat,
/// `start`, `hint`, `words`, `kick`, guesses and their refusals), and the room's broadcast for a
/// join or a resume goes out just after the room's reply. A command answered from anywhere else
/// (an unknown command, a usage error, a store query, the lobby) used to overtake them: from one
/// write of `state` and `zz`, 16 of 20 tries on a real server got the error first. Now such a
/// command first waits for one turn of the queue those answers come from (a room's, else the
/// lobby's); room-answered commands typed in a row need no wait (that queue keeps their order),
/// so a stream of guesses or chat costs nothing more (chat in the lobby is answered on the lobby's
/// queue, which is the one waited on there).
extension Session {
    /// True when `event` must first wait for the answers of earlier commands: it is then put back
    /// at the head of the backlog and runs after one turn of the queue they come from.
    /// `answeredThere`: the event is a command answered on that queue (`isAnsweredThere`): no wait.
    func waitsForEarlierAnswers(_ event: InputEvent, answeredThere: Bool = false) -> Bool {
        guard answersMayBePending, case .playing = phase, !answeredThere else { return false }
        answersMayBePending = false
        let queue = room?.queue ?? server.lobby.queue
        backlog.insert(event, at: 0)
        begin()
        queue.async { self.onQueue { self.finish() } }
        return true
    }

    /// Commands whose every answer (refusals included) is made on the queue earlier answers come
    /// from, in order with what it sends: the room's for these commands typed in a room, the
    /// lobby's for chat typed in the lobby.
    func isAnsweredThere(_ parsed: Result<Command, CommandError>) -> Bool {
        guard case .success(let command) = parsed else { return false }
        switch command {
        case .empty: return true
        case .say(let text): return !text.isEmpty
        case .guessLetter, .guessWord, .start, .hint, .team, .words, .kick, .state, .settings: return room != nil
        default: return false
        }
    }
}
