import HangmanCore

/// The server half of a mode: what the room shows of it and what it refuses, beside its Core rules
/// (`ModeRules`). Every requirement has a default that does nothing, so a mode writes only what it
/// adds; a flow is a stateless value and reads the mode's state from the `Game` (`setterRound`,
/// `race`, `teams`). The registry is `Mode.flow`, one row a mode.
protocol ModeFlow: Sendable {
    /// Adds the mode's fields to a board of `game` (under way, or the round that just ended). Every
    /// flow is asked (`ModeFlows.decorate`): a flow adds its fields only when the game holds its
    /// mode's state, so a board keeps them for the round they belong to when the mode changes.
    func decorate(_ snapshot: inout RoomSnapshot, _ game: Game)
    /// Why `player` may not guess now in this mode, if so (nil: the game decides).
    func guessRefusal(_ player: PlayerID, _ game: Game) -> ServerError?
}

extension ModeFlow {
    func decorate(_ snapshot: inout RoomSnapshot, _ game: Game) {}
    func guessRefusal(_ player: PlayerID, _ game: Game) -> ServerError? { nil }
}

/// Classic and evil add nothing to the room: the shared board, on one's turn.
struct ClassicFlow: ModeFlow {}

extension Mode {
    /// The registry of the server's flows: each mode's.
    var flow: any ModeFlow {
        switch self {
        case .classic, .evil: ClassicFlow()
        case .setter: SetterFlow()
        case .race: RaceFlow()
        case .teams: TeamsFlow()
        }
    }
}

/// Every mode's flow at once, asked in mode order.
enum ModeFlows {
    /// Each mode's flow, in `Mode` order (read from the registry once).
    static let all: [any ModeFlow] = Mode.allCases.map(\.flow)

    /// Every flow's fields on a board of `game`.
    static func decorate(_ snapshot: inout RoomSnapshot, _ game: Game) {
        for flow in all { flow.decorate(&snapshot, game) }
    }

    /// The first refusal of a guess by `player` any flow gives.
    static func guessRefusal(_ player: PlayerID, _ game: Game) -> ServerError? {
        for flow in all {
            if let refusal = flow.guessRefusal(player, game) { return refusal }
        }
        return nil
    }
}

extension Game {
    /// Why `player` may not guess now by the flows of the modes (read in place: `current?.…`).
    func flowRefusal(_ player: PlayerID) -> ServerError? { ModeFlows.guessRefusal(player, self) }
}
