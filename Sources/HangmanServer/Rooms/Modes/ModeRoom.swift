import HangmanCore
import HangmanStore

/// What a mode's room flow may use of the room (`RoomState` conforms): who sits where, the game
/// under way, the actions of the input being handled, and the room's shared steps (a round's end,
/// the game's end, the turn's timers). A flow with state of its own keeps it in the `Game`, or in
/// one field of the room changed only in its flow's file (`playerClocks`: the own boards' flow).
protocol ModeRoom {
    var name: String { get }
    /// The monotonic time (nanoseconds) of the input being handled.
    var now: UInt64 { get }
    var seats: [Seating.Member] { get }
    var spectators: [Seating.Member] { get }
    var isPlaying: Bool { get }
    /// The game of the phase (under way, or the one that just ended).
    var current: Game? { get }
    /// The seats that are house bots.
    var bots: Set<PlayerID> { get }
    /// Each player's own time (a mode whose players play against their own clocks).
    var playerClocks: PlayerClocks { get set }
    /// The limits on a word a player sets for the others.
    var setWordLimits: SetWordLimits { get }
    /// The token the turn's timers are armed with now.
    var turnToken: UInt64 { get }

    func snapshot() -> RoomSnapshot
    func endedSnapshot(round: Int, word: String, won: Bool, mistakes: Int, guessed: [Character]?, played: PlayedRound?)
        -> RoomSnapshot
    func isSeated(_ id: PlayerID, _ client: RoomState.ClientID) -> Bool
    func roundRecord(_ round: Int, word: String, won: Bool, mistakes: Int, solver: PlayerID?) -> RoundRecord

    mutating func emit(_ action: RoomAction)
    mutating func broadcast(_ event: Outbound)
    mutating func reply(_ error: ServerError?)
    /// `game` is under way (a changed copy of the game).
    mutating func play(_ game: Game)
    /// Turns the game's events into broadcasts, records rounds and finishes the game.
    mutating func apply(_ events: [GameEvent], guessed: [Character]?, played: PlayedRound?, broadcastStateAfter: Bool)
    /// The round's hint is now `text` (nil: none).
    mutating func setRoundHint(_ text: String?)
    mutating func roundEnded(_ record: RoundRecord, _ board: RoomSnapshot)
    mutating func finishGame(_ everyone: [GamePlayer])
    mutating func scheduleTurnTimer()
    /// Arms `player`'s time: the warning, and `end` after `seconds`.
    mutating func armTurn(of player: PlayerID, seconds: Int, end: RoomTimer)
    /// Arms the turn's timer (`timer`, made with the turn's token) to ring at `deadline`.
    mutating func armTurnTimer(until deadline: UInt64, _ timer: (UInt64) -> RoomTimer)
    mutating func resetTimeouts(of player: PlayerID)
    /// Counts a time of `player`'s that ran out; true when they are now marked away.
    mutating func countTimeout(of player: PlayerID) -> Bool
}

extension RoomState: ModeRoom {}
