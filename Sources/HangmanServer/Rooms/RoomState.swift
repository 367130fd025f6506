import HangmanCore
import HangmanStore

/// The rules of a table as a value: seats, spectators, host, settings, the game and the room's phase.
/// No Dispatch, no clock, no I/O: `handle(_:at:)` takes one input and returns the actions that
/// follow (what to send to whom, timers to arm, a game to save); `Room` performs them on its queue.
/// A client is known by a `ClientID` (its session's identity), so the rules never hold a session.
struct RoomState {
    typealias ClientID = ObjectIdentifier

    /// Where the room is in its life. A round ends straight into the next one, so there is no
    /// phase between rounds: `playing` covers the whole game.
    /// The game itself is `current`, apart from the phase: an enum's payload is read by copying it
    /// out whole (a retain of everything a game holds; four such copies a guess were ~4 % of the
    /// server's instructions), while a stored property is read and changed in place.
    enum Phase {
        /// No game yet (or the last one was abandoned): players gather, the host sends `start`.
        case waiting
        /// A game is under way (`current`).
        case playing
        /// The last game finished (`current`); its final board and scores are shown until the next
        /// `start`.
        case over
    }

    typealias Member = Seating.Member

    /// The timers a room arms; each carries the token it was armed with, so a stale one does nothing.
    enum Timer: Equatable {
        case turnWarning(token: UInt64, player: PlayerID, secondsLeft: Int)
        case turnTimeout(token: UInt64, player: PlayerID)
        case grace(player: PlayerID, token: UInt64)
        /// Setter mode: the awaited setter's time to set the word ran out.
        case setterTimeout(token: UInt64, player: PlayerID)
        /// A `start` waiting for the last game's save waited its longest (RoomState+EndOfGame).
        case deferredStart(token: UInt64)
        /// Race mode: the earliest racer's time since their last guess ran out (RoomState+Timers).
        case raceTimeout(token: UInt64)
        /// Spectators who came and went since the last notice are told (RoomState+Members).
        case spectatorChurn(token: UInt64)

        /// The room's re-armed turn alarm this timer rings on: 0 the warning, 1 the turn's (or the
        /// setter's) end; nil for timers armed once (grace, the end of a game, a deferred start).
        var turnAlarm: Int? {
            switch self {
            case .turnWarning: 0
            case .turnTimeout, .setterTimeout, .raceTimeout: 1
            case .grace, .deferredStart, .spectatorChurn: nil
            }
        }
    }

    enum Input {
        case join(ClientID, PlayerID, password: String?, spectator: Bool)
        case resume(ClientID, PlayerID)
        case leave(PlayerID, ClientID?, reason: String?)
        case dropped(PlayerID, ClientID)
        case kick(by: ClientID, PlayerID, target: String)
        case start(by: ClientID, PlayerID)
        case guess(by: ClientID, PlayerID, letter: Character?, word: String?)
        case set(by: ClientID, PlayerID, key: String, value: String)
        /// `hint`: the round's hint, at the cost of a miss.
        case hint(by: ClientID, PlayerID)
        /// `words`, `words add …`, `words clear`: the room's own words.
        case words(by: ClientID, PlayerID, WordsRequest)
        case chat(from: String, text: String)
        /// Setter mode: the awaited setter's word and optional hint.
        case setWord(by: ClientID, PlayerID, word: String, hint: String?, bare: Bool = false)
        /// A seated player typed something: if they were marked away, they are back.
        case active(PlayerID, ClientID)
        case timerFired(Timer)
        /// The store answered the save of the finished game (`saveGame`), in one answer: where it
        /// went, and for a saved game the high scores and its players' month standings.
        case gameSaved(views: [PlayerView], ranked: Bool, GameEnd)
        case deferredSaved(gameID: Int64)
        /// The host seats a house bot under `bot` (RoomState+Bots).
        case addBot(by: ClientID, PlayerID, bot: ClientID, PlayerID)
        /// The host removes a house bot (`target` nil: the one added last).
        case removeBot(by: ClientID, PlayerID, target: String?)
        /// The deferred game starts (fed back by the driver after the last game's end went out).
        case startDeferred
    }

