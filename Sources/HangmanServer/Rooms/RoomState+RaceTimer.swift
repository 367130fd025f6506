import HangmanCore

/// Race mode with a turn timer: each racer has the turn's length from the round's start, and again
/// from each of their guesses; a racer whose time runs out is out of the round as their board stands
/// (no miss spent), told as a `turn_timeout`. The round ends when nobody is still racing, so a racer
/// who walked away no longer holds it open until their connection's idle limit (an hour) and the
/// grace period after it. One timer, for the earliest racer's time, re-armed when it rings.
extension RoomState {
    /// Arms the race timer for the racer whose time runs out first (racers without a time yet get
    /// the turn's length from now). Nothing without a turn timer.
    mutating func armRaceTimer() {
        guard isPlaying, let game = current, let boards = game.race, let seconds = game.settings.turnSeconds else {
            raceDeadlines = [:]
            return
        }
        // Nobody connected is racing (everyone away or dropped): the round waits for someone to
        // come back, as a turn game with nobody connected does, rather than timing them out again.
        let here = Set(game.players.filter(\.connected).map(\.id))
        guard boards.contains(where: { $0.racing && here.contains($0.id) }) else {
            raceDeadlines = [:]  // everyone's time afresh once someone is back
            return
        }
        let length = UInt64(seconds) * 1_000_000_000
        var deadlines: [PlayerID: UInt64] = [:]
        for board in boards where board.racing { deadlines[board.id] = raceDeadlines[board.id] ?? now + length }
        raceDeadlines = deadlines
        guard let earliest = deadlines.values.min() else { return }
        turnDeadline = earliest
        let wait = earliest > now ? Int((earliest - now + 999_999_999) / 1_000_000_000) : 0
        emit(.arm(.raceTimeout(token: turnToken), afterSeconds: max(1, wait)))
    }

    /// `id` guessed: the turn's length again from now.
    mutating func racerMoved(_ id: PlayerID) {
        guard isPlaying, let game = current, let seconds = game.settings.turnSeconds else { return }
        raceDeadlines[id] = now + UInt64(seconds) * 1_000_000_000
    }

    /// The race timer rang: every racer whose time ran out is out of the round, in seat order.
    mutating func raceTimedOut() {
        for seat in seats {
            guard raceDeadlines[seat.id].map({ $0 <= now }) == true, isPlaying, var game = current,
                var board = game.raceBoard(of: seat.id), board.racing
            else { continue }
            let played = game
            broadcast(.turnTimeout(room: name, player: seat.name, outOfRound: true))
            // Out of time again and again: marked away, as a turn player is, and not connected in
            // the game before its round can end, so the next rounds do not wait for them.
            if countTimeout(of: seat.id) { _ = game.setConnected(seat.id, false) }
            let events = game.raceTimeout(player: seat.id)
            play(game)
            raceDeadlines[seat.id] = nil
            board.round.forfeit()
            broadcast(.raceProgress(room: name, Self.raceView(board)))
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
