import Dispatch
import Foundation
import HangmanCore
import HangmanNet

/// A house bot's connection. The bot plays as a client would: its `Session` is an ordinary one (in
/// JSON mode), whose output comes here instead of to a socket. The transport reads those JSON
/// events and, when a `state` says it is the bot's turn, waits `bot-think-ms` on the server's clock
/// and types a guess chosen by HangmanCore's `BotBrain`, which the session runs through the same
/// command path as anyone's. No socket and no thread of its own: everything runs on `queue`, which
/// targets the rooms' pool (so a test's `TestTable` settles bots with the rooms).
///
/// The brain plans from the list the round was drawn from (a category, a language, the room's own
/// words), which the bot asks its room for at the first turn of each round (`Room.botWords`): that
/// list never goes on the wire. A player's own word is on no list: then, as before a room is known, the
/// bot plans from the server's main list and `checked` keeps its moves legal.
final class BotTransport: SessionTransport, @unchecked Sendable {  // mutable state confined to `queue`
    /// What the bot plans from: the board of a turn that is its own.
    struct Board: Equatable {
        var pattern: String
        var guessed: [Character]
        /// The letters still open, in the room's alphabet order (a–z, then a language's own letters).
        var available: [Character] = []
        /// Misses so far: a wrong solve changes nothing else on the board.
        var misses = 0
    }

    let queue: DispatchQueue
    let peer = "house-bot"
    let peerAddress = "house-bot"
    let addressGroup = "house-bot"
    let isTelnet = false
    var pendingOutputBytes: Int { 0 }
    var terminal: TerminalInfo { TerminalInfo() }

    private let clock: any ServerClock
    /// The server's main list: the fallback when the round's word is on no list.
    private let mainWords: WordList
    /// The list the brain plans from this round.
    private var words: WordList
    /// The room the bot sits in (`seated(in:)`), asked for its list.
    private var room: Room?
    /// The list must be asked for again before the next move (a new round or game).
    private var wordsStale = true
    /// The room has been asked and has not answered yet.
    private var askingForWords = false
    /// A move fell due while the list was being asked for: made when it arrives.
    private var moveWaits = false
    private let level: BotLevel
    private let thinkSeconds: Double
    private var brain: BotBrain
    private var rng: SeededRandom
    /// Strong until closed (as a socket's connection holds its handler); nil afterwards.
    private var session: Session?
    private var closed = false
    /// Bytes of a line not yet complete.
    private var partial: [UInt8] = []
    /// The board of the bot's turn that a move is planned or made for (nil: not its turn).
    private var board: Board?
    private var thinking: TimerToken?
    /// Words the bot tried to solve this round (its list may not be the room's: never twice).
    private var triedWords: Set<String> = []

    init(server: GameServer, level: BotLevel) {
        queue = DispatchQueue(label: "hangman.bot.\(level.rawValue)", target: server.roomTargetQueue)
        clock = server.clock
        mainWords = server.words
        words = server.words
        self.level = level
        thinkSeconds = Double(server.config.botThinkMilliseconds) / 1000
        brain = BotBrain(level: level)
        rng = server.makeRandom()
    }

    /// Connects the bot's session; called once, before the transport is shared with any queue.
    func attach(_ session: Session) {
        self.session = session
    }

    /// The bot sits in `room` (any queue).
    func seated(in room: Room) {
        queue.async { self.room = room }
    }

    // MARK: SessionTransport

    /// The session's output: JSON lines, read on `queue`.
    func send(_ bytes: [UInt8]) {
        queue.async { self.read(bytes) }
    }

    func close(reason: CloseReason) {
        queue.async {
            guard !self.closed else { return }
            self.closed = true
            self.thinking?.cancel()
            self.thinking = nil
            let session = self.session
            self.session = nil
            session?.didClose(reason: reason)
        }
    }

    func setEchoHidden(_ hidden: Bool) {}
    func setIdleTimeout(seconds: Int) {}
    func setInputPaused(_ paused: Bool) {}
    func loginCompleted() {}
    /// `queue` targets the rooms' target queue (serial in tests): a wait there for a room could be
    /// a wait for this very thread.
    var mayWaitForRooms: Bool { false }