    enum Action {
        /// The answer to the input's sender (nil: done).
        case reply(ServerError?)
        /// The answer to `set`: the room's settings as saved values.
        case settingsSaved([String: String])
        case send(ClientID, Outbound)
        /// To one client, after this input's broadcasts (a race board, a setter's prompt).
        case sendAfter(ClientID, Outbound)
        case broadcast(Outbound)
        case arm(Timer, afterSeconds: Int)
        /// Drop the turn timers armed so far (their tokens are stale anyway).
        case cancelTurnTimers
        /// The store: save the finished game and read the high scores and month standings after it
        /// (one call, answered with `gameSaved`).
        case saveGame(GameRecord, views: [PlayerView])
        /// The lobby: the player's name is free again (`client` nil: whoever holds it).
        case releaseName(PlayerID, ClientID?)
        /// The lobby: the player is away, their name kept for the grace period.
        case markAway(PlayerID, ClientID)
        /// The client was removed (kicked by `by`): it goes back to the lobby and is told.
        case removed(ClientID, by: String)
        /// The client was marked away (it tells the room when its player types again).
        case markedAway(ClientID)
        /// The room emptied for good.
        case close
        /// Log a problem.
        case log(String)
        /// Feed this input back in the queue's next turn, once this turn's output is sent (so
        /// what it broadcasts comes after every event of this turn, private ones included).
        case next(Input)
    }

    let name: String
    let isQuick: Bool
    let password: String?
    /// The list the room's games draw from: the library's list for the room's category.
    var words: WordList
    /// Every list the server offers (categories); `words` is one of them.
    var library: WordLibrary
    let graceSeconds: Int
    let turnWarningSeconds: Int
    /// Turn timeouts in a row that mark a player away (0: never).
    var awayAfterTimeouts = 2
    /// Setter mode: seconds the setter has to set the word (`setter-seconds`).
    var setterSeconds = 60
    /// Setter mode: the longest hint a setter may give, in characters (`setter-hint-chars`).
    var setterHintChars = 80
    /// Setter mode: words no setter may set.
    var blocklist = Blocklist()

    var settings: Settings
    /// Seats, spectators, host, grace periods and away (written only in RoomState+Members).
    var seating = Seating()
    /// Spectators' arrivals and departures not told yet (written only in RoomState+Members).
    var churn = SpectatorChurn()
    /// Seconds between two notices of spectators coming and going (`spectator-notice-seconds`).
    var spectatorNoticeSeconds = 1
    /// Rated games a rating is provisional for (`rating-provisional-games`), as `rating_change` says.
    var ratingProvisionalGames = ServerConfig().ratingProvisionalGames
    var seats: [Member] { seating.seats }
    var spectators: [Member] { seating.spectators }
    var host: PlayerID? { seating.host }
    /// Seated and connected, but marked away after too many timeouts: skipped until they type.
    var away: Set<PlayerID> { seating.away }
    private(set) var phase: Phase = .waiting
    /// The game of the phase: under way (`playing`) or just ended (`over`); nil while `waiting`.
    /// Changed through `play`, `endGame` and `abandonGame`, read in place (`current?.turn`).
    private(set) var current: Game?
    var closed = false
    /// The last finished round, shown until the next game starts.
    var finishedSnapshot: RoomSnapshot?
    var rng: SeededRandom
    var startedAt: Int64 = 0
    var roundRecords: [RoundRecord] = []
    /// The turns' timers and time-outs in a row (written only in RoomState+Timers).
    var turns = TurnClock()
    /// The seats that are house bots (RoomState+Bots): off the leaderboard, never host, and gone
    /// once no person is seated.
    var bots: Set<PlayerID> = []
    /// The current round's hint and whether it was revealed (written only in RoomState+Hints).
    var hint = RoundHint()
    /// A private room's own words (`words add`): while any, `words` is made of them.
    var ownWords: [String] = []
    /// The most words a room may have of its own (`room-words-max`).
    var ownWordsMax = 200
    /// The game under way drew from the room's own words: kept off the global leaderboard.
    var playingOwnWords = false
    /// The end of the last game: saving, then over, and a start deferred meanwhile (written only in
    /// RoomState+EndOfGame).
    var ending = EndOfGamePhase()
    /// Actions of the input being handled.
    var actions: [Action] = []
    /// Room made for the actions of an input at once (a guess has three or four: the answer, the
    /// guess, the board, the turn's timer), rather than grown from one.
    static let actionsPerInput = 4
    /// The wall clock (seconds) and monotonic time (nanoseconds) of the input being handled.
    var wallNow: Int64 = 0
    var now: UInt64 = 0

    init(
        name: String, password: String?, isQuick: Bool, settings: Settings, words: WordList, rng: SeededRandom,
        graceSeconds: Int, turnWarningSeconds: Int
    ) {
        self.name = name
        self.password = password
        self.isQuick = isQuick
        self.settings = settings
        self.words = words
        self.library = WordLibrary(main: words)
        self.rng = rng
        self.graceSeconds = graceSeconds
        self.turnWarningSeconds = turnWarningSeconds
    }

