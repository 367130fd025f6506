/// Race mode: every seated player gets their own board of the round's word at once, no turns.
///
/// Guesses score as in classic mode, on the guesser's own board. The first solve the room takes in
/// wins the round (inputs are handled one at a time, so there is never a second winner); a player
/// whose man hangs is out of the round; the round ends when someone solves or nobody is still
/// racing. A player who joins during a round races from a fresh board. `Game.round` holds the
/// round's word untouched while it is raced (the template of every board).
public struct RaceRules: ModeRules {
    public var mode: Mode { .race }
    public var help: String { "everyone races on their own board of the same word; the first to solve it wins the round" }

    public func beginRound(_ game: inout Game, after lastSeat: Int?) -> [GameEvent] { game.startRace() }

    /// On the guesser's own board, without turns.
    public func guess(_ game: inout Game, player: PlayerID, letter: Character?, word: String?) throws(GameError)
        -> [GameEvent]
    {
        try game.raceGuess(player: player, letter: letter, word: word)
    }

    /// Nobody holds a turn in a race.
    public func mayTakeTurn(_ game: Game, seat: Int) -> Bool { false }

    public func joined(_ game: inout Game, _ player: PlayerID) -> [GameEvent]? { game.joinRace(player) }

    /// A leaver's board goes; the round ends when nobody is still racing.
    public func left(_ game: inout Game, _ player: GamePlayer, seat: Int) -> [GameEvent]? {
        game.race?.removeAll { $0.id == player.id }
        return game.endRaceIfDone()
    }

    /// A racer back from away races on a fresh board if they sat the round out.
    public func connectionChanged(_ game: inout Game, _ player: PlayerID, seat: Int, connected: Bool) -> [GameEvent]? {
        connected ? game.raceReturn(player) : []
    }

    /// A race is won by its solver alone.
    public func tally(_ game: inout Game, won: Bool, solver: PlayerID?) -> [GameEvent] {
        for index in game.players.indices {
            if game.players[index].id == solver { game.players[index].solved += 1 } else { game.players[index].failed += 1 }
        }
        return []
    }

    public func ownMisses(_ game: Game) -> [String: Int]? { game.raceMisses }
}

/// The racers' boards, on the game.
extension Game {
    /// Everyone seated gets a fresh board of the round's word. A player not connected sits the round
    /// out while someone connected races (as a turn player not connected is skipped), so the round
    /// never waits the turn's length for them; with nobody connected, every board races.
    mutating func startRace() -> [GameEvent] {
        turnIndex = nil
        race = players.map { RaceBoard(id: $0.id, round: round) }
        sitOutAbsentRacers()
        return []
    }

    /// At a race round's start (the game's first round: once the room has marked who is not
    /// connected): those not connected sit it out while someone connected races.
    public mutating func sitOutAbsentRacers() {
        guard var boards = race, players.contains(where: \.connected) else { return }
        for index in boards.indices where players.first(where: { $0.id == boards[index].id })?.connected == false {
            boards[index].round.forfeit()
            boards[index].sittingOut = true
        }
        race = boards
    }

    /// A player sitting the round out is connected again: they race on a fresh board.
    mutating func raceReturn(_ player: PlayerID) -> [GameEvent] {
        guard let index = race?.firstIndex(where: { $0.id == player }), race?[index].sittingOut == true else { return [] }
        race?[index] = RaceBoard(id: player, round: round)
        return []
    }

    /// A joiner races from a fresh board.
    mutating func joinRace(_ player: PlayerID) -> [GameEvent] {
        if race?.contains(where: { $0.id == player }) == false {
            race?.append(RaceBoard(id: player, round: round))
        }
        return []
    }

    /// `player`'s board this round, nil if they have none (not seated, or not a race).
    public func raceBoard(of player: PlayerID) -> RaceBoard? {
        race?.first { $0.id == player }
    }

