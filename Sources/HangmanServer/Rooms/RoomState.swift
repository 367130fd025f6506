import HangmanCore
import HangmanStore

/// The rules of a table as a value: seats, spectators, host, settings, the game and the room's phase.
/// No Dispatch, no clock, no I/O: `handle(_:at:)` takes one input and returns the actions that
/// follow (what to send to whom, timers to arm, a game to save); `Room` performs them on its queue.
/// A client is known by a `ClientID` (its session's identity), so the rules never hold a session.
struct RoomState {
    typealias ClientID = ObjectIdentifier

    typealias Phase = RoomGame.Phase

    typealias Member = Seating.Member

    typealias Timer = RoomTimer
    typealias Input = RoomInput
    typealias Action = RoomAction

    let name: String
    let isQuick: Bool
    let password: String?
    /// The server's settings the rules read, fixed when the room is made.
    let limits: RoomLimits
    /// The lists the room draws from and its own words (written only in RoomState+Words).
    var wordLists: RoomWords
    /// The list the room's games draw from.
    var words: WordList { wordLists.list }
    var setterSeconds: Int { limits.setterSeconds }
    var setterHintChars: Int { limits.setterHintChars }
    var blocklist: Blocklist { limits.blocklist }

    var settings: Settings
    /// Seats, spectators, host, grace periods and away (written only in RoomState+Members).
    var seating = Seating()
    /// Spectators' arrivals and departures not told yet (written only in RoomState+Members).
    var churn = SpectatorChurn()
    var seats: [Member] { seating.seats }
    var spectators: [Member] { seating.spectators }
    var host: PlayerID? { seating.host }
    /// Seated and connected, but marked away after too many timeouts: skipped until they type.
    var away: Set<PlayerID> { seating.away }
    /// The phase, the phase's game and what it keeps for its record (written only in RoomState+Game).
    var match = RoomGame()
    var closed = false
    var rng: SeededRandom
    /// The turns' timers and time-outs in a row (written only in RoomState+Timers).
    var turns = TurnClock()
    /// The seats that are house bots (written only in RoomState+Bots).
    var houseBots = HouseBots()
    var bots: Set<PlayerID> { houseBots.ids }
    /// The current round's hint and whether it was revealed (written only in RoomState+Hints).
    var hint = RoundHint()
    /// Racers' own times in a race round (written only in Modes/RaceRoom.swift).
    var raceClocks = RaceClocks()
    /// Vote-kicks: open votes, who may start one, who is barred (written only in RoomState+VoteKick).
    var voteKick: VoteKick
    /// Teams players chose for the next teams game (written only in Modes/TeamsFlow.swift).
    var teamChoices = TeamChoices()
    /// The end of the last game: saving, then over, and a start deferred meanwhile (written only in
    /// RoomState+EndOfGame).
    var ending: EndOfGamePhase
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
        library: WordLibrary? = nil, limits: RoomLimits = RoomLimits()
    ) {
        self.name = name
        self.password = password
        self.isQuick = isQuick
        self.settings = settings
        self.wordLists = RoomWords(list: words, library: library, ownMax: limits.ownWordsMax)
        self.rng = rng
        self.limits = limits
        self.voteKick = VoteKick(limits: limits.voteKick)
        self.ending = EndOfGamePhase(waitSeconds: limits.storeWaitSeconds)
    }

    var phase: Phase { match.phase }

    /// The game of the phase, read in place (`current?.turn`: a stored property's path).
    var current: Game? {
        _read { yield match.current }
    }

    /// The game under way, if any (a copy: hot paths read `current` in place).
    var game: Game? { isPlaying ? current : nil }

    var isPlaying: Bool { match.isPlaying }

    /// Whether the game under way is a race round (read in place, as the rest of this file's).
    var isRacing: Bool { isPlaying && current?.race != nil }

    /// The game whose scores the room shows: the one under way, or the one that just ended.
    var shownGame: Game? { current }

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
        case .votekick(let client, let id, let target): votekick(by: client, id, target: target)
        case .start(let client, let id): start(by: client, id)
        case .guess(let client, let id, let letter, let word): guess(by: client, id, letter: letter, word: word)
        case .set(let client, let id, let key, let value): set(by: client, id, key: key, value: value)
        case .hint(let client, let id): takeHint(by: client, id)
        case .words(let client, let id, let request): roomWords(by: client, id, request)
        case .chat(let from, let text): broadcast(.chat(room: name, from: from, text: text))
        case .setWord(let client, let id, let word, let hint, let bare):
            SetterFlow.setWord(&self, by: client, id, word: word, hint: hint, bare: bare)
        case .team(let client, let id, let text): chooseTeam(by: client, id, text)
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
        if isRacing { return RaceFlow.sendStates(&self) }
        broadcast(.state(snapshot()))
    }

    /// The board for the member on `client` at time `now` (the `state` command): a racer's own in a
    /// race round.
    func snapshot(at now: UInt64, for client: ClientID) -> RoomSnapshot {
        guard isRacing else { return snapshot(at: now) }
        var copy = self
        copy.now = now
        return RaceFlow.snapshot(copy, for: seats.first { $0.client == client }?.id)
    }

    /// The board after a change one line has already told (a player is back): JSON gets the whole
    /// state; a text client's screen is kept (no board drawn again over the chat and answers).
    mutating func broadcastStateUpdate() {
        if isRacing { return RaceFlow.sendStates(&self, update: true) }
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
