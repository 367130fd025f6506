import Foundation
import HangmanCore
import HangmanStore

/// The game in a room: starting, guesses, round and game ends, and settings (the turn's timers in
/// RoomState+Timers.swift). The game part (`match`, a `RoomGame`) is changed only here.
extension RoomState {
    /// `game` is under way (a changed copy of the game, or a new one).
    mutating func play(_ game: Game) { match.play(game) }

    /// The game under way is dropped unrecorded (nobody left to play it).
    mutating func abandonGame() { match.abandon() }

    /// Changes the game under way in place; nil (and `body` not run) when none is under way.
    mutating func changeGame<R, E: Error>(_ body: (inout Game) throws(E) -> R) throws(E) -> R? {
        try match.change(body)
    }

    mutating func start(by client: ClientID, _ id: PlayerID) {
        // A watcher is not the host either (`not_host`, as the contract's table says), told how to play.
        guard isSeated(id, client) else { return reply(.watcherCannotStart(name)) }
        guard host == id else { return reply(.notHost) }
        guard !isPlaying else { return reply(.invalid("a game is already running in \(name)")) }
        if let refusal = modeStartRefusal ?? wordLists.shortfall(settings, room: name) { return reply(refusal) }
        reply(nil)
        startGame(by: id.name)
    }

    /// Why a game of the room's mode cannot start now, if it cannot: too few seated for its rules
    /// (`ModeRules.minimumPlayers`: a mode where one player sets the word needs two).
    var modeStartRefusal: ServerError? {
        let rules = settings.mode.rules
        guard seats.count < rules.minimumPlayers else { return nil }
        return .invalid(
            "a \(rules.mode.rawValue) game needs at least \(rules.minimumPlayers) seated players (\(rules.minimumPlayersReason)); "
                + "wait for someone to join, or set mode classic")
    }

    mutating func startGame(by starter: String?) {
        let players = seats.map(\.id)
        guard !players.isEmpty else { return }
        if deferStartWhileSaving(by: starter) { return }
        endOfGameBehind()
        if let refusal = modeStartRefusal { return broadcast(.info(refusal.message)) }
        var game: Game
        do throws(SettingsError) {
            game = try Game(
                settings: settings, players: players, words: words, teams: teamChoices.choices(of: players), rng: &rng)
        } catch {
            return broadcast(.error(code: .outOfRange, message: "cannot start: \(error.message)"))
        }
        for member in seats where member.client == nil || away.contains(member.id) {
            _ = game.setConnected(member.id, false)
        }
        ModeFlows.prepare(&game)
        match.start(game, at: wallNow, ownWords: wordLists.hasOwn)
        resetClocksForNewGame()  // "in a row" within a game; no player's own time yet
        startRoundHint()
        if let starter {
            broadcast(.gameStarted(room: name, by: starter, rounds: settings.rounds))
        }
        scheduleTurnTimer()
        broadcastState()
        ModeFlows.started(&self)
    }

    mutating func guess(by client: ClientID, _ id: PlayerID, letter: Character?, word: String?) {
        if let refused = seating.playRefusal(id, client: client, room: name) { return reply(refused) }
        if let refusal = guessRefusal(id) { return reply(refusal) }
        if let boards = ownBoards { return boards.guess(&self, by: client, id, letter: letter, word: word) }
        // The game is changed in place (`current`, never a copy: a copy retains everything the
        // game holds, and a second reference to it made every guess copy the arrays it changed).
        // The round as it was before the guess is kept for a board the guess ends.
        var played: PlayedRound?
        var before: [Character] = []
        let events: [GameEvent]
        do throws(GameError) {
            events =
                try changeGame { (game: inout Game) throws(GameError) -> [GameEvent] in
                    played = PlayedRound(game)
                    before = game.round.guessed
                    if let letter { return try game.guess(player: id, letter: letter) }
                    return try game.guess(player: id, word: word ?? "")
                } ?? []
        } catch {
            return reply(ServerError(error, turn: current?.turn, letter: letter))
        }
        resetTimeouts(of: id)
        reply(nil)
        // The letters guessed in the round only matter when the guess ended it (its last board).
        let endedRound = events.contains { if case .roundOver = $0 { true } else { false } }
        apply(events, guessed: endedRound ? before + (letter.map { [$0] } ?? []) : nil, played: played)
    }

    /// Why `id` may not guess now (no game, or the mode's rules), looking at the game in place.
    private func guessRefusal(_ id: PlayerID) -> ServerError? {
        guard isPlaying, current != nil else {
            let hint = host == id ? "type start for a new game" : "wait for the host to start a game"
            return .noGame("no game is running in \(name); \(hint)")
        }
        return current?.flowRefusal(id)
    }