    /// A guess on `player`'s own board: `letter`, or else `word`. A hit (and a solve) scores as in
    /// classic mode; a solve ends the round; a hang puts the player out, and the round ends when
    /// nobody is still racing. Throws like `guess(player:letter:)`: `.notYourTurn` for a player
    /// who is out or already solved.
    public mutating func raceGuess(player: PlayerID, letter: Character?, word: String?) throws(GameError) -> [GameEvent] {
        guard !isOver else { throw .gameOver }
        guard let index = race?.firstIndex(where: { $0.id == player }), let seat = seat(of: player), var board = race?[index]
        else { throw .notAPlayer }
        guard board.racing else { throw .notYourTurn }
        let event: GameEvent
        if let letter {
            let outcome = board.round.guess(letter: letter)
            let shown = Round.letterByte(letter).map { Character(Unicode.Scalar($0)) } ?? letter
            switch outcome {
            case .invalid: throw .invalidInput("a guess is one letter a-z")
            case .alreadyGuessed: throw .alreadyGuessed
            case .roundOver: throw .notYourTurn
            case .hit(let count):
                var points = Scoring.pointsForHit(count: count, settings: settings)
                if board.round.status == .won {
                    points += Scoring.solveBonus(missesLeft: board.round.missesLeft, settings: settings)
                }
                event = .guessed(player: player, letter: shown, word: nil, hit: true, count: count, points: points)
            case .miss:
                event = .guessed(player: player, letter: shown, word: nil, hit: false, count: 0, points: 0)
            }
        } else {
            let folded = (word ?? "").lowercased()
            if board.round.wrongWords.contains(folded) { throw .alreadyGuessed }
            let hiddenBefore = board.round.hidden
            switch board.round.guess(word: folded) {
            case .invalid: throw .invalidInput("a word guess is \(board.round.length) letters a-z")
            case .roundOver: throw .notYourTurn
            case .solved:
                let points =
                    Scoring.pointsForHit(count: hiddenBefore, settings: settings)
                    + Scoring.solveBonus(missesLeft: board.round.missesLeft, settings: settings)
                event = .guessed(player: player, letter: nil, word: folded, hit: true, count: hiddenBefore, points: points)
            case .wrong:
                event = .guessed(player: player, letter: nil, word: folded, hit: false, count: 0, points: 0)
            }
        }
        if case .guessed(_, _, _, _, _, let points) = event {
            players[seat].score += points
            players[seat].moves += 1
        }
        race?[index] = board
        if board.round.status == .won {
            round = board.round
            return [event] + endRound(solver: player, lastSeat: seat)
        }
        return [event] + endRaceIfDone()
    }

    /// `player` made no guess for the turn's length: out of this round as their board stands (no
    /// miss spent). The round ends, lost, when nobody is still racing. Nothing for a player who is
    /// not racing.
    public mutating func raceTimeout(player: PlayerID) -> [GameEvent] {
        guard !isOver, let index = race?.firstIndex(where: { $0.id == player }), race?[index].racing == true else {
            return []
        }
        race?[index].round.forfeit()
        return endRaceIfDone()
    }

    /// Ends the round, lost, once boards exist and nobody is still racing on one.
    mutating func endRaceIfDone() -> [GameEvent] {
        guard let boards = race, !isOver, !boards.contains(where: \.racing),
            let lost = boards.last(where: { $0.isOut && !$0.sittingOut }) ?? boards.last(where: \.isOut)
        else {
            return []
        }
        round = lost.round
        return endRound(solver: nil, lastSeat: 0)
    }

    /// Each racer's misses on their own board, by name; nil when the round is not a race.
    var raceMisses: [String: Int]? {
        race.map { boards in Dictionary(boards.map { ($0.id.name, $0.round.misses) }, uniquingKeysWith: max) }
    }
}

/// A race round's record: each racer's own misses, by name.
extension RoundSummary {
    public var racers: [String: Int]? {
        get { ownMisses }
        set { ownMisses = newValue }
    }
}

/// Race mode: one player's own board of the round's word (see `RaceRules`).
public struct RaceBoard: Sendable {
    public let id: PlayerID
    public var round: Round
    /// Not connected (dropped, or marked away) when the round started while others raced: out of
    /// the round from its start, no miss spent and no clock; back, they race on a fresh board.
    public internal(set) var sittingOut = false

    /// Positions revealed so far.
    public var found: Int { round.length - round.hidden }
    /// Still guessing: neither solved nor hanged.
    public var racing: Bool { round.status == .playing }
    /// Hanged: out of this round.
    public var isOut: Bool { round.status == .lost }
}
