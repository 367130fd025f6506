import HangmanCore
import HangmanStore

/// The version of the JSON protocol (`welcome.protocol`); bumped with every change listed in
/// docs/PROTOCOL.md, "Changes to the wire".
public enum WireProtocol {
    public static let version = 3
}

/// How one connection wants its output.
public enum OutputStyle: UInt8, Sendable, Hashable, CaseIterable {
    case text, color, json
}

/// A player as a room shows them.
public struct PlayerView: Sendable, Equatable {
    public var name: String
    public var score: Int
    public var connected: Bool
    /// A house bot's seat (`bot: true` in JSON, "(bot)" in text).
    public var bot = false
    /// Teams mode: the player's team (1...n; while waiting, the one chosen with `team <n>`); nil
    /// outside teams mode and for a player not in a team yet.
    public var team: Int? = nil
}

/// Teams mode: one team's standing (`state.teams`).
public struct TeamView: Sendable, Equatable {
    /// 1...n, as `team <n>` names it.
    public var team: Int
    /// The team's score: its players' own points, with those of players who left.
    public var score: Int
    /// 1 = first; every member of the team gets this place.
    public var place: Int
}

/// The game in a room as every client sees it (the `state` event).
public struct RoomSnapshot: Sendable, Equatable {
    public enum Status: String, Sendable { case waiting, playing, won, lost, over }
    public var room: String
    public var status: Status
    public var mode: String
    public var difficulty: String
    public var round: Int
    public var rounds: Int
    public var pattern: String
    public var misses: Int
    public var maxMisses: Int
    /// The letters guessed, as stored (`guessed` lists them).
    var guessedLetters: GuessedLetters
    /// The letters still to guess, as stored (`available` lists them).
    var availableLetters: AvailableLetters
    public var turn: String?
    public var turnSecondsLeft: Int?
    public var players: [PlayerView]
    /// How many watch (`who` names them): the board's size does not grow with the crowd.
    public var spectators: Int
    public var host: String?
    public var isPrivate: Bool
    /// The room's category (nil: the main list).
    public var category: String? = nil
    /// The round's hint once a player took it (`hint`), else nil.
    public var hint: String? = nil
    /// An update after a guess or a turn change within a round: text mode shows it as the guess's
    /// one-line summary (the chat stays on screen); JSON sends the whole state as always.
    public var isUpdate = false
    /// The player who chooses (while awaited) or chose the round's word, in a mode where players
    /// choose words; nil otherwise. Shown by that mode's flow (`ModeView`).
    public var wordChooser: String?
    /// True while the round waits for a player's word.
    public var awaitingWord = false
    /// Each player's progress on their own board, as counts (never letters), in a mode where each
    /// plays their own (`OwnBoardsFlow`); nil otherwise.
    public var ownBoards: [BoardCounts]?
    /// Teams mode: each team's score and place, in team order; nil in other modes and before a game.
    public var teams: [TeamView]?
}

extension RoomSnapshot {
    /// The letters guessed, in guessing order. A board read from an a–z round keeps them as the
    /// round's bytes (`GuessedLetters`), listed only when asked.
    public var guessed: [Character] {
        get { guessedLetters.characters }
        set { guessedLetters = GuessedLetters(newValue) }
    }

    /// The letters not guessed yet, in alphabet order. A board read from an a–z round keeps them as
    /// the round's guessed-letter bits (`AvailableLetters`), listed only when asked.
    public var available: [Character] {
        get { availableLetters.characters }
        set { availableLetters = AvailableLetters(newValue) }
    }

    /// A board with every field given (`available` as a list; the optional fields default to nil).
    public init(
        room: String, status: Status, mode: String, difficulty: String, round: Int, rounds: Int, pattern: String,
        misses: Int, maxMisses: Int, guessed: [Character], available: [Character], turn: String? = nil,
        turnSecondsLeft: Int? = nil, players: [PlayerView], spectators: Int, host: String? = nil, isPrivate: Bool,
        category: String? = nil, hint: String? = nil, isUpdate: Bool = false, wordChooser: String? = nil,
        awaitingWord: Bool = false, ownBoards: [BoardCounts]? = nil, teams: [TeamView]? = nil
    ) {
        self.init(
            room: room, status: status, mode: mode, difficulty: difficulty, round: round, rounds: rounds,
            pattern: pattern, misses: misses, maxMisses: maxMisses, guessedLetters: GuessedLetters(guessed),
            availableLetters: AvailableLetters(available), turn: turn, turnSecondsLeft: turnSecondsLeft,
            players: players, spectators: spectators, host: host, isPrivate: isPrivate, category: category,
            hint: hint, isUpdate: isUpdate, wordChooser: wordChooser, awaitingWord: awaitingWord,
            ownBoards: ownBoards, teams: teams)
    }
}