    // MARK: playing

    private func read(_ bytes: [UInt8]) {
        guard !closed else { return }
        partial += bytes
        while let end = partial.firstIndex(of: 10) {
            let line = Data(partial[..<end])
            partial.removeSubrange(...end)
            guard let event = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any],
                let type = event["type"] as? String
            else { continue }
            react(to: type, event)
        }
    }

    private func react(to type: String, _ event: [String: Any]) {
        let me = session.map { PlayerID($0.displayName) }
        switch type {
        case "state":
            see(event, me: me)
        case "round_over", "game_over":
            // A new round may open on a board that looks like the last one's start.
            forgetBoard()
            triedWords = []
            wordsStale = true
        case "left" where me != nil && (event["player"] as? String).map({ PlayerID($0) }) == me, "kicked":
            // Removed from the table (by the host, or because no person is left): the bot is done.
            close(reason: .requested)
        default:
            break
        }
    }

    /// A board: if it is the bot's turn on a board not yet answered, plan a move after the think time.
    /// While no person at the table is connected (dropped, within their grace period) the bot waits:
    /// the game is theirs, and it must not play on without them.
    private func see(_ state: [String: Any], me: PlayerID?) {
        let players = state["players"] as? [[String: Any]] ?? []
        let personHere = players.contains { $0["bot"] as? Bool != true && $0["connected"] as? Bool == true }
        guard state["status"] as? String == "playing", personHere, let me,
            let turn = state["turn"] as? String, PlayerID(turn) == me,
            let pattern = state["pattern"] as? String, let guessed = state["guessed"] as? [String]
        else { return forgetBoard() }
        let available = (state["available"] as? [String] ?? []).compactMap(\.first)
        let seen = Board(
            pattern: pattern, guessed: guessed.compactMap(\.first), available: available,
            misses: state["misses"] as? Int ?? 0)
        guard seen != board else { return }  // the same board again: the move planned (or made) stands
        board = seen
        askForWords()
        thinking?.cancel()
        thinking = clock.schedule(after: thinkSeconds, on: queue) { self.move() }
    }

    private func forgetBoard() {
        board = nil
        moveWaits = false
        thinking?.cancel()
        thinking = nil
    }

    /// Asks the room for the round's list once per round; the answer comes back on `queue`.
    private func askForWords() {
        guard wordsStale, !askingForWords, let room else { return }
        askingForWords = true
        room.botWords { list in
            self.queue.async { self.useWords(list ?? self.mainWords) }
        }
    }

    private func useWords(_ list: WordList) {
        askingForWords = false
        wordsStale = false
        words = list
        brain = BotBrain(level: level)  // candidates of another list are no use
        if moveWaits {
            moveWaits = false
            move()
        }
    }

    /// Types the brain's choice for the board of this turn (on `queue`).
    private func move() {
        thinking = nil
        if askingForWords {
            moveWaits = true
            return
        }
        guard !closed, let session, let board else { return }
        let planned = brain.move(pattern: board.pattern, guessed: board.guessed, words: words, rng: &rng)
        switch Self.checked(planned, board, tried: triedWords) {
        case .letter(let letter): session.receive(.line("guess \(letter)"))
        case .word(let word):
            triedWords.insert(word)
            session.receive(.line("solve \(word)"))
        case nil: return
        }
    }

    /// The brain's move if the board allows it, else the first open letter (a–z in everyday
    /// order, then the alphabet's own). Planning from the main list (a player's word, or a list that
    /// changed under the round) it may run out of candidates, or solve a word of the wrong length or
    /// one it already tried, while letters are open.
    static func checked(_ move: BotMove?, _ board: Board, tried: Set<String> = []) -> BotMove? {
        switch move {
        case .letter(let letter) where board.available.contains(letter): return move
        case .word(let word) where word.count == board.pattern.count && !tried.contains(word): return move
        default:
            let common = everydayOrder.first { board.available.contains($0) }
            return (common ?? board.available.first).map { .letter($0) }
        }
    }

    /// English letters from most to least common (as `BotBrain`'s beginner order).
    static let everydayOrder = Array("etaoinshrdlcumwfgypbvkjxqz")
}
