import HangmanCore

/// The turn's timers (`turns`, a `TurnClock`; this file alone changes it): armed at each turn (a
/// setter's wait and a race's clocks too), and what happens when one rings (a warning, the turn
/// passing, a walk-away marked away, a seat freed after grace).
///
/// Race mode with a turn timer: each racer has the turn's length from the round's start, and again
/// from each of their guesses; a racer whose time runs out is out of the round as their board stands
/// (no miss spent), told as a `turn_timeout`. The round ends when nobody is still racing, so a racer
/// who walked away no longer holds it open until their connection's idle limit (an hour) and the
/// grace period after it. One timer, for the earliest racer's time, re-armed when it rings.
extension RoomState {
    mutating func scheduleTurnTimer() {
        cancelTurnTimer()
        // The game read in place (`current?.…`): a `let game` would copy it.
        guard isPlaying, current != nil else { return }
        if current?.race != nil { return armRaceTimer() }
        if let setter = current?.awaitedSetter { return armSetterTimer(setter) }
        guard let player = current?.turn, let seconds = current?.settings.turnSeconds else { return }
        armTurn(of: player, seconds: seconds, end: .turnTimeout(token: turns.token, player: player))
    }

    /// Arms `player`'s time: the warning (`turn_warning`, when the time is longer than the warning)
    /// and `end`.
    mutating func armTurn(of player: PlayerID, seconds: Int, end: Timer) {
        turns.armTurn(until: now + UInt64(seconds) * 1_000_000_000)
        if seconds > turnWarningSeconds {
            emit(
                .arm(
                    .turnWarning(token: turns.token, player: player, secondsLeft: turnWarningSeconds),
                    afterSeconds: seconds - turnWarningSeconds))
        }
        emit(.arm(end, afterSeconds: seconds))
    }

    /// Counts a time of `player`'s that ran out (a turn's, or a racer's); at `awayAfterTimeouts` in
    /// a row they are marked away (the room is told, their session brings them back when they type)
    /// and true is returned: the caller takes them out of the game's order (`setConnected`). Any
    /// guess of theirs resets the count.
    mutating func countTimeout(of player: PlayerID) -> Bool {
        let missed = turns.timedOut(player)
        // A bot only times out while it waits for its absent people: never marked away for it.
        guard awayAfterTimeouts > 0, missed >= awayAfterTimeouts, !bots.contains(player) else { return false }
        return markAway(player, missedTurns: missed)
    }

    /// `player` moved (a guess, a hint, a word set) or left: their time-outs in a row start again.
    mutating func resetTimeouts(of player: PlayerID) { turns.moved(player) }

    /// A new game: time-outs in a row count within it, and no racer has a time yet.
    mutating func resetClocksForNewGame() { turns.newGame() }

    /// A new race round: every racer's time afresh.
    mutating func resetRaceClocks() { turns.clearRaceDeadlines() }

    mutating func cancelTurnTimer() {
        if turns.cancel() { emit(.cancelTurnTimers) }
    }

    mutating func fired(_ timer: Timer) {
        switch timer {
        case .turnWarning(let token, let player, let secondsLeft):
            guard turns.isCurrent(token) else { return }
            broadcast(.turnWarning(room: name, player: player.name, secondsLeft: secondsLeft))
        case .turnTimeout(let token, let player):
            guard turns.isCurrent(token), isPlaying, var game = current else { return }
            broadcast(.turnTimeout(room: name, player: player.name))
            // A walk-away must not stall the table: skipped until they type again.
            let events = countTimeout(of: player) ? game.setConnected(player, false) : game.timeout()
            play(game)
            apply(events, guessed: nil)
        case .setterTimeout(let token, let player):
            guard turns.isCurrent(token) else { return }
            setterTimedOut(player)
        case .raceTimeout(let token):
            guard turns.isCurrent(token) else { return }
            raceTimedOut()
        case .deferredStart(let token):
            deferredStartTimedOut(token: token)
        case .grace(let player, let token):
            graceEnded(player, token: token)
        case .spectatorChurn(let token):
            tellSpectatorChurn(token: token)
        }
    }

    // MARK: a race's clocks

    /// Arms the race timer for the racer whose time runs out first (racers without a time yet get
    /// the turn's length from now). Nothing without a turn timer.
    mutating func armRaceTimer() {
        guard isPlaying, let game = current, let boards = game.race, let seconds = game.settings.turnSeconds else {
            return turns.clearRaceDeadlines()
        }
        // Nobody connected is racing (everyone away or dropped): the round waits for someone to
        // come back, as a turn game with nobody connected does, rather than timing them out again.
        let here = Set(game.players.filter(\.connected).map(\.id))
        guard boards.contains(where: { $0.racing && here.contains($0.id) }) else {
            return turns.clearRaceDeadlines()  // everyone's time afresh once someone is back
        }
        let racing = boards.filter(\.racing).map(\.id)
        guard let earliest = turns.armRace(racing, now: now, length: UInt64(seconds) * 1_000_000_000) else { return }
        let wait = TurnClock.secondsLeft(until: earliest, at: now) ?? 0
        emit(.arm(.raceTimeout(token: turns.token), afterSeconds: max(1, wait)))
    }

    /// `id` guessed: the turn's length again from now.
    mutating func racerMoved(_ id: PlayerID) {
        guard isPlaying, let game = current, let seconds = game.settings.turnSeconds else { return }
        turns.racerMoved(id, until: now + UInt64(seconds) * 1_000_000_000)
    }

    /// The race timer rang: every racer whose time ran out is out of the round, in seat order.
    mutating func raceTimedOut() {
        for seat in seats {
            guard turns.racerTimedOut(seat.id, at: now), isPlaying, var game = current,
                var board = game.raceBoard(of: seat.id), board.racing
            else { continue }
            let played = game
            broadcast(.turnTimeout(room: name, player: seat.name, outOfRound: true))
            // Out of time again and again: marked away, as a turn player is, and not connected in
            // the game before its round can end, so the next rounds do not wait for them.
            if countTimeout(of: seat.id) { _ = game.setConnected(seat.id, false) }
            let events = game.raceTimeout(player: seat.id)
            play(game)
            turns.racerOut(seat.id)
            board.round.forfeit()
            broadcast(.raceProgress(room: name, RaceFlow.view(board)))
            guard applyRaceEvents(events, played: played, board: board) else { return }
        }
        sendRaceStates(update: true)
        scheduleTurnTimer()
    }

    /// A racer connected again (back from away, or from a drop): their clock runs (from now, on the
    /// fresh board of one who sat the round out), they see their board drawn, the others a line.
    mutating func raceReturned(_ client: ClientID) {
        scheduleTurnTimer()
        sendRaceStates(update: true, drawnFor: client)
    }
}
