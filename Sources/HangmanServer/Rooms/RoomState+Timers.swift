import HangmanCore

/// The turn's timers (`turns`, a `TurnClock`; this file alone changes it): armed at each turn (a
/// setter's wait too; a race's clocks are its flow's, Modes/RaceRoom.swift), and what happens when
/// one rings (a warning, the turn passing, a walk-away marked away, a seat freed after grace).
extension RoomState {
    mutating func scheduleTurnTimer() {
        cancelTurnTimer()
        // The game read in place (`current?.…`): a `let game` would copy it.
        guard isPlaying, current != nil else { return }
        if current?.race != nil { return RaceFlow.armTimer(&self) }
        if let setter = current?.awaitedSetter { return SetterFlow.armTimer(&self, setter) }
        guard let player = current?.turn, let seconds = current?.settings.turnSeconds else { return }
        armTurn(of: player, seconds: seconds, end: .turnTimeout(token: turns.token, player: player))
    }

    /// Arms `player`'s time: the warning (`turn_warning`, when the time is longer than the warning)
    /// and `end`.
    mutating func armTurn(of player: PlayerID, seconds: Int, end: Timer) {
        turns.armTurn(until: now + UInt64(seconds) * 1_000_000_000)
        if seconds > limits.turnWarningSeconds {
            emit(
                .arm(
                    .turnWarning(token: turns.token, player: player, secondsLeft: limits.turnWarningSeconds),
                    afterSeconds: seconds - limits.turnWarningSeconds))
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
        guard limits.awayAfterTimeouts > 0, missed >= limits.awayAfterTimeouts, !bots.contains(player) else { return false }
        return markAway(player, missedTurns: missed)
    }

    /// `player` moved (a guess, a hint, a word set) or left: their time-outs in a row start again.
    mutating func resetTimeouts(of player: PlayerID) { turns.moved(player) }

    /// A new game: time-outs in a row count within it, and no racer has a time yet.
    mutating func resetClocksForNewGame() {
        turns.newGame()
        RaceFlow.newGame(&self)
    }

    /// Arms the turn's timer (`timer`, made with the turn's token) to ring at `deadline` (a mode's
    /// own clock: the earliest racer's time).
    mutating func armTurnTimer(until deadline: UInt64, _ timer: (UInt64) -> Timer) {
        turns.armTurn(until: deadline)
        let wait = TurnClock.secondsLeft(until: deadline, at: now) ?? 0
        emit(.arm(timer(turns.token), afterSeconds: max(1, wait)))
    }

    /// The token the turn's timers are armed with now.
    var turnToken: UInt64 { turns.token }

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
            SetterFlow.timedOut(&self, player)
        case .raceTimeout(let token):
            guard turns.isCurrent(token) else { return }
            RaceFlow.timedOut(&self)
        case .deferredStart(let token):
            deferredStartTimedOut(token: token)
        case .grace(let player, let token):
            graceEnded(player, token: token)
        case .spectatorChurn(let token):
            tellSpectatorChurn(token: token)
        }
    }
}
