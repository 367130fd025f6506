import HangmanCore
import HangmanStore

/// Race mode in the room: each racer's guesses go to their own board (`RaceRules.swift`); the room
/// tells everyone the racer's progress as counts (`race_progress`, never the letters) and shows
/// each racer their own board privately, after the broadcasts of the same input. Spectators, and
/// the `state` every member gets, show counts only.
///
/// "You may guess now" reads as in every mode: a racer's own `state` names them in `turn` while
/// they are still racing (solved or hanged: `turn` is null), which is what bots wait for.
///
/// Ties: the room takes inputs one at a time, so the first solve it takes wins the round and the
/// next round starts at once. A solve of the word just won, arriving from a racer who has not
/// guessed on the new board yet (typed at the same moment), is refused as too late and costs
/// nothing. Equal totals at the game's end are a tie, ranked in seat order as in every mode.
extension RoomState {
    /// The board `id` sees: their own in a race (with `turn` naming them while they race), the
    /// room's board otherwise.
    func raceSnapshot(for id: PlayerID?) -> RoomSnapshot {
        let shared = snapshot()
        guard let id, isPlaying, let board = current?.raceBoard(of: id) else { return shared }
        return RaceFlow.own(shared, of: id, board, deadline: turns.raceDeadline(of: id), now: now)
    }

    /// The board for the member on `client` at time `now` (the `state` command).
    func snapshot(at now: UInt64, for client: ClientID) -> RoomSnapshot {
        var copy = self
        copy.now = now
        guard isRacing else { return copy.snapshot() }
        return copy.raceSnapshot(for: seats.first { $0.client == client }?.id)
    }

    /// Each member gets their board: racers their own, spectators the room's.
    mutating func sendRaceStates(update: Bool = false, drawnFor drawn: ClientID? = nil) {
        for member in seats {
            guard let client = member.client else { continue }
            var board = raceSnapshot(for: member.id)
            board.isUpdate = update && client != drawn
            emit(.sendAfter(client, .state(board)))
        }
        var shared = snapshot()
        shared.isUpdate = update  // a spectator's screen, like a racer's, keeps its lines
        for member in spectators {
            guard let client = member.client else { continue }
            emit(.sendAfter(client, .state(shared)))
        }
    }

    /// The board that closes a race round, to each member: a racer sees their own misses and
    /// letters (not the solver's), spectators the room's. Sent at once, so before the round's
    /// broadcasts (`round_over`), as the shared board was.
    mutating func sendRaceEndedBoards(_ ended: RoomSnapshot, played: Game, guesser: RaceBoard) {
        for member in seats {
            guard let client = member.client else { continue }
            let board = member.id == guesser.id ? guesser : played.raceBoard(of: member.id)
            let own = board.map { RaceFlow.ownEnded(ended, $0) } ?? ended
            emit(.send(client, .state(own)))
        }
        for member in spectators {
            guard let client = member.client else { continue }
            emit(.send(client, .state(ended)))
        }
    }

    /// Round `round`'s record, from the game under way (its events are applied after it moved on). A
    /// race round keeps each racer's own misses, for their high scores and history.
    func roundRecord(_ round: Int, word: String, won: Bool, mistakes: Int, solver: PlayerID?) -> RoundRecord {
        let racers = shownGame?.finishedRounds.last { $0.round == round }?.racers
        return RoundRecord(word: word, won: won, mistakes: mistakes, solver: solver?.name, racers: racers)
    }

    mutating func raceGuess(by client: ClientID, _ id: PlayerID, letter: Character?, word: String?) {
        guard isPlaying, var game = current, var board = game.raceBoard(of: id) else {
            return reply(.noGame("you are not racing in this round; wait for the next one"))
        }
        if board.isOut {
            let why = board.round.misses < board.round.maxMisses ? "your time ran out: you are" : "you are hanged and"
            return reply(.notYourTurn("\(why) out of this round; watch the others race"))
        }
        if let word, board.round.guessed.isEmpty, board.round.wrongWords.isEmpty, let last = game.finishedRounds.last,
            last.round == game.roundNumber - 1, last.word == word.lowercased()
        {
            return reply(
                .invalid(
                    "too late: \(last.solver ?? "someone") solved round \(last.round) first; round \(game.roundNumber) is on"))
        }
        let played = game
        let events: [GameEvent]
        do throws(GameError) {
            events = try game.raceGuess(player: id, letter: letter, word: word)
        } catch {
            return reply(ServerError(error, turn: game.turn, letter: letter))
        }
        play(game)
        resetTimeouts(of: id)
        racerMoved(id)
        reply(nil)
        // The guesser's board after the guess (the game may have moved on to the next round).
        if let letter { _ = board.round.guess(letter: letter) } else { _ = board.round.guess(word: word ?? "") }
        broadcast(.raceProgress(room: name, RaceFlow.view(board)))
        let roundGoesOn = applyRaceEvents(events, played: played, board: board)
        guard roundGoesOn, case .guessed(_, let letter, let word, let hit, let count, let points)? = events.first else { return }
        emit(
            .sendAfter(
                client,
                .guess(
                    room: name, player: id.name, letter: letter, word: word, hit: hit, count: count, points: points,
                    board: GuessBoard(
                        pattern: board.round.pattern, misses: board.round.misses, maxMisses: board.round.maxMisses,
                        turn: nil))))
        sendRaceStates(update: true)
    }
}

extension RoomState {
    /// Applies a race's events after `board`'s move (a guess, or its time running out): a round that
    /// ended closes with each member's own board and `round_over`, and the next round, or the end
    /// of the game, follows. `played` is the game before the move. False when the round is over.
    mutating func applyRaceEvents(_ events: [GameEvent], played: Game, board: RaceBoard) -> Bool {
        var roundGoesOn = true
        var armed = false
        for event in events {
            switch event {
            case .roundOver(let round, let word, let result, let solver, let mistakes):
                roundGoesOn = false
                var ended = endedSnapshot(
                    round: round, word: word, won: result == .won, mistakes: mistakes, guessed: board.round.guessed,
                    played: PlayedRound(played))
                ended.race = played.race.map { boards in
                    boards.map { $0.id == board.id ? RaceFlow.view(board) : RaceFlow.view($0) }
                }
                roundEnded(roundRecord(round, word: word, won: result == .won, mistakes: mistakes, solver: solver), ended)
                sendRaceEndedBoards(ended, played: played, guesser: board)
                broadcast(
                    .roundOver(
                        room: name, round: round, word: word, won: result == .won, solver: solver?.name, mistakes: mistakes))
            case .gameOver(let ranking):
                finishGame(ranking)
                return false
            case .roundStarted:
                resetRaceClocks()
                // Armed before the boards go out: each shows its racer's whole time, not what was
                // left of the last round's clock.
                scheduleTurnTimer()
                armed = true
                sendRaceStates()
            case .guessed, .turn, .awaitingWord, .setterScored:
                break
            }
        }
        // The next round's timer: the race's, or the turn's of a round of another mode.
        if !roundGoesOn, !armed { scheduleTurnTimer() }
        return roundGoesOn
    }
}
