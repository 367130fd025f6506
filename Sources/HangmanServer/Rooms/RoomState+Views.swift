import HangmanCore

/// What a room shows: the board (`state`), the players, the summary the lobby lists.
extension RoomState {
    func playerViews() -> [PlayerView] {
        let scores = Dictionary((shownGame?.players ?? []).map { ($0.id, $0.score) }, uniquingKeysWith: { $1 })
        return seats.map {
            PlayerView(
                name: $0.name, score: scores[$0.id] ?? 0, connected: $0.client != nil && !away.contains($0.id),
                bot: bots.contains($0.id))
        }
    }

    var hostName: String? { seats.first { $0.id == host }?.name }

    /// The board as it stands (turn seconds left counted from the last input's time), with the
    /// category and the hint once revealed.
    func snapshot() -> RoomSnapshot {
        var snapshot = boardSnapshot()
        decorate(&snapshot)
        return snapshot
    }

    private func boardSnapshot() -> RoomSnapshot {
        let alphabet = words.alphabet.guessable
        if !isPlaying, let finished = finishedSnapshot {
            var snapshot = finished
            if case .over = phase { snapshot.status = .over }
            snapshot.players = playerViews()
            snapshot.spectators = spectators.map(\.name)
            snapshot.host = hostName
            return snapshot
        }
        guard let game else {
            return RoomSnapshot(
                room: name, status: .waiting, mode: settings.mode.rawValue, difficulty: settings.difficulty.rawValue, round: 0,
                rounds: settings.rounds, pattern: "", misses: 0, maxMisses: settings.effectiveMisses, guessed: [],
                available: alphabet, turn: nil, turnSecondsLeft: nil, players: playerViews(), spectators: spectators.map(\.name),
                host: hostName, isPrivate: password != nil)
        }
        let round = game.round
        var secondsLeft: Int?
        if let deadline = turnDeadline {
            secondsLeft = deadline > now ? Int((deadline - now + 999_999_999) / 1_000_000_000) : 0
        }
        var snapshot = RoomSnapshot(
            room: name, status: .playing, mode: game.settings.mode.rawValue, difficulty: game.settings.difficulty.rawValue,
            round: game.roundNumber, rounds: game.settings.rounds, pattern: round.pattern, misses: round.misses,
            maxMisses: round.maxMisses, guessed: round.guessed, available: round.available, turn: game.turn?.name,
            turnSecondsLeft: secondsLeft, players: playerViews(), spectators: spectators.map(\.name), host: hostName,
            isPrivate: password != nil)
        addModeViews(&snapshot, game)
        return snapshot
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
    var hasPendingSettings: Bool { game?.pendingSettings != nil }
}
