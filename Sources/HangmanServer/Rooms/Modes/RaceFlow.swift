import HangmanCore

/// Race mode's shared board: every racer's progress as counts (the room's race rounds, each
/// racer's own board and clock are in RoomState+Race.swift).
struct RaceFlow: ModeFlow {
    func decorate(_ snapshot: inout RoomSnapshot, _ game: Game) {
        if let race = game.race { snapshot.race = race.map(RoomState.raceView) }
    }
}
