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
    /// The limits on a word a player sets for the others (its time, its hint, the words refused).
    var setWordLimits: SetWordLimits { limits.setWord }

    var settings: Settings
    /// Who is in the room, their comings and goings, and whether it closed (changed only by
    /// `RoomMembership`'s transitions; RoomState+Seats is the game's side of them).
    var membership: RoomMembership
    var seats: [Member] { membership.seats }
    var spectators: [Member] { membership.spectators }
    var host: PlayerID? { membership.host }
    /// Seated and connected, but marked away after too many timeouts: skipped until they type.
    var away: Set<PlayerID> { membership.away }
    /// The last member left: the room refuses every join.
    var closed: Bool { membership.closed }
    /// The phase, the phase's game and what it keeps for its record (written only in RoomState+Game).
    var match = RoomGame()
    var rng: SeededRandom
    /// The turns' timers and time-outs in a row (written only in RoomState+Timers).
    var turns = TurnClock()
    /// The seats that are house bots (written only in RoomState+Bots).
    var houseBots = HouseBots()
    var bots: Set<PlayerID> { houseBots.ids }
    /// The current round's hint and whether it was revealed (written only in RoomState+Hints).
    var hint = RoundHint()
    /// Each player's own time, for a mode whose players play against their own clocks (written only
    /// by that mode's flow: `OwnBoardsFlow`).
    var playerClocks = PlayerClocks()
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
        self.membership = RoomMembership(voteKick: limits.voteKick)
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

    /// The mode's own boards when the game under way plays them (each player a board of their own:
    /// the guesses, boards, returns and timer are its flow's); nil on the room's shared board.
    var ownBoards: (any OwnBoardsFlow)? { isPlaying ? ModeFlows.ownBoards(current) : nil }

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
            RoomMembership.join(&self, client, id, password: password, spectator: spectator)
        case .resume(let client, let id): RoomMembership.resume(&self, client, id)
        case .leave(let id, let client, let reason): RoomMembership.remove(&self, id, client: client, reason: reason)
        case .dropped(let id, let client): RoomMembership.dropped(&self, id, client)
        case .kick(let client, let id, let target): RoomMembership.kick(&self, by: client, id, target: target)
        case .votekick(let client, let id, let target): RoomMembership.votekick(&self, by: client, id, target: target)
        case .start(let client, let id): start(by: client, id)
        case .guess(let client, let id, let letter, let word): guess(by: client, id, letter: letter, word: word)
        case .set(let client, let id, let key, let value): set(by: client, id, key: key, value: value)
        case .hint(let client, let id): takeHint(by: client, id)
        case .words(let client, let id, let request): roomWords(by: client, id, request)
        case .chat(let from, let text): broadcast(.chat(room: name, from: from, text: text))
        case .setWord(let client, let id, let word, let hint, let bare):
            ModeFlows.word(&self, by: client, id, word: word, hint: hint, bare: bare)
        case .team(let client, let id, let text): chooseTeam(by: client, id, text)
        case .active(let id, let client): RoomMembership.back(&self, id, client)
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
        // Own boards: the board goes to each member apart.
        if let boards = ownBoards { return boards.sendStates(&self, update: false, drawnFor: nil) }
        broadcast(.state(snapshot()))
    }

    /// The board for the member on `client` at time `now` (the `state` command): their own when the
    /// mode plays own boards.
    func snapshot(at now: UInt64, for client: ClientID) -> RoomSnapshot {
        guard let boards = ownBoards else { return snapshot(at: now) }
        var copy = self
        copy.now = now
        return boards.board(copy, for: seats.first { $0.client == client }?.id)
    }

    /// The board after a change one line has already told (a player is back): JSON gets the whole
    /// state; a text client's screen is kept (no board drawn again over the chat and answers).
    mutating func broadcastStateUpdate() {
        if let boards = ownBoards { return boards.sendStates(&self, update: true, drawnFor: nil) }
        var update = snapshot()
        update.isUpdate = true
        broadcast(.state(update))
    }

    func isSeated(_ id: PlayerID, _ client: ClientID) -> Bool { membership.isSeated(id, client) }

    func isMember(_ id: PlayerID, _ client: ClientID) -> Bool { membership.isMember(id, client) }

    /// Every client that should hear a broadcast: seated players here, then spectators.
    var audience: [ClientID] { (seats + spectators).compactMap(\.client) }
}