/// One player's progress on their own board as everyone may see it: counts, never letters.
public struct BoardCounts: Sendable, Equatable {
    /// Still guessing, solved it, or out of the round (hanged, or out of time).
    public enum Status: Sendable { case playing, solved, out }
    public var name: String
    public var found: Int
    public var length: Int
    public var misses: Int
    public var maxMisses: Int
    public var status: Status
}

/// What a guess left on the board, for the one line text mode prints after a guess in a round that
/// goes on.
public struct GuessBoard: Sendable, Equatable {
    public var pattern: String
    public var misses: Int
    public var maxMisses: Int
    public var turn: String?
}

/// Where a finished game's scores are (`game_over.sync`).
public enum GameSync: String, Sendable, Equatable {
    /// In the leaderboard.
    case saved
    /// Safe in the durable outbox; merged when the leaderboard is back.
    case queued
    /// Only in memory, retried until it lands.
    case retrying
}

/// A room as the `rooms` list shows it.
public struct RoomSummary: Sendable, Equatable {
    public var name: String
    public var players: Int
    public var seats: Int
    public var spectators: Int
    public var mode: String
    public var difficulty: String
    public var status: RoomSnapshot.Status
    public var isPrivate: Bool
}

/// Everything the server says to a client. Rendered once per `OutputStyle` by `Renderer`.
public enum Outbound: Sendable {
    /// `settings.room` when asked in the lobby: not a room (a room name has no spaces) but the rooms
    /// the player opens next, which get these settings (a quick room only some: `QuickRoomSettings`).
    /// On the wire since protocol 1; clients compare against it, so it stays as it is.
    public static let newRooms = "your new rooms"
    /// What a player back in the lobby (after `leave`, or kicked) is told to type next.
    static let lobbyHint = "You are in the lobby. Type play, rooms, or create <room>."

