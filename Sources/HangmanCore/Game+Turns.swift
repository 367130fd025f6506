/// Turn order and the end of rounds.
extension Game {
    func seat(of player: PlayerID) -> Int? {
        players.firstIndex { $0.id == player }
    }

    /// The seat of `player` if they may guess now; otherwise the error saying why not.
    func checkTurn(_ player: PlayerID) throws(GameError) -> Int {
        guard let seat = seat(of: player) else { throw .notAPlayer }
        guard !isOver else { throw .gameOver }
        guard turnIndex == seat else { throw .notYourTurn }
        return seat
    }

    /// The first connected seat at or after `start`, wrapping around; nil if nobody is connected.
    func nextConnected(startingAt start: Int) -> Int? {
        let count = players.count
        guard count > 0 else { return nil }
        for step in 0..<count {
            let seat = (start + step) % count
            if players[seat].connected && mayTakeTurn(seat) { return seat }
        }
        return nil
    }

    /// Whether the player at `seat` may hold the turn, by the mode's rules (`ModeRules.mayTakeTurn`).
    func mayTakeTurn(_ seat: Int) -> Bool { settings.mode.rules.mayTakeTurn(self, seat: seat) }

    /// Passes the turn from `seat` to the next player the mode's rules give it to: the next connected
    /// seat (possibly the same one, alone), or in teams mode the next team's next player.
    mutating func passTurn(from seat: Int) -> [GameEvent] {
        let rules = settings.mode.rules
        turnIndex = rules.nextTurn(&self, after: seat)
        return [.turn(player: turn)]
    }

    /// Ends the current round: tallies, `roundOver`, then the next round (`roundStarted`, `turn`) or
    /// `gameOver`. `lastSeat` made the round's last guess; the next round starts after them.
    mutating func endRound(solver: PlayerID?, lastSeat: Int) -> [GameEvent] {
        let rules = settings.mode.rules
        let modeEvents = rules.tally(&self, won: round.status == .won, solver: solver)
        let word = round.answer ?? round.pattern
        finishedRounds.append(
            RoundSummary(
                round: roundNumber, word: word, result: round.status, solver: solver?.name, mistakes: round.misses,
                ownMisses: rules.ownMisses(self), mode: settings.mode, difficulty: settings.difficulty))
        var events: [GameEvent] =
            [.roundOver(round: roundNumber, word: word, result: round.status, solver: solver, mistakes: round.misses)]
            + modeEvents
        if let pending = pendingSettings {
            settings = pending
            pendingSettings = nil
        }
        if roundNumber >= plan.count {
            isOver = true
            turnIndex = nil
            endGameState()
            events.append(.gameOver(ranking: ranking))
            return events
        }
        roundNumber += 1
        round = Self.makeRound(
            plan[roundNumber - 1], settings: settings, words: words, played: finishedRounds.map(\.word))
        events.append(.roundStarted(round: roundNumber))
        events += beginRoundForMode(after: lastSeat)
        return events
    }
}
