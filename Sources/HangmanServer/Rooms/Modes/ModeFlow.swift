import HangmanCore
import HangmanStore

/// The server half of a mode: what the room shows of it, what it refuses and the steps of the room
/// it takes over, beside its Core rules (`ModeRules`). Every requirement has a default that does
/// nothing, so a mode writes only what it adds; a flow is a stateless value and reads the mode's
/// state from the `Game`. The registry is `Mode.flow`, one row a mode; the room asks the flows
/// through `ModeFlows` and never names a mode.
protocol ModeFlow: ModeView {
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

    /// The mode's own boards when `game` (under way; nil: none) plays them: each player a board of
    /// their own, which then takes the room's guesses, boards, returns and timer. Nil: the room's
    /// shared board. An optional read in place (`game?.…`): unwrapping it with `let` would copy the
    /// game (a retain of everything it holds) at every guess.
    func ownBoards(_ game: Game?) -> (any OwnBoardsFlow)?
    /// `game`, made for a start, before it is under way (the room has marked who is not connected).
    func prepare(_ game: inout Game)
    /// The game under way has started and its first board is out.
    func started(_ room: inout some ModeRoom)
    /// A new game: the mode's room state starts afresh.
    func newGame(_ room: inout some ModeRoom)
    /// The mode's own step of the game's `event` (the Core events of the mode), if it is one: true
    /// when it changed the board, so the room draws it.
    func handle(_ event: GameEvent, _ room: inout some ModeRoom) -> Bool
    /// Arms the mode's own timer instead of the turn's; false when the turn's timer applies.
    func armTimer(_ room: inout some ModeRoom) -> Bool
    /// The mode's timer (`RoomTimer.modeTimeout`, current token) rang for `player`.
    func timedOut(_ room: inout some ModeRoom, _ player: PlayerID?)
    /// The `word` command (`bare`: a line without it), if the mode takes it: false otherwise.
    func word(
        _ room: inout some ModeRoom, by client: RoomState.ClientID, _ id: PlayerID, word: String, hint: String?, bare: Bool
    ) -> Bool
    /// The player whose own word `game`'s round plays (nil: a drawn word, or none chosen).
    func wordChooser(_ game: Game) -> PlayerID?
    /// Adds the mode's part to the record of `game`'s finished round `round`.
    func record(_ record: inout RoundRecord, round: Int, _ game: Game)
}

extension ModeFlow {
    func decorate(_ snapshot: inout RoomSnapshot, _ game: Game) {}
    func guessRefusal(_ player: PlayerID, _ game: Game) -> ServerError? { nil }
    func hintRefusal(_ game: Game) -> ServerError? { nil }
    var drawsListWords: Bool { true }
    func ownBoards(_ game: Game?) -> (any OwnBoardsFlow)? { nil }
    func prepare(_ game: inout Game) {}
    func started(_ room: inout some ModeRoom) {}
    func newGame(_ room: inout some ModeRoom) {}
    func handle(_ event: GameEvent, _ room: inout some ModeRoom) -> Bool { false }
    func armTimer(_ room: inout some ModeRoom) -> Bool { false }
    func timedOut(_ room: inout some ModeRoom, _ player: PlayerID?) {}
    func word(
        _ room: inout some ModeRoom, by client: RoomState.ClientID, _ id: PlayerID, word: String, hint: String?, bare: Bool
    ) -> Bool { false }
    func wordChooser(_ game: Game) -> PlayerID? { nil }
    func record(_ record: inout RoundRecord, round: Int, _ game: Game) {}
}

/// A mode in which each player plays a board of their own (`ModeFlow.ownBoards`): it takes the
/// room's guesses, each member's board, a return and the timer's per-player clocks.
protocol OwnBoardsFlow: Sendable {
    /// `id`'s guess on their own board (the room checked they are seated and may guess).
    func guess(_ room: inout some ModeRoom, by client: RoomState.ClientID, _ id: PlayerID, letter: Character?, word: String?)
    /// The board `id` sees (nil: a spectator's, the room's).
    func board(_ room: some ModeRoom, for id: PlayerID?) -> RoomSnapshot
    /// Each member gets their board (`update`: screens keep their lines, but `drawn`'s).
    func sendStates(_ room: inout some ModeRoom, update: Bool, drawnFor drawn: RoomState.ClientID?)
    /// A player connected again on `client`: their clock runs, they see their board drawn.
    func returned(_ room: inout some ModeRoom, _ client: RoomState.ClientID)
    /// Whether a player's times that ran out were their own clock's (`away`'s wording), not turns.
    var timesOutOfRound: Bool { get }
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

extension Game {
    /// Why `player` may not guess now by the flows of the modes (read in place: `current?.…`).
    func flowRefusal(_ player: PlayerID) -> ServerError? { ModeFlows.guessRefusal(player, self) }
}
