import HangmanCore

/// Race mode's shared board: every racer's progress as counts (the room's race rounds, each
/// racer's own board and clock are in RoomState+Race.swift).
struct RaceFlow: ModeFlow {
    func decorate(_ snapshot: inout RoomSnapshot, _ game: Game) {
        if let race = game.race { snapshot.race = race.map(RoomState.raceView) }
    }

    /// Each racer plays a board of their own: a hint for one would be a gift to the room.
    func hintRefusal(_ game: Game) -> ServerError? {
        game.race == nil ? nil : .invalid("a race has no hints: each racer plays a board of their own")
    }
}
