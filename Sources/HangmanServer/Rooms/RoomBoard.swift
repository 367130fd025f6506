import HangmanCore

/// What a room shows, read from its parts: the board (`state`), the seats as players, the summary
/// the lobby lists. No state of its own: each view is computed from the room as it stands at `now`
/// (the room is read in place, never copied: a copy retains everything its game holds).
enum RoomBoard {
    /// The board at `now` (turn seconds left counted from it), with the category and the hint once
    /// revealed.
    static func snapshot(_ room: RoomState, at now: UInt64) -> RoomSnapshot {
        var snapshot: RoomSnapshot
        // The game read in place: a `let game` would copy it.
        if room.isPlaying, let playing = room.current?.snapshot(in: room, at: now) {
            snapshot = playing
            snapshot.category = room.current?.settings.category
            snapshot.hint = room.hint.shown
        } else {
            snapshot = idle(room)
            snapshot.category = room.settings.category
            snapshot.hint = nil
        }
        return snapshot
    }

    /// The seats with the scores of `players`. Per board (every guess): the game seats its players
    /// in seat order, so a seat's score is almost always at the same index (a search otherwise);
    /// no set is asked while it is empty.
    static func players(_ room: RoomState, _ players: [GamePlayer]) -> [PlayerView] {
        var views: [PlayerView] = []
        views.reserveCapacity(room.seats.count)
        for (index, seat) in room.seats.enumerated() {
            let player =
                index < players.count && players[index].id == seat.id ? players[index] : players.first { $0.id == seat.id }
            views.append(
                PlayerView(
                    name: seat.name, score: player?.score ?? 0,
                    connected: seat.client != nil && (room.away.isEmpty || !room.away.contains(seat.id)),
                    bot: !room.bots.isEmpty && room.bots.contains(seat.id), team: room.shownTeam(of: seat.id)))
        }
        return views
    }

    static func summary(_ room: RoomState) -> RoomSummary {
        let settings = room.settings
        return RoomSummary(
            name: room.name, players: room.seats.count, seats: settings.seats, spectators: room.spectators.count,
            mode: settings.mode.rawValue, difficulty: settings.difficulty.rawValue, status: status(room.phase),
            isPrivate: room.password != nil)
    }

    static func status(_ phase: RoomState.Phase) -> RoomSnapshot.Status {
        switch phase {
        case .waiting: .waiting
        case .playing: .playing
        case .over: .over
        }
    }

    /// The board between games: the last one as it ended, or an empty one.
    private static func idle(_ room: RoomState) -> RoomSnapshot {
        if var finished = room.match.finishedSnapshot {
            if case .over = room.phase { finished.status = .over }
            finished.players = room.playerViews()
            finished.spectators = room.spectators.count
            finished.host = room.hostName
            return finished
        }
        let settings = room.settings
        return RoomSnapshot(
            room: room.name, status: .waiting, mode: settings.mode.rawValue, difficulty: settings.difficulty.rawValue,
            round: 0, rounds: settings.rounds, pattern: "", misses: 0, maxMisses: settings.effectiveMisses, guessed: [],
            available: room.words.alphabet.guessable, turn: nil, turnSecondsLeft: nil, players: room.playerViews(),
            spectators: room.spectators.count, host: room.hostName, isPrivate: room.password != nil)
    }
}

extension Game {
    /// This game's board, under way in `room`, at `now`.
    fileprivate func snapshot(in room: RoomState, at now: UInt64) -> RoomSnapshot {
        let secondsLeft = TurnClock.secondsLeft(until: room.turns.deadline, at: now)
        var snapshot = RoomSnapshot(
            room: room.name, status: .playing, mode: settings.mode.rawValue, difficulty: settings.difficulty.rawValue,
            round: roundNumber, rounds: settings.rounds, pattern: round.pattern, misses: round.misses,
            maxMisses: round.maxMisses, guessedLetters: Self.guessedLetters(round),
            availableLetters: Self.availableLetters(round),
            turn: turn?.name, turnSecondsLeft: secondsLeft, players: RoomBoard.players(room, players),
            spectators: room.spectators.count, host: room.hostName, isPrivate: room.password != nil)
        ModeFlows.decorate(&snapshot, self)
        return snapshot
    }

    /// The round's guessed letters: its codes for a–z (inline, no list made per board).
    private static func guessedLetters(_ round: Round) -> GuessedLetters {
        round.asciiGuessed.map(GuessedLetters.init(ascii:)) ?? GuessedLetters(round.guessed)
    }

    /// The round's letters left to guess: its guessed-letter bits for a–z (no list made per board).
    private static func availableLetters(_ round: Round) -> AvailableLetters {
        round.asciiGuessedBits.map(AvailableLetters.init(asciiGuessed:)) ?? AvailableLetters(round.available)
    }
}