    /// The game under way, if any (a copy: hot paths read `current` in place).
    var game: Game? { isPlaying ? current : nil }

    var isPlaying: Bool { phase == .playing }

    /// Whether the game under way is a race round (read in place, as the rest of this file's).
    var isRacing: Bool { isPlaying && current?.race != nil }

    /// The game whose scores the room shows: the one under way, or the one that just ended.
    var shownGame: Game? { current }

    /// `game` is under way.
    mutating func play(_ game: Game) {
        current = game
        phase = .playing
    }

    /// The game under way ended: kept (`over`) for its final board and scores.
    mutating func endGame() {
        if isPlaying { phase = .over }
    }

    /// The game under way is dropped unrecorded (nobody left to play it).
    mutating func abandonGame() {
        current = nil
        phase = .waiting
    }

    /// Changes the game under way in place; nil (and `body` not run) when none is under way.
    mutating func changeGame<R, E: Error>(_ body: (inout Game) throws(E) -> R) throws(E) -> R? {
        guard isPlaying else { return nil }
        return try current?.changed(body)
    }

    /// The one entry point: applies `input` at monotonic time `now` (nanoseconds) and wall time
    /// `wall` (seconds), returning what the driver must do, in order.
    mutating func handle(_ input: Input, at now: UInt64, wall: Int64) -> [Action] {
        self.now = now
        self.wallNow = wall
        actions = []
        actions.reserveCapacity(Self.actionsPerInput)
        switch input {
        case .join(let client, let id, let password, let spectator):
            join(client, id, password: password, spectator: spectator)
        case .resume(let client, let id): resume(client, id)
        case .leave(let id, let client, let reason): remove(id, client: client, reason: reason)
        case .dropped(let id, let client): dropped(id, client)
        case .kick(let client, let id, let target): kick(by: client, id, target: target)
        case .start(let client, let id): start(by: client, id)
        case .guess(let client, let id, let letter, let word): guess(by: client, id, letter: letter, word: word)
        case .set(let client, let id, let key, let value): set(by: client, id, key: key, value: value)
        case .hint(let client, let id): takeHint(by: client, id)
        case .words(let client, let id, let request): roomWords(by: client, id, request)
        case .chat(let from, let text): broadcast(.chat(room: name, from: from, text: text))
        case .setWord(let client, let id, let word, let hint, let bare):
            setWord(by: client, id, word: word, hint: hint, bare: bare)
        case .active(let id, let client): back(id, client)
        case .timerFired(let timer): fired(timer)
        case .gameSaved(let views, let ranked, let end): gameSaved(views: views, ranked: ranked, end)
        case .deferredSaved(let gameID):
            broadcast(.saved(room: name, game: gameID))
        case .addBot(let client, let id, let bot, let botID): addBot(by: client, id, bot: bot, botID)
        case .removeBot(let client, let id, let target): removeBot(by: client, id, target: target)
        case .startDeferred: startDeferredGame()
        }
        settleBots()
        defer { actions = [] }
        return actions
    }

    // MARK: helpers the transitions share

    mutating func emit(_ action: Action) { actions.append(action) }
    mutating func broadcast(_ event: Outbound) { actions.append(.broadcast(event)) }
    mutating func reply(_ error: ServerError?) { actions.append(.reply(error)) }
    mutating func broadcastState() {
        // A race round shows each racer their own board: the board goes to each member apart.
        if isRacing { return sendRaceStates() }
        broadcast(.state(snapshot()))
    }

    /// The board after a change one line has already told (a player is back): JSON gets the whole
    /// state; a text client's screen is kept (no board drawn again over the chat and answers).
    mutating func broadcastStateUpdate() {
        if isRacing { return sendRaceStates(update: true) }
        var update = snapshot()
        update.isUpdate = true
        broadcast(.state(update))
    }

    func isSeated(_ id: PlayerID, _ client: ClientID) -> Bool {
        seats.contains { $0.id == id && $0.client == client }
    }

    func isMember(_ id: PlayerID, _ client: ClientID) -> Bool {
        isSeated(id, client) || spectators.contains { $0.id == id && $0.client == client }
    }

    /// Every client that should hear a broadcast: seated players here, then spectators.
    var audience: [ClientID] { (seats + spectators).compactMap(\.client) }
}

extension Game {
    /// `body` run on this game in place (`RoomState.changeGame`, through optional chaining).
    fileprivate mutating func changed<R, E: Error>(_ body: (inout Game) throws(E) -> R) throws(E) -> R {
        try body(&self)
    }
}
