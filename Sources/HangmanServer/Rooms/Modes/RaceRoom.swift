import HangmanCore
import HangmanStore

/// Race mode in the room: each racer's guesses go to their own board (`RaceRules.swift`); the room
/// tells everyone the racer's progress as counts (`race_progress`, never the letters) and shows
/// each racer their own board privately, after the broadcasts of the same input. Spectators, and
/// the `state` every member gets, show counts only. The room hands a race round's guesses, boards
/// and clocks here (`ModeFlow.ownBoards`, `OwnBoardsFlow`), through `ModeRoom`.
///
/// "You may guess now" reads as in every mode: a racer's own `state` names them in `turn` while
/// they are still racing (solved or hanged: `turn` is null), which is what bots wait for.
///
/// Ties: the room takes inputs one at a time, so the first solve it takes wins the round and the
/// next round starts at once. A solve of the word just won, arriving from a racer who has not
/// guessed on the new board yet (typed at the same moment), is refused as too late and costs
/// nothing. Equal totals at the game's end are a tie, ranked in seat order as in every mode.
///
/// With a turn timer: each racer has the turn's length from the round's start, and again from each
/// of their guesses (`PlayerClocks`, the room's `playerClocks`, changed only in this file); a racer
/// whose time runs out is out of the round as their board stands (no miss spent), told as a
/// `turn_timeout`. The round ends when nobody is still racing, so a racer who walked away no longer
/// holds it open until their connection's idle limit (an hour) and the grace period after it. One
/// timer, for the earliest racer's time, re-armed when it rings.
extension RaceFlow {
    typealias ClientID = RoomState.ClientID

    /// The board `id` sees: their own in a race (with `turn` naming them while they race), the
    /// room's board otherwise.
    static func snapshot(_ room: some ModeRoom, for id: PlayerID?) -> RoomSnapshot {
        let shared = room.snapshot()
        guard let id, room.isPlaying, let board = room.current?.raceBoard(of: id) else { return shared }
        return own(shared, of: id, board, deadline: room.playerClocks.deadline(of: id), now: room.now)
    }

    /// Each member gets their board: racers their own, spectators the room's.
    static func sendStates(_ room: inout some ModeRoom, update: Bool = false, drawnFor drawn: ClientID? = nil) {
        for member in room.seats {
            guard let client = member.client else { continue }
            var board = snapshot(room, for: member.id)
            board.isUpdate = update && client != drawn
            room.emit(.sendAfter(client, .state(board)))
        }
        var shared = room.snapshot()
        shared.isUpdate = update  // a spectator's screen, like a racer's, keeps its lines
        for member in room.spectators {
            guard let client = member.client else { continue }
            room.emit(.sendAfter(client, .state(shared)))
        }
    }

    /// The board that closes a race round, to each member: a racer sees their own misses and
    /// letters (not the solver's), spectators the room's. Sent at once, so before the round's
    /// broadcasts (`round_over`), as the shared board was.
    static func sendEndedBoards(_ room: inout some ModeRoom, _ ended: RoomSnapshot, played: Game, guesser: RaceBoard) {
        for member in room.seats {
            guard let client = member.client else { continue }
            let board = member.id == guesser.id ? guesser : played.raceBoard(of: member.id)
            let own = board.map { ownEnded(ended, $0) } ?? ended
            room.emit(.send(client, .state(own)))
        }
        for member in room.spectators {
            guard let client = member.client else { continue }
            room.emit(.send(client, .state(ended)))
        }
    }

    /// A racer's guess on their own board.
    static func guess(_ room: inout some ModeRoom, by client: ClientID, _ id: PlayerID, letter: Character?, word: String?) {
        guard room.isPlaying, var game = room.current, var board = game.raceBoard(of: id) else {
            return room.reply(.noGame("you are not racing in this round; wait for the next one"))
        }
        if board.isOut {
            let why = board.round.misses < board.round.maxMisses ? "your time ran out: you are" : "you are hanged and"
            return room.reply(.notYourTurn("\(why) out of this round; watch the others race"))
        }
        if let word, board.round.guessOrder.isEmpty, board.round.wrongWords.isEmpty, let last = game.finishedRounds.last,
            last.round == game.roundNumber - 1, last.word == word.lowercased()
        {
            return room.reply(
                .invalid(
                    "too late: \(last.solver ?? "someone") solved round \(last.round) first; round \(game.roundNumber) is on"))
        }
        let played = game
        let events: [GameEvent]
        do throws(GameError) {
            events = try game.raceGuess(player: id, letter: letter, word: word)
        } catch {
            return room.reply(ServerError(error, turn: game.turn, letter: letter))
        }
        room.play(game)
        room.resetTimeouts(of: id)
        moved(&room, id)
        room.reply(nil)
        // The guesser's board after the guess (the game may have moved on to the next round).
        if let letter { _ = board.round.guess(letter: letter) } else { _ = board.round.guess(word: word ?? "") }
        room.broadcast(.progress(room: room.name, mode: .race, view(board)))
        let roundGoesOn = apply(&room, events, played: played, board: board)
        guard roundGoesOn, case .guessed(_, let letter, let word, let hit, let count, let points)? = events.first else { return }
        room.emit(
            .sendAfter(
                client,
                .guess(
                    room: room.name, player: id.name, letter: letter, word: word, hit: hit, count: count, points: points,
                    board: GuessBoard(
                        pattern: board.round.pattern, misses: board.round.misses, maxMisses: board.round.maxMisses,
                        turn: nil))))
        sendStates(&room, update: true)
    }

