import HangmanCore

/// What `RoundEvents` asks of the room whose game's events it turns into broadcasts (`RoomState`; a
/// fake in tests).
protocol RoundEventsRoom {
    var name: String { get }
    /// The board a guess's line carries while the round goes on (nil: no game under way).
    var guessBoard: GuessBoard? { get }
    mutating func broadcast(_ event: Outbound)
    /// A round ended: its hint is put away, its record kept and its closing board broadcast (before
    /// its `round_over`). `guessed`: the round's letters when a guess ended it; `played`: the round
    /// as it was before that guess.
    mutating func roundClosed(_ end: RoundEvents.Ended, guessed: [Character]?, played: PlayedRound?)
    /// A new round began: its hint is drawn.
    mutating func roundOpened()
    /// A mode's own event (`ModeFlow.handle`); true when it changed the board.
    mutating func modeEvent(_ event: GameEvent) -> Bool
}

/// The step from the rules' events to the room's broadcasts, in their order. A guess's line waits
/// until it is known whether the round goes on: then it carries the board and sums it up (the board
/// after it is an update); a round's end sends it bare, before the round's closing board and
/// `round_over`. What is left for the room (the game's end, a board, the turn's timer) is the
/// `Outcome`.
struct RoundEvents {
    /// A round's end, as the rules told it.
    struct Ended: Equatable {
        var round: Int
        var word: String
        var won: Bool
        var mistakes: Int
        var solver: PlayerID?
    }

    /// What the room does once the events are broadcast.
    struct Outcome: Equatable {
        /// The game ended with this ranking: the room finishes it (and nothing else).
        var gameOver: [GamePlayer]?
        /// The board changed: the turn's timer is armed again and a board follows.
        var needsState = false
        /// A new round began: its whole board follows, not an update.
        var newRound = false
        /// A guess's line summed up the board (the board after it is an update).
        var summedUp = false
    }

    private var room: String
    /// The guess waiting to know whether the round goes on.
    private var pendingGuess: Outbound?
    private var outcome = Outcome()

    private init(room: String) { self.room = room }

    /// Broadcasts `events` on `room` in order; what is left to do is the outcome.
    static func apply<Room: RoundEventsRoom>(
        _ events: [GameEvent], to room: inout Room, guessed: [Character]?, played: PlayedRound?
    ) -> Outcome {
        var steps = RoundEvents(room: room.name)
        for event in events { steps.take(event, &room, guessed: guessed, played: played) }
        // The guess's line sums up the board when the round goes on; other changes show the board.
        if let board = steps.outcome.newRound ? nil : room.guessBoard, steps.pendingGuess != nil {
            steps.outcome.summedUp = true
            steps.flushGuess(board: board, &room)
        }
        steps.flushGuess(board: nil, &room)
        return steps.outcome
    }

    private mutating func take<Room: RoundEventsRoom>(
        _ event: GameEvent, _ room: inout Room, guessed: [Character]?, played: PlayedRound?
    ) {
        switch event {
        case .guessed(let player, let letter, let word, let hit, let count, let points):
            pendingGuess = .guess(
                room: self.room, player: player.name, letter: letter, word: word, hit: hit, count: count, points: points,
                board: nil)
            outcome.needsState = true
        case .turn:
            outcome.needsState = true
        case .roundOver(let round, let word, let result, let solver, let mistakes):
            flushGuess(board: nil, &room)
            let ended = Ended(round: round, word: word, won: result == .won, mistakes: mistakes, solver: solver)
            room.roundClosed(ended, guessed: guessed, played: played)
            room.broadcast(
                .roundOver(
                    room: self.room, round: round, word: word, won: ended.won, solver: solver?.name, mistakes: mistakes))
            outcome.needsState = false
        case .roundStarted:
            outcome.needsState = true
            outcome.newRound = true
            room.roundOpened()
        case .gameOver(let ranking):
            outcome.gameOver = ranking
        default:
            // A mode's own event: its flow's step (`ModeFlow.handle`).
            if room.modeEvent(event) { outcome.needsState = true }
        }
    }

    /// The waiting guess goes out, carrying `board`.
    private mutating func flushGuess<Room: RoundEventsRoom>(board: GuessBoard?, _ room: inout Room) {
        guard case .guess(let name, let player, let letter, let word, let hit, let count, let points, _)? = pendingGuess
        else { return }
        pendingGuess = nil
        room.broadcast(
            .guess(
                room: name, player: player, letter: letter, word: word, hit: hit, count: count, points: points, board: board))
    }
}
