import HangmanCore
import HangmanStore

/// What a room's rules (`RoomState`) take and give: the timers they arm, the inputs they handle and
/// the actions they return for the driver (`Room`) to perform. `RoomState.Timer`, `.Input` and
/// `.Action` name them there.
/// The timers a room arms; each carries the token it was armed with, so a stale one does nothing.
enum RoomTimer: Equatable {
    case turnWarning(token: UInt64, player: PlayerID, secondsLeft: Int)
    case turnTimeout(token: UInt64, player: PlayerID)
    case grace(player: PlayerID, token: UInt64)
    /// A mode's own timer (`ModeFlow.armTimer`) ran out, for `player` or the mode's players.
    case modeTimeout(token: UInt64, mode: Mode, player: PlayerID?)
    /// A `start` waiting for the last game's save waited its longest (RoomState+EndOfGame).
    case deferredStart(token: UInt64)
    /// Spectators who came and went since the last notice are told (`RoomMembership.tellSpectatorChurn`).
    case spectatorChurn(token: UInt64)

    /// The room's re-armed turn alarm this timer rings on: 0 the warning, 1 the turn's (or the
    /// mode's own timer's) end; nil for timers armed once (grace, the end of a game, a deferred start).
    var turnAlarm: Int? {
        switch self {
        case .turnWarning: 0
        case .turnTimeout, .modeTimeout: 1
        case .grace, .deferredStart, .spectatorChurn: nil
        }
    }
}

enum RoomInput {
    case join(RoomState.ClientID, PlayerID, password: String?, spectator: Bool)
    case resume(RoomState.ClientID, PlayerID)
    case leave(PlayerID, RoomState.ClientID?, reason: String?)
    case dropped(PlayerID, RoomState.ClientID)
    case kick(by: RoomState.ClientID, PlayerID, target: String)
    /// `votekick <player>` (`RoomMembership.votekick`).
    case votekick(by: RoomState.ClientID, PlayerID, target: String)
    case start(by: RoomState.ClientID, PlayerID)
    case guess(by: RoomState.ClientID, PlayerID, letter: Character?, word: String?)
    case set(by: RoomState.ClientID, PlayerID, key: String, value: String)
    /// `hint`: the round's hint, at the cost of a miss.
    case hint(by: RoomState.ClientID, PlayerID)
    /// `words`, `words add …`, `words clear`: the room's own words.
    case words(by: RoomState.ClientID, PlayerID, WordsRequest)
    case chat(from: String, text: String)
    /// `word <word> [hint]` (`bare`: the line alone), for the mode that takes it (`ModeFlow.word`).
    case setWord(by: RoomState.ClientID, PlayerID, word: String, hint: String?, bare: Bool = false)
    /// `team <n>`: a seated player's team for the next teams game (Modes/TeamsFlow.swift).
    case team(by: RoomState.ClientID, PlayerID, String)
    /// A seated player typed something: if they were marked away, they are back.
    case active(PlayerID, RoomState.ClientID)
    case timerFired(RoomTimer)
    /// The store answered the save of the finished game (`saveGame`), in one answer: where it
    /// went, and for a saved game the high scores and its players' month standings.
    case gameSaved(views: [PlayerView], ranked: Bool, GameEnd)
    case deferredSaved(gameID: Int64)
    /// The host seats a house bot under `bot` (RoomState+Bots).
    case addBot(by: RoomState.ClientID, PlayerID, bot: RoomState.ClientID, PlayerID)
    /// The host removes a house bot (`target` nil: the one added last).
    case removeBot(by: RoomState.ClientID, PlayerID, target: String?)
    /// The deferred game starts (fed back by the driver after the last game's end went out).
    case startDeferred
}

enum RoomAction {
    /// The answer to the input's sender (nil: done).
    case reply(ServerError?)
    /// The answer to `set`: the room's settings as saved values.
    case settingsSaved([String: String])
    case send(RoomState.ClientID, Outbound)
    /// To one client, after this input's broadcasts (a player's own board, a private prompt).
    case sendAfter(RoomState.ClientID, Outbound)
    case broadcast(Outbound)
    case arm(RoomTimer, afterSeconds: Int)
    /// Drop the turn timers armed so far (their tokens are stale anyway).
    case cancelTurnTimers
    /// The store: save the finished game and read the high scores and month standings after it
    /// (one call, answered with `gameSaved`).
    case saveGame(GameRecord, views: [PlayerView])
    /// The lobby: the player's name is free again (`client` nil: whoever holds it).
    case releaseName(PlayerID, RoomState.ClientID?)
    /// The lobby: the player is away, their name kept for the grace period.
    case markAway(PlayerID, RoomState.ClientID)
    /// The client was removed (kicked by `by`): it goes back to the lobby and is told.
    case removed(RoomState.ClientID, by: String)
    /// The client was marked away (it tells the room when its player types again).
    case markedAway(RoomState.ClientID)
    /// The room emptied for good.
    case close
    /// Log a problem.
    case log(String)
    /// A moderation action (a passed vote-kick): into the server's log and the store's moderation log.
    case audit(ModerationEntry)
    /// Feed this input back in the queue's next turn, once this turn's output is sent (so
    /// what it broadcasts comes after every event of this turn, private ones included).
    case next(RoomInput)
}
