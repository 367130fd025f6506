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
        if let refused = GameStart.refusal(
            seated: isSeated(id, client), byHost: host == id, playing: isPlaying, settings: settings, seats: seats.count,
            words: wordLists, room: name)
        {
            return reply(refused)
        }
        reply(nil)
        startGame(by: id.name)
    }

    /// A game starts (`GameStart` makes it), unless the last one is still being saved (it starts
    /// once that game's end is shown) or the mode's rules refuse it.
    mutating func startGame(by starter: String?) {
        guard !seats.isEmpty else { return }
        if deferStartWhileSaving(by: starter) { return }
        if let refusal = GameStart.modeRefusal(settings, seats: seats.count) { return broadcast(.info(refusal.message)) }
        let game: Game
        do throws(SettingsError) {
            game = try GameStart.game(settings, seats: seats, away: away, words: words, teams: teamChoices, rng: &rng)
        } catch {
            return broadcast(.error(code: .outOfRange, message: "cannot start: \(error.message)"))
        }
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
        if let refused = membership.seating.playRefusal(id, client: client, room: name) { return reply(refused) }
        if let refusal = guessRefusal(id) { return reply(refusal) }
        if let boards = ownBoards { return boards.guess(&self, by: client, id, letter: letter, word: word) }
        // The game is changed in place (`current`, never a copy: a copy retains everything the
        // game holds, and a second reference to it made every guess copy the arrays it changed).
        let taken: SharedGuess?
        do throws(GameError) {
            taken = try changeGame { (game: inout Game) throws(GameError) in
                try SharedGuess.take(&game, by: id, letter: letter, word: word)
            }
        } catch {
            return reply(ServerError(error, turn: current?.turn, letter: letter))
        }
        resetTimeouts(of: id)
        reply(nil)
        apply(taken?.events ?? [], guessed: taken?.guessed, played: taken?.played)
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
