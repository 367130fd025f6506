import HangmanCore

/// Race mode's boards: every racer's progress as counts on the shared board, and each racer's own
/// board (the room's race rounds, sending each member their board, and the racers' clocks are in
/// RoomState+Race.swift and RoomState+Timers.swift).
struct RaceFlow: ModeFlow {
    func decorate(_ snapshot: inout RoomSnapshot, _ game: Game) {
        if let race = game.race { snapshot.race = race.map(Self.view) }
    }

    /// Each racer plays a board of their own: a hint for one would be a gift to the room.
    func hintRefusal(_ game: Game) -> ServerError? {
        game.race == nil ? nil : .invalid("a race has no hints: each racer plays a board of their own")
    }

    /// A racer's progress as everyone may see it: counts, never letters.
    static func view(_ board: RaceBoard) -> RaceView {
        let status: RaceView.Status =
            switch board.round.status {
            case .won: .solved
            case .lost: .out
            case .playing: .racing
            }
        return RaceView(
            name: board.id.name, found: board.found, length: board.round.length, misses: board.round.misses,
            maxMisses: board.round.maxMisses, status: status)
    }

    /// The board a racer sees: the room's `shared` board with their own letters and misses, `turn`
    /// naming them while they race, and their own time since their last guess (`deadline`; the
    /// shared board shows the earliest racer's).
    static func own(
        _ shared: RoomSnapshot, of racer: PlayerID, _ board: RaceBoard, deadline: UInt64?, now: UInt64
    ) -> RoomSnapshot {
        var snapshot = shared
        snapshot.pattern = board.round.pattern
        snapshot.misses = board.round.misses
        snapshot.maxMisses = board.round.maxMisses
        snapshot.guessed = board.round.guessed
        snapshot.available = board.round.available
        snapshot.turn = board.racing ? racer.name : nil
        if let deadline, board.racing {
            snapshot.turnSecondsLeft = TurnClock.secondsLeft(until: deadline, at: now)
        }
        return snapshot
    }

    /// The board that closes a race round, as a racer sees it: their own misses and letters (not
    /// the solver's) on the `ended` board.
    static func ownEnded(_ ended: RoomSnapshot, _ board: RaceBoard) -> RoomSnapshot {
        var own = ended
        own.misses = board.round.misses
        own.guessed = board.round.guessed
        own.available = board.round.alphabet.guessable.filter { !own.guessed.contains($0) }
        return own
    }
}
