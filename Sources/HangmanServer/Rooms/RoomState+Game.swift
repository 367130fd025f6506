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
    /// (`ModeRules.minimumPlayers`; a setter game: one player sets, so it needs two).
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
        game.sitOutAbsentRacers()
        match.start(game, at: wallNow, ownWords: wordLists.hasOwn)
        resetClocksForNewGame()  // "in a row" within a game; no racer's time yet
        startRoundHint()
        if let starter {
            broadcast(.gameStarted(room: name, by: starter, rounds: settings.rounds))
        }
        scheduleTurnTimer()
        broadcastState()
        if let setter = game.awaitedSetter { SetterFlow.announce(&self, setter) }
    }

    mutating func guess(by client: ClientID, _ id: PlayerID, letter: Character?, word: String?) {
        if spectators.contains(where: { $0.id == id && $0.client == client }) {
            return reply(.notYourTurn("you are watching \(name); join \(name) to play"))
        }
        guard isSeated(id, client) else { return reply(.noGame("you are not in \(name)")) }
        if let refusal = guessRefusal(id) { return reply(refusal) }
        if isRacing { return RaceFlow.guess(&self, by: client, id, letter: letter, word: word) }
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

    /// Turns the game's events into broadcasts, records rounds and finishes the game.
    mutating func apply(
        _ events: [GameEvent], guessed: [Character]?, played: PlayedRound? = nil, broadcastStateAfter: Bool = true
    ) {
        var needsState = false
        var newRound = false
        var gameOver: [GamePlayer]?
        /// A guess waits until we know whether the round goes on (then it carries the board).
        var pendingGuess: Outbound?
        func flushGuess(board: GuessBoard?) {
            guard case .guess(let room, let player, let letter, let word, let hit, let count, let points, _)? = pendingGuess
            else { return }
            pendingGuess = nil
            broadcast(
                .guess(
                    room: room, player: player, letter: letter, word: word, hit: hit, count: count, points: points,
                    board: board))
        }
        for event in events {
            switch event {
            case .guessed(let player, let letter, let word, let hit, let count, let points):
                pendingGuess = .guess(
                    room: name, player: player.name, letter: letter, word: word, hit: hit, count: count, points: points,
                    board: nil)
                needsState = true
            case .turn:
                needsState = true
            case .roundOver(let round, let word, let result, let solver, let mistakes):
                flushGuess(board: nil)
                setRoundHint(nil)
                let ended = endedSnapshot(
                    round: round, word: word, won: result == .won, mistakes: mistakes, guessed: guessed, played: played)
                roundEnded(roundRecord(round, word: word, won: result == .won, mistakes: mistakes, solver: solver), ended)
                broadcast(.state(ended))
                broadcast(
                    .roundOver(
                        room: name, round: round, word: word, won: result == .won, solver: solver?.name, mistakes: mistakes))
                needsState = false
            case .roundStarted:
                needsState = true
                newRound = true
                startRoundHint()
            case .gameOver(let ranking):
                gameOver = ranking
            case .awaitingWord(let setter):
                SetterFlow.announce(&self, setter)
                needsState = true
            case .setterScored(let player, let points):
                broadcast(.info("The man hanged: \(player.name), who set the word, scores \(points) points."))
            }
        }
        // The guess's line sums up the board when the round goes on; other changes show the board.
        let board = newRound ? nil : guessBoard
        let summedUp = pendingGuess != nil && board != nil
        if let board { flushGuess(board: board) }
        flushGuess(board: nil)
        if let ranking = gameOver {
            finishGame(ranking)
        } else if needsState {
            scheduleTurnTimer()
            // A new round's whole board (in a race, after a classic round, each racer's own).
            if broadcastStateAfter, newRound {
                broadcastState()
            } else if broadcastStateAfter {
                var update = snapshot()
                update.isUpdate = summedUp
                broadcast(.state(update))
            }
        }
    }

    /// The board a guess's line carries while the round goes on, read in place (the `game` property
    /// copies the game).
    private var guessBoard: GuessBoard? { isPlaying ? current?.guessBoard : nil }

    /// The board that closes a round: that round as it finished (its misses of its own maximum, its
    /// mode and length), never the next round's settings, which may have changed meanwhile.
    func endedSnapshot(round: Int, word: String, won: Bool, mistakes: Int, guessed: [Character]?, played: PlayedRound?)
        -> RoomSnapshot
    {
        snapshot().ended(round: round, word: word, won: won, mistakes: mistakes, guessed: guessed, played: played)
    }

    /// Round `round`'s record, from the game under way (its events are applied after it moved on). A
    /// race round keeps each racer's own misses, for their high scores and history.
    func roundRecord(_ round: Int, word: String, won: Bool, mistakes: Int, solver: PlayerID?) -> RoundRecord {
        let racers = shownGame?.finishedRounds.last { $0.round == round }?.racers
        return RoundRecord(word: word, won: won, mistakes: mistakes, solver: solver?.name, racers: racers)
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

    mutating func set(by client: ClientID, _ id: PlayerID, key: String, value: String) {
        guard host == id, isSeated(id, client) else { return reply(.notHost) }
        guard let key = SettingKey(name: key) else { return reply(ServerError(SettingsError.unknownKey(key))) }
        if let blocked = wordLists.block(key, room: name) { return reply(blocked) }
        var updated = settings
        do throws(SettingsError) {
            try updated.set(key, value, words: words, library: wordLists.library)
        } catch {
            return reply(ServerError(error))
        }
        if key == .seats, updated.seats < seats.count {
            return reply(.outOfRange("\(seats.count) players are seated; seats must be at least that"))
        }
        var nextRound = false
        if isPlaying {
            // The round under way keeps its word and rules; the change applies from the next round.
            let list = wordLists.list(for: updated, current: settings)
            var rng = self.rng
            defer { self.rng = rng }
            do throws(SettingsError) {
                try changeGame { (game: inout Game) throws(SettingsError) in
                    try game.updateSettings(updated, words: list, rng: &rng)
                }
            } catch {
                return reply(ServerError(error))
            }
            nextRound = key.applies != .now  // the wire says next_round for a later game too
            if wordLists.hasOwn { match.drawOwnWords() }  // later rounds draw from them
        }
        followWordList(updated)
        settings = updated
        broadcast(
            .settingChanged(
                room: name, key: key.name, value: updated.typed(key), shown: updated.announced(key), nextRound: nextRound,
                by: id.name))
        emit(.settingsSaved(updated.values))
    }
}

extension Game {
    /// The board a guess's line carries while the round goes on.
    fileprivate var guessBoard: GuessBoard {
        GuessBoard(pattern: round.pattern, misses: round.misses, maxMisses: round.maxMisses, turn: turn?.name)
    }
}