    /// Applies a race's events after `board`'s move (a guess, or its time running out): a round that
    /// ended closes with each member's own board and `round_over`, and the next round, or the end
    /// of the game, follows. `played` is the game before the move. False when the round is over.
    static func apply(_ room: inout some ModeRoom, _ events: [GameEvent], played: Game, board: RaceBoard) -> Bool {
        var roundGoesOn = true
        var armed = false
        for event in events {
            switch event {
            case .roundOver(let round, let word, let result, let solver, let mistakes):
                roundGoesOn = false
                var ended = room.endedSnapshot(
                    round: round, word: word, won: result == .won, mistakes: mistakes, guessed: board.round.guessed,
                    played: PlayedRound(played))
                ended.race = played.race.map { boards in
                    boards.map { $0.id == board.id ? view(board) : view($0) }
                }
                let record = room.roundRecord(round, word: word, won: result == .won, mistakes: mistakes, solver: solver)
                room.roundEnded(record, ended)
                sendEndedBoards(&room, ended, played: played, guesser: board)
                room.broadcast(
                    .roundOver(
                        room: room.name, round: round, word: word, won: result == .won, solver: solver?.name,
                        mistakes: mistakes))
            case .gameOver(let ranking):
                room.finishGame(ranking)
                return false
            case .roundStarted:
                room.playerClocks.clear()
                // Armed before the boards go out: each shows its racer's whole time, not what was
                // left of the last round's clock.
                room.scheduleTurnTimer()
                armed = true
                sendStates(&room)
            default:
                break
            }
        }
        // The next round's timer: the race's, or the turn's of a round of another mode.
        if !roundGoesOn, !armed { room.scheduleTurnTimer() }
        return roundGoesOn
    }

    // MARK: the racers' clocks

    /// Arms the race timer for the racer whose time runs out first (racers without a time yet get
    /// the turn's length from now). Nothing without a turn timer.
    static func armTimer(_ room: inout some ModeRoom) {
        guard room.isPlaying, let game = room.current, let boards = game.race, let seconds = game.settings.turnSeconds
        else { return room.playerClocks.clear() }
        // Nobody connected is racing (everyone away or dropped): the round waits for someone to
        // come back, as a turn game with nobody connected does, rather than timing them out again.
        let here = Set(game.players.filter(\.connected).map(\.id))
        guard boards.contains(where: { $0.racing && here.contains($0.id) }) else {
            return room.playerClocks.clear()  // everyone's time afresh once someone is back
        }
        let racing = boards.filter(\.racing).map(\.id)
        let length = UInt64(seconds) * 1_000_000_000
        guard let earliest = room.playerClocks.arm(racing, now: room.now, length: length) else { return }
        room.armTurnTimer(until: earliest) { .modeTimeout(token: $0, mode: .race, player: nil) }
    }

    /// `id` guessed: the turn's length again from now.
    static func moved(_ room: inout some ModeRoom, _ id: PlayerID) {
        guard room.isPlaying, let seconds = room.current?.settings.turnSeconds else { return }
        room.playerClocks.moved(id, until: room.now + UInt64(seconds) * 1_000_000_000)
    }

    /// The race timer rang: every racer whose time ran out is out of the round, in seat order.
    static func timedOut(_ room: inout some ModeRoom) {
        for seat in room.seats {
            guard room.playerClocks.timedOut(seat.id, at: room.now), room.isPlaying, var game = room.current,
                var board = game.raceBoard(of: seat.id), board.racing
            else { continue }
            let played = game
            room.broadcast(.turnTimeout(room: room.name, player: seat.name, outOfRound: true))
            // Out of time again and again: marked away, as a turn player is, and not connected in
            // the game before its round can end, so the next rounds do not wait for them.
            if room.countTimeout(of: seat.id) { _ = game.setConnected(seat.id, false) }
            let events = game.raceTimeout(player: seat.id)
            room.play(game)
            room.playerClocks.out(seat.id)
            board.round.forfeit()
            room.broadcast(.progress(room: room.name, mode: .race, view(board)))
            guard apply(&room, events, played: played, board: board) else { return }
        }
        sendStates(&room, update: true)
        room.scheduleTurnTimer()
    }

    /// A racer connected again (back from away, or from a drop): their clock runs (from now, on the
    /// fresh board of one who sat the round out), they see their board drawn, the others a line.
    static func returned(_ room: inout some ModeRoom, _ client: ClientID) {
        room.scheduleTurnTimer()
        sendStates(&room, update: true, drawnFor: client)
    }
}

/// The room asks race mode through the flow's seams: a race round plays own boards.
extension RaceFlow: OwnBoardsFlow {
    func ownBoards(_ game: Game?) -> (any OwnBoardsFlow)? { game?.race == nil ? nil : self }
    func prepare(_ game: inout Game) { game.sitOutAbsentRacers() }
    /// A new game: no racer has a time yet.
    func newGame(_ room: inout some ModeRoom) { room.playerClocks.clear() }

    func armTimer(_ room: inout some ModeRoom) -> Bool {
        guard room.current?.race != nil else { return false }
        Self.armTimer(&room)
        return true
    }

    func timedOut(_ room: inout some ModeRoom, _ player: PlayerID?) { Self.timedOut(&room) }

    func guess(_ room: inout some ModeRoom, by client: ClientID, _ id: PlayerID, letter: Character?, word: String?) {
        Self.guess(&room, by: client, id, letter: letter, word: word)
    }

    func board(_ room: some ModeRoom, for id: PlayerID?) -> RoomSnapshot { Self.snapshot(room, for: id) }

    func sendStates(_ room: inout some ModeRoom, update: Bool, drawnFor drawn: ClientID?) {
        Self.sendStates(&room, update: update, drawnFor: drawn)
    }

    func returned(_ room: inout some ModeRoom, _ client: ClientID) { Self.returned(&room, client) }

    /// A racer's times that ran out were their own clock's, in that many rounds.
    var timesOutOfRound: Bool { true }
}
