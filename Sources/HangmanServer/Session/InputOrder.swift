import HangmanNet

/// The order in which a session runs what its client typed, as a value: one command at a time
/// (later lines wait in a bounded backlog, and past it the transport holds them), answers in the
/// order of the commands (`mustWait`), and the close after the client ended its input once every
/// line ran. The session performs what it answers (runs lines, pauses the transport, hops queues).
/// No queue, no transport: tested with values (`InputOrderTests`).
struct InputOrder {
    /// How many lines may wait before the transport is asked to hold the next ones (`command-backlog`).
    let backlogLimit: Int
    private var backlog: [InputEvent] = []
    /// A command (or the login flow) waits for an answer from another queue: lines wait.
    private(set) var isBusy = false
    /// An earlier command may still have answers to send from the room's or the lobby's queue
    /// (`state`, chat, a join's `joined`): the next command answered from anywhere else waits for a
    /// turn of that queue first (`mustWait`).
    private var answersMayBePending = false
    /// The backlog is full: the transport holds further lines (and stops reading) until it drains.
    private var inputPaused = false
    /// The client ended its input: the session closes once what it sent is answered.
    private var inputEnded = false
    private var closing = false

    init(backlogLimit: Int) { self.backlogLimit = backlogLimit }

    enum Arrival: Equatable {
        /// Run it now.
        case run
        /// It waits its turn; `pauseInput`: the backlog is full, the transport should hold the next lines.
        case wait(pauseInput: Bool)
    }

    /// A line or a notice about input arrived.
    mutating func arrived(_ event: InputEvent) -> Arrival {
        guard isBusy else { return .run }
        backlog.append(event)
        guard !inputPaused, backlog.count >= backlogLimit else { return .wait(pauseInput: false) }
        inputPaused = true
        return .wait(pauseInput: true)
    }

    /// A command waits for an answer from another queue: later lines wait until `finished()`.
    mutating func begin() { isBusy = true }

    /// The command that waited is done.
    mutating func finished() { isBusy = false }

    /// The next waiting line to run now (nil while busy or when none waits).
    mutating func next() -> InputEvent? {
        guard !isBusy, !backlog.isEmpty else { return nil }
        return backlog.removeFirst()
    }

    /// True once (then false) when the transport held lines and the backlog has room again.
    mutating func takeResume() -> Bool {
        guard inputPaused, backlog.count < backlogLimit else { return false }
        inputPaused = false
        return true
    }

    /// The session closed: nothing waiting runs.
    mutating func clear() { backlog.removeAll() }

    /// A command ran that may have answers still to come from the room's or the lobby's queue.
    mutating func answersMayFollow() { answersMayBePending = true }

    /// Whether `event` must first wait one turn of the queue earlier answers come from
    /// (`answeredThere`: it is answered on that queue itself, in order: no wait). When true it is
    /// back at the head of the backlog and the session is busy until that turn is over.
    mutating func mustWait(_ event: InputEvent, answeredThere: Bool) -> Bool {
        guard answersMayBePending, !answeredThere else { return false }
        answersMayBePending = false
        backlog.insert(event, at: 0)
        isBusy = true
        return true
    }

    /// The transport says no more lines will come.
    mutating func endInput() { inputEnded = true }

    /// True once (then false) when the input ended and every line sent has run: time to close.
    mutating func takeClose() -> Bool {
        guard inputEnded, !closing, !isBusy, backlog.isEmpty else { return false }
        closing = true
        return true
    }
}
