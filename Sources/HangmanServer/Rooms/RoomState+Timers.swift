import HangmanCore

/// The turn's timers (`turns`, a `TurnClock`; this file alone changes it): armed at each turn (or
/// by a mode's flow for its own waits and clocks: `ModeFlow.armTimer`), and what happens when one
/// rings (a warning, the turn passing, a walk-away marked away, a seat freed after grace).
extension RoomState {
    mutating func scheduleTurnTimer() {
        cancelTurnTimer()
        // The game read in place (`current?.…`): a `let game` would copy it.
        guard isPlaying, current != nil else { return }
        if ModeFlows.armTimer(&self) { return }
        guard let player = current?.turn, let seconds = current?.settings.turnSeconds else { return }
        armTurn(of: player, seconds: seconds, end: .turnTimeout(token: turns.token, player: player))
    }

    /// Arms `player`'s time: the warning (`turn_warning`, when the time is longer than the warning)
    /// and `end`.
    mutating func armTurn(of player: PlayerID, seconds: Int, end: Timer) {
        let timers = turns.armTurn(of: player, seconds: seconds, end: end, warningSeconds: limits.turnWarningSeconds, at: now)
        for timer in timers { emit(timer) }
    }

    /// Counts a time of `player`'s that ran out (a turn's, or a mode's own clock's); at `awayAfterTimeouts` in
    /// a row they are marked away (the room is told, their session brings them back when they type)
    /// and true is returned: the caller takes them out of the game's order (`setConnected`). Any
    /// guess of theirs resets the count.
    mutating func countTimeout(of player: PlayerID) -> Bool {
        let missed = turns.timedOut(player)
        // A bot only times out while it waits for its absent people: never marked away for it.
        guard limits.awayAfterTimeouts > 0, missed >= limits.awayAfterTimeouts, !bots.contains(player) else { return false }
        return RoomMembership.markAway(&self, player, missedTurns: missed)
    }

    /// `player` moved (a guess, a hint, a word set) or left: their time-outs in a row start again.
    mutating func resetTimeouts(of player: PlayerID) { turns.moved(player) }

    /// A new game: time-outs in a row count within it, and the modes' own clocks start afresh.
    mutating func resetClocksForNewGame() {
        turns.newGame()
        ModeFlows.newGame(&self)
    }

    /// Arms the turn's timer (`timer`, made with the turn's token) to ring at `deadline` (a mode's
    /// own clock: the earliest of the players' own times).
    mutating func armTurnTimer(until deadline: UInt64, _ timer: (UInt64) -> Timer) {
        emit(turns.armTurn(until: deadline, at: now, timer))
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
        case .modeTimeout(let token, let mode, let player):
            guard turns.isCurrent(token) else { return }
            mode.flow.timedOut(&self, player)
        case .deferredStart(let token):
            deferredStartTimedOut(token: token)
        case .grace(let player, let token):
            RoomMembership.graceEnded(&self, player, token: token)
        case .spectatorChurn(let token):
            RoomMembership.tellSpectatorChurn(&self, token: token)
        }
    }
}
