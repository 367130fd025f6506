/// Setter mode (and where each mode begins a round): one seated player sets each round's word.
///
/// Setters go in seat order: round 1 asks the first connected seat, each later round the next
/// connected seat after the previous round's setter. While the word is awaited nobody holds the
/// turn. A setter who does not answer in time (the room's `setter-seconds`), goes away or leaves is
/// skipped to the next connected seat; once every connected player was skipped in one round, the
/// server draws the word (the game's own draw for that round) and everyone guesses it. The setter
/// of a word never holds the turn in its round; when the man hangs they score
/// `Scoring.setterPoints` (the guessers score as in classic mode).
extension Game {
    /// Starts the current round as the mode wants it: a turn (classic, evil), a setter to wait for
    /// (setter) or a board for everyone (race). `lastSeat` made the previous round's last guess
    /// (nil: the game's first round, whose turn `init` already gave to seat 0).
    mutating func beginRoundForMode(after lastSeat: Int?) -> [GameEvent] {
        let previousSetter = setterRound
        setterRound = nil
        race = nil
        switch settings.mode {
        case .classic, .evil:
            guard let lastSeat else { return [] }
            return passTurn(from: lastSeat)
        case .setter:
            let start = previousSetter.flatMap { seat(of: $0.setter) }.map { $0 + 1 } ?? 0
            return awaitSetter(startingAt: start, skipped: 0)
        case .race:
            return startRace()
        }
    }

    /// Whether the player at `seat` may hold the turn: nobody in a race or while a word is
    /// awaited, and never the setter of the word being played.
    func mayTakeTurn(_ seat: Int) -> Bool {
        if race != nil { return false }
        guard let setterRound else { return true }
        if setterRound.awaiting { return false }
        return setterRound.drawn || players[seat].id != setterRound.setter
    }

    /// The player whose word the round waits for, if any.
    public var awaitedSetter: PlayerID? {
        guard let setterRound, setterRound.awaiting, !isOver else { return nil }
        return setterRound.setter
    }

    /// Asks the first connected seat at or after `start` (wrapping) for the word; with nobody left
    /// to ask (`skipped` reached the connected players), the server's drawn word is played.
    mutating func awaitSetter(startingAt start: Int, skipped: Int) -> [GameEvent] {
        turnIndex = nil
        let count = players.count
        guard count > 0 else { return [] }
        let connected = players.filter(\.connected).count
        guard skipped < connected,
            let seat = (0..<count).lazy.map({ (start + $0) % count }).first(where: { self.players[$0].connected })
        else {
            return drawWordForSetterRound(skipped: skipped, after: start)
        }
        setterRound = SetterRound(setter: players[seat].id, skipped: skipped)
        return [.awaitingWord(setter: players[seat].id)]
    }

    /// Nobody set a word in time: the round plays the word drawn for it when the game was made.
    private mutating func drawWordForSetterRound(skipped: Int, after start: Int) -> [GameEvent] {
        let last = setterRound?.setter ?? players[max(0, min(start, players.count - 1))].id
        setterRound = SetterRound(setter: last, awaiting: false, skipped: skipped, drawn: true)
        turnIndex = nextConnected(startingAt: 0)
        return [.turn(player: turn)]
    }

    /// The awaited setter sets the round's word (the room checked it: `SetterWord.check`). The
    /// turn goes to the next connected seat after the setter.
    public mutating func setWord(_ word: String, by player: PlayerID) throws(GameError) -> [GameEvent] {
        guard !isOver, var current = setterRound, current.awaiting, current.setter == player else { throw .notYourTurn }
        let alphabet = words.alphabet
        let codes = alphabet.isASCII ? Round.normalized(word) : alphabet.encode(word)
        guard let codes, !codes.isEmpty, codes.count <= WordList.maxWordLength else {
            throw .invalidInput("a word is letters \(alphabet.guessableText)")
        }
        let folded = alphabet.isASCII ? String(decoding: codes, as: UTF8.self) : alphabet.decode(codes)
        round = Round(word: folded, maxMisses: settings.effectiveMisses, alphabet: alphabet)
        plan[roundNumber - 1] = .word(folded)
        current.awaiting = false
        setterRound = current
        playerSetRounds += 1
        if let seat = seat(of: player) { players[seat].moves += 1 }
        turnIndex = nextConnected(startingAt: (seat(of: player) ?? -1) + 1)
        return [.turn(player: turn)]
    }

    /// The awaited setter ran out of time: the next connected seat is asked.
    public mutating func skipSetter() -> [GameEvent] {
        guard let current = setterRound, current.awaiting, !isOver else { return [] }
        return awaitSetter(startingAt: (seat(of: current.setter) ?? -1) + 1, skipped: current.skipped + 1)
    }

    /// The setter of a word the guessers failed earns their points (see `Scoring.setterPoints`).
    mutating func scoreSetterForHang() -> [GameEvent] {
        guard let owner = setterRound?.wordOwner, let seat = seat(of: owner) else { return [] }
        let points = Scoring.setterPoints(hidden: round.hidden, settings: settings)
        players[seat].score += points
        return [.setterScored(player: owner, points: points)]
    }

    /// Mode rules when a player goes away or comes back; nil: the classic rules apply.
    mutating func setConnectedForMode(_ player: PlayerID, seat: Int, _ connected: Bool) -> [GameEvent]? {
        if race != nil { return connected ? raceReturn(player) : [] }
        guard let current = setterRound, current.awaiting else { return nil }
        if !connected, current.setter == player {
            return awaitSetter(startingAt: seat + 1, skipped: current.skipped)
        }
        return []
    }

    /// Mode rules when a player (who sat at `seat`, now removed) leaves; nil: the classic rules apply.
    mutating func leaveForMode(_ player: PlayerID, seat: Int) -> [GameEvent]? {
        if race != nil {
            race?.removeAll { $0.id == player }
            return endRaceIfDone()
        }
        guard let current = setterRound, current.awaiting else { return nil }
        // The seat after the leaver's now has the leaver's index.
        if current.setter == player { return awaitSetter(startingAt: seat, skipped: current.skipped) }
        return []
    }
}