    /// Turns the game's events into broadcasts (`RoundEvents`), then finishes the game or shows the
    /// board they changed.
    mutating func apply(
        _ events: [GameEvent], guessed: [Character]?, played: PlayedRound? = nil, broadcastStateAfter: Bool = true
    ) {
        let outcome = RoundEvents.apply(events, to: &self, guessed: guessed, played: played)
        if let ranking = outcome.gameOver {
            finishGame(ranking)
        } else if outcome.needsState {
            scheduleTurnTimer()
            // A new round's whole board (own boards after a shared one: each player's own).
            if broadcastStateAfter, outcome.newRound {
                broadcastState()
            } else if broadcastStateAfter {
                var update = snapshot()
                update.isUpdate = outcome.summedUp
                broadcast(.state(update))
            }
        }
    }

    /// The board a guess's line carries while the round goes on, read in place (the `game` property
    /// copies the game).
    var guessBoard: GuessBoard? { isPlaying ? current?.guessBoard : nil }

    mutating func roundClosed(_ end: RoundEvents.Ended, guessed: [Character]?, played: PlayedRound?) {
        setRoundHint(nil)
        let ended = endedSnapshot(
            round: end.round, word: end.word, won: end.won, mistakes: end.mistakes, guessed: guessed, played: played)
        roundEnded(roundRecord(end.round, word: end.word, won: end.won, mistakes: end.mistakes, solver: end.solver), ended)
        broadcast(.state(ended))
    }

    mutating func roundOpened() { startRoundHint() }

    mutating func modeEvent(_ event: GameEvent) -> Bool { ModeFlows.handle(event, &self) }

    /// The board that closes a round: that round as it finished (its misses of its own maximum, its
    /// mode and length), never the next round's settings, which may have changed meanwhile.
    func endedSnapshot(round: Int, word: String, won: Bool, mistakes: Int, guessed: [Character]?, played: PlayedRound?)
        -> RoomSnapshot
    {
        snapshot().ended(round: round, word: word, won: won, mistakes: mistakes, guessed: guessed, played: played)
    }

    /// Round `round`'s record, from the game under way (its events are applied after it moved on),
    /// with what the modes keep of it (`ModeFlow.record`: own boards' misses, for high scores).
    func roundRecord(_ round: Int, word: String, won: Bool, mistakes: Int, solver: PlayerID?) -> RoundRecord {
        var record = RoundRecord(word: word, won: won, mistakes: mistakes, solver: solver?.name)
        ModeFlows.record(&record, round: round, shownGame)
        return record
    }

    /// A round ended: its record kept for the game's, its last board shown until the next game.
    mutating func roundEnded(_ record: RoundRecord, _ board: RoomSnapshot) {
        match.roundEnded(record, board)
    }

    /// Ends the game and saves it (its record and ranking are `RoomGame.finish`'s).
    mutating func finishGame(_ everyone: [GamePlayer]) {
        cancelTurnTimer()
        let (record, views) = match.finish(everyone, room: name, bots: bots, settings: settings, at: wallNow)
        saveFinishedGame(record, views: views)
    }

    /// The `state` with status `over` that follows `game_over`. Text clients saw that board at the
    /// round's end a moment ago, so it is marked an update (summed up, not drawn again), which
    /// keeps the game-over lines and high scores on an 80×24 screen; JSON gets the whole state.
    mutating func broadcastOverState() {
        var over = snapshot()
        over.isUpdate = true
        broadcast(.state(over))
    }

    // MARK: settings

    /// `set`: the change (`SettingChange`) applied to the room and to the game under way.
    mutating func set(by client: ClientID, _ id: PlayerID, key: String, value: String) {
        let change: SettingChange
        switch SettingChange.make(
            key, value, byHost: host == id && isSeated(id, client), current: settings, words: wordLists, room: name,
            seated: seats.count)
        {
        case .success(let made): change = made
        case .failure(let refused): return reply(refused)
        }
        if isPlaying {
            var rng = self.rng
            defer { self.rng = rng }
            let (before, lists) = (settings, wordLists)
            do throws(SettingsError) {
                try changeGame { (game: inout Game) throws(SettingsError) in
                    try change.apply(to: &game, current: before, words: lists, rng: &rng)
                }
            } catch {
                return reply(ServerError(error))
            }
            if wordLists.hasOwn { match.drawOwnWords() }  // later rounds draw from them
        }
        followWordList(change.settings)
        settings = change.settings
        broadcast(change.announcement(room: name, by: id, playing: isPlaying))
        emit(.settingsSaved(change.settings.values))
    }
}

extension RoomState: RoundEventsRoom {}

extension Game {
    /// The board a guess's line carries while the round goes on.
    fileprivate var guessBoard: GuessBoard {
        GuessBoard(pattern: round.pattern, misses: round.misses, maxMisses: round.maxMisses, turn: turn?.name)
    }
}
