import HangmanCore

/// The turn's timers: armed at each turn (a setter's wait and a race's clocks too), and what happens
/// when one rings (a warning, the turn passing, a walk-away marked away, a seat freed after grace).
extension RoomState {
    mutating func scheduleTurnTimer() {
        cancelTurnTimer()
        // The game read in place (`current?.…`): a `let game` would copy it.
        guard isPlaying, current != nil else { return }
        if current?.race != nil { return armRaceTimer() }
        if let setter = current?.awaitedSetter { return armSetterTimer(setter) }
        guard let player = current?.turn, let seconds = current?.settings.turnSeconds else { return }
        armTurn(of: player, seconds: seconds, end: .turnTimeout(token: turnToken, player: player))
    }

    /// Arms `player`'s time: the warning (`turn_warning`, when the time is longer than the warning)
    /// and `end`.
    mutating func armTurn(of player: PlayerID, seconds: Int, end: Timer) {
        turnDeadline = now + UInt64(seconds) * 1_000_000_000
        if seconds > turnWarningSeconds {
            emit(
                .arm(
                    .turnWarning(token: turnToken, player: player, secondsLeft: turnWarningSeconds),
                    afterSeconds: seconds - turnWarningSeconds))
        }
        emit(.arm(end, afterSeconds: seconds))
    }

    /// Counts a time of `player`'s that ran out (a turn's, or a racer's); at `awayAfterTimeouts` in
    /// a row they are marked away (the room is told, their session brings them back when they type)
    /// and true is returned: the caller takes them out of the game's order (`setConnected`). Any
    /// guess of theirs resets the count.
    mutating func countTimeout(of player: PlayerID) -> Bool {
        let missed = timeoutsInARow[player, default: 0] + 1
        timeoutsInARow[player] = missed
        // A bot only times out while it waits for its absent people: never marked away for it.
        guard awayAfterTimeouts > 0, missed >= awayAfterTimeouts, !bots.contains(player), !away.contains(player),
            let client = seats.first(where: { $0.id == player })?.client
        else { return false }
        away.insert(player)
        broadcast(.away(room: name, player: player.name, away: true, missedTurns: missed))
        emit(.markedAway(client))
        return true
    }

    mutating func cancelTurnTimer() {
        turnToken &+= 1
        if turnDeadline != nil { emit(.cancelTurnTimers) }
        turnDeadline = nil
    }

    mutating func fired(_ timer: Timer) {
        switch timer {
        case .turnWarning(let token, let player, let secondsLeft):
            guard token == turnToken else { return }
            broadcast(.turnWarning(room: name, player: player.name, secondsLeft: secondsLeft))
        case .turnTimeout(let token, let player):
            guard token == turnToken, isPlaying, var game = current else { return }
            broadcast(.turnTimeout(room: name, player: player.name))
            // A walk-away must not stall the table: skipped until they type again.
            let events = countTimeout(of: player) ? game.setConnected(player, false) : game.timeout()
            play(game)
            apply(events, guessed: nil)
        case .setterTimeout(let token, let player):
            guard token == turnToken else { return }
            setterTimedOut(player)
        case .raceTimeout(let token):
            guard token == turnToken else { return }
            raceTimedOut()
        case .deferredStart(let token):
            deferredStartTimedOut(token: token)
        case .grace(let player, let token):
            guard let index = seats.firstIndex(where: { $0.id == player }), seats[index].client == nil,
                seats[index].graceToken == token
            else { return }
            remove(player, client: nil, reason: "did not come back in time")
            emit(.releaseName(player, nil))
        }
    }
}
