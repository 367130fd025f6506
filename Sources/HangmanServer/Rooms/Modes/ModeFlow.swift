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
    /// Why nobody may take the round's hint in this mode, if so (asked of every flow, as `decorate`).
    func hintRefusal(_ game: Game) -> ServerError?
    /// Whether each round's word is drawn from the room's list before the game, so a room's own
    /// words must be enough for its rounds (`RoomState.ownWordsShortfall`): not evil's rounds,
    /// which fix no word, nor a setter's, whose word is a player's.
    var drawsListWords: Bool { get }
}

extension ModeFlow {
    func decorate(_ snapshot: inout RoomSnapshot, _ game: Game) {}
    func guessRefusal(_ player: PlayerID, _ game: Game) -> ServerError? { nil }
    func hintRefusal(_ game: Game) -> ServerError? { nil }
    var drawsListWords: Bool { true }
}

/// Classic adds nothing to the room: the shared board, on one's turn.
struct ClassicFlow: ModeFlow {}

/// Evil rounds fix no word: the room's own words are never too few for them.
struct EvilFlow: ModeFlow {
    var drawsListWords: Bool { false }
}

extension Mode {
    /// The registry of the server's flows: each mode's.
    var flow: any ModeFlow {
        switch self {
        case .classic: ClassicFlow()
        case .evil: EvilFlow()
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

    /// The first refusal of the round's hint any flow gives.
    static func hintRefusal(_ game: Game) -> ServerError? {
        for flow in all {
            if let refusal = flow.hintRefusal(game) { return refusal }
        }
        return nil
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