    case welcome(server: String, version: String, playersOnline: Int)
    case prompt(for: String)
    /// `resumeToken`: an unregistered player's token for getting the seat back from elsewhere (shown once).
    case loggedIn(name: String, registered: Bool, resumed: Bool, resumeToken: String? = nil)
    case state(RoomSnapshot)
    /// `board`: the board after the guess when the round goes on (nil when the guess ended it).
    case guess(
        room: String, player: String, letter: Character?, word: String?, hit: Bool, count: Int, points: Int, board: GuessBoard?)
    case turn(room: String, player: String?, seconds: Int?)
    case turnWarning(room: String, player: String, secondsLeft: Int)
    /// `outOfRound`: a player whose own time ran out is out of the round (own boards); otherwise the
    /// turn passes. The same `turn_timeout` in JSON.
    case turnTimeout(room: String, player: String, outOfRound: Bool = false)
    case roundOver(room: String, round: Int, word: String, won: Bool, solver: String?, mistakes: Int)
    /// `saved` on the wire is `sync == .saved`.
    /// `ranked` false: the game stays off the leaderboard (player-set words, the room's own words).
    case gameOver(room: String, ranking: [PlayerView], gameID: Int64?, sync: GameSync, note: String?, ranked: Bool = true)
    case chat(room: String?, from: String, text: String)
    /// `resumed`: the player took their kept seat back (text says "is back in"; JSON is the same
    /// `joined` the contract defines).
    case joined(room: String, player: String, spectator: Bool, resumed: Bool = false)
    case left(room: String, player: String, reason: String?)
    /// Spectators who came (`started`) and went (`stopped`) since the last such notice, and how many
    /// watch now: one notice a `spectator-notice-seconds` at most, instead of a `joined`/`left` each.
    case spectators(room: String, started: Int, stopped: Int, watching: Int)
    case host(room: String, player: String)
    case rooms([RoomSummary])
    /// `room` is `Outbound.newRooms` in the lobby: the settings are those the player's next rooms get.
    case settings(room: String, settings: Settings, pending: Bool)
    /// A room's own words: `count` now; `by` added `added` of them (0: cleared), or nil: asked.
    case roomWords(room: String, count: Int, by: String?, added: Int)
    /// `player` took the round's hint `text`, which cost the room `cost` misses (0: shown again).
    case hint(room: String, player: String, text: String, cost: Int)
    /// `value` typed for JSON, `shown` for text; `nextRound`: changed during a game, applies from
    /// the next round.
    case settingChanged(room: String, key: String, value: SettingValue, shown: String, nextRound: Bool, by: String)
    /// To the player removed from `room` by its host `by`.
    case kicked(room: String, by: String)
    /// A seated player was marked away after `missedTurns` turn timeouts in a row (`away`), or
    /// typed again and is back (`!away`). `ownClock`: the times that ran out were the player's own
    /// clock's, one a round, not turns (text says rounds; JSON's `missed_turns` counts them the same).
    case away(room: String, player: String, away: Bool, missedTurns: Int, ownClock: Bool = false)
    /// To the player asked for the round's word alone: set the word of `round` within `seconds`
    /// (`word <word> [hint]`).
    case wordPrompt(
        room: String, round: Int, seconds: Int, minLength: Int, maxLength: Int, hintChars: Int,
        alphabet: String = "abcdefghijklmnopqrstuvwxyz")
    /// To everyone: a player's progress on their own board after their move, in `mode` (counts, never
    /// letters; rendered by the mode's flow, `ModeView`).
    case progress(room: String, mode: Mode, BoardCounts)
    /// `by` started a game of `rounds` words.
    case gameStarted(room: String, by: String, rounds: Int)
    /// A game whose save was deferred (the store was down) is now saved as `game`.
    case saved(room: String, game: Int64)
    case who(room: String?, players: [PlayerView], spectators: [String], lobby: [String], host: String?)
    /// `month` (`YYYY-MM`, UTC) for a monthly board (`top month`, `top 2026-05`), nil for the all-time one.
    case leaderboard(entries: [LeaderboardEntry], mine: LeaderboardEntry?, month: String? = nil)
    /// `top rating`: a `leaderboard` event with `board: "rating"` (issue 32).
    case ratingBoard(entries: [RatingBoardEntry], mine: RatingBoardEntry?)
    case highscores(entries: [HighScore], highlight: Int64?)
    case celebration(player: String, rank: Int, score: Int)
    case history(player: String, entries: [HistoryEntry])
    /// `provisionalGames`: the `rating-provisional-games` setting, which the rating is shown against.
    case stats(PlayerStats, provisionalGames: Int)
    case gameDetail(GameDetail)
    /// `operator`: the operator commands are listed too (JSON; the text lines already say).
    case help(topic: String?, text: [String], operator: Bool = false)
    case info(String)
    case error(code: ErrorCode, message: String)
    case goodbye(String)
    /// To one player after a saved game: where they stand on the board of `month` (`YYYY-MM`, UTC), the
    /// month the game ended in.
    case monthStanding(room: String, month: String, MonthlyStanding)
    /// `bans`, to an operator: the bans and mutes in force, then the refused addresses.
    case sanctions([Sanction], addresses: [AddressBan])
    /// `modlog`, to an operator: the latest moderation actions, newest first.
    case modlog([ModerationEntry])
    /// An operator's `announce`, to everyone on this server.
    case announcement(from: String, text: String)
    /// A vote-kick in a room: `yes` of `needed` voted to remove `target` (`passed` when enough did).
    case votekick(room: String, target: String, by: String, yes: Int, needed: Int, passed: Bool)
    /// To one player after a rated game: their rating (ordinals) before and after it (issue 32).
    case ratingChange(room: String, RatingChangeView)
}

extension Outbound {
    /// Whether text output should end with the `> ` prompt after this event: not after a farewell,
    /// nor after the login greeting (the game screen follows at once, with its own prompt).
    var wantsPrompt: Bool {
        switch self {
        case .goodbye, .loggedIn: false
        default: true
        }
    }
}
