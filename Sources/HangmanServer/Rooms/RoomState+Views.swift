import HangmanCore

/// What a room shows: the board (`state`), the players, the summary the lobby lists.
extension RoomState {
    /// The seats, with the shown game's scores.
    func playerViews() -> [PlayerView] {
        playerViews(shownGame?.players ?? [])
    }

    /// The seats with the scores of `players`. Per board (every guess): the game seats its players
    /// in seat order, so a seat's score is almost always at the same index (a search otherwise);
    /// no set is asked while it is empty.
    fileprivate func playerViews(_ players: [GamePlayer]) -> [PlayerView] {
        var views: [PlayerView] = []
        views.reserveCapacity(seats.count)
        for (index, seat) in seats.enumerated() {
            let player =
                index < players.count && players[index].id == seat.id ? players[index] : players.first { $0.id == seat.id }
            views.append(
                PlayerView(
                    name: seat.name, score: player?.score ?? 0,
                    connected: seat.client != nil && (away.isEmpty || !away.contains(seat.id)),
                    bot: !bots.isEmpty && bots.contains(seat.id), team: shownTeam(of: seat.id)))
        }
        return views
    }

    var hostName: String? { seats.first { $0.id == host }?.name }

    /// The board as it stands (turn seconds left counted from the last input's time), with the
    /// category and the hint once revealed.
    func snapshot() -> RoomSnapshot {
        var snapshot = boardSnapshot()
        decorate(&snapshot)
        return snapshot
    }

    /// The board of the game under way, read in place (a `let game` would copy it: a retain for
    /// everything it holds).
    private func boardSnapshot() -> RoomSnapshot {
        guard isPlaying, let snapshot = current?.snapshot(in: self) else { return idleSnapshot() }
        return snapshot
    }

    /// The board between games: the last one as it ended, or an empty one.
    private func idleSnapshot() -> RoomSnapshot {
        if let finished = match.finishedSnapshot {
            var snapshot = finished
            if case .over = phase { snapshot.status = .over }
            snapshot.players = playerViews()
            snapshot.spectators = spectators.count
            snapshot.host = hostName
            return snapshot
        }
        return RoomSnapshot(
            room: name, status: .waiting, mode: settings.mode.rawValue, difficulty: settings.difficulty.rawValue, round: 0,
            rounds: settings.rounds, pattern: "", misses: 0, maxMisses: settings.effectiveMisses, guessed: [],
            available: words.alphabet.guessable, turn: nil, turnSecondsLeft: nil, players: playerViews(),
            spectators: spectators.count,
            host: hostName, isPrivate: password != nil)
    }

    /// The board at time `now` (for `state` asked between inputs).
    func snapshot(at now: UInt64) -> RoomSnapshot {
        var copy = self
        copy.now = now
        return copy.snapshot()
    }

    var status: RoomSnapshot.Status {
        switch phase {
        case .waiting: .waiting
        case .playing: .playing
        case .over: .over
        }
    }

    var summary: RoomSummary {
        RoomSummary(
            name: name, players: seats.count, seats: settings.seats, spectators: spectators.count, mode: settings.mode.rawValue,
            difficulty: settings.difficulty.rawValue, status: status, isPrivate: password != nil)
    }

    /// Whether a pending settings change waits for the next round.
    var hasPendingSettings: Bool { isPlaying && current?.pendingSettings != nil }
}

extension Game {
    /// This game's board, under way in `room`.
    fileprivate func snapshot(in room: RoomState) -> RoomSnapshot {
        let secondsLeft = TurnClock.secondsLeft(until: room.turns.deadline, at: room.now)
        var snapshot = RoomSnapshot(
            room: room.name, status: .playing, mode: settings.mode.rawValue, difficulty: settings.difficulty.rawValue,
            round: roundNumber, rounds: settings.rounds, pattern: round.pattern, misses: round.misses,
            maxMisses: round.maxMisses, guessed: round.guessed, available: round.available, turn: turn?.name,
            turnSecondsLeft: secondsLeft, players: room.playerViews(players), spectators: room.spectators.count,
            host: room.hostName, isPrivate: room.password != nil)
        ModeFlows.decorate(&snapshot, self)
        return snapshot
    }
}
