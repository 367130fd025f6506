/// A game: `settings.rounds` rounds over seated players who take turns in seat order.
///
/// A value-type state machine: every mutating call returns the events it caused, in order, and
/// refused guesses throw a `GameError` without changing anything. It never reads a clock or does
/// I/O: the room calls `timeout()` when its turn timer fires.
///
/// Turns: seat order (join order; a joiner sits at the end). A hit keeps the turn; a miss, a wrong
/// word or a timeout passes it to the next connected player. Away players (`setConnected(_, false)`)
/// are skipped. A leaver holding the turn hands it to the next connected seat after theirs. With
/// nobody connected the turn is nil until someone connects or joins. A new round begins with the
/// next connected player after the one who made the previous round's last guess.
///
/// Words: all of a game's words (classic) or word lengths (evil) are drawn when the game is made,
/// from the injected random source, so one seed always gives the same game.
///
/// Modes: what differs between modes (word choice, the start of a round, the guess, turn order,
/// scoring, the end of a round and of the game) is asked of the current round's mode's rules,
/// `settings.mode.rules` (see `ModeRules`); this type keeps what they share.
public struct Game: Sendable {
    /// The settings of the current round: the game's own, or the last `updateSettings` once a
    /// round has ended since.
    public internal(set) var settings: Settings
    /// Settings that take effect when the current round ends (see `updateSettings`).
    public internal(set) var pendingSettings: Settings?
    /// The current round, 1-based (stays at the last round once the game is over).
    public internal(set) var roundNumber = 1
    /// The current round (the last one once the game is over).
    public internal(set) var round: Round
    /// True after the last round ended.
    public internal(set) var isOver = false
    /// Seated players in seat order.
    public internal(set) var players: [GamePlayer]
    /// Rounds that have ended, in order.
    public internal(set) var finishedRounds: [RoundSummary] = []
    /// Setter mode: who sets the current round's word, and whether it is still awaited.
    public internal(set) var setterRound: SetterRound?
    /// Rounds whose word a player set (a game with any is kept off the global leaderboard).
    public internal(set) var playerSetRounds = 0
    /// Race mode: every seated player's own board of the round's word; nil in other modes.
    public internal(set) var race: [RaceBoard]?
    /// Teams mode: who plays in which team, and the team scores; nil until a round is played in it.
    public internal(set) var teams: Teams?
    /// Setter mode: who set the previous round's word (the next round asks the seat after theirs).
    var previousSetter: PlayerID?

    /// Index in `players` of the turn holder; nil when nobody connected is seated or the game is over.
    var turnIndex: Int?
    /// What each round plays: a word (classic) or a length (evil).
    var plan: [RoundPlan]
    /// The list evil rounds draw their candidates from (and later rounds are drawn from; replaced by
    /// `updateSettings(_:words:rng:)` when the room's category changes).
    public internal(set) var words: WordList

    /// What a round will play, fixed when the game is made.
    public enum RoundPlan: Sendable, Hashable {
        case word(String)
        case evil(length: Int)
    }

    /// Makes a game and draws its words with `rng` per `settings`: classic picks a word fitting the
    /// length (nil = any) and difficulty for each round, all different while the list allows;
    /// evil picks each round's length (`settings.length`, or a length drawn with probability
    /// proportional to its number of fitting words) and plays all fitting words of that length.
    /// Throws `.outOfRange` if a setting is out of its range or no word fits. Duplicate players (same key,
    /// any case) are seated once. `teams` are the teams players chose before the game (teams mode:
    /// the others are balanced among the teams with `rng`; see `Teams`).
    public init(
        settings: Settings, players: [PlayerID], words: WordList, teams: [PlayerID: Int] = [:],
        rng: inout some RandomNumberGenerator
    ) throws(SettingsError) {
        try settings.validate(words: words)
        self.settings = settings
        self.words = words
        var seated: [GamePlayer] = []
        for id in players where !seated.contains(where: { $0.id == id }) {
            seated.append(GamePlayer(id: id))
        }
        self.players = seated
        self.turnIndex = seated.isEmpty ? nil : 0
        let plan = Self.drawPlan(settings: settings, words: words, rng: &rng)
        self.plan = plan
        self.round = Self.makeRound(plan.first ?? .word(""), settings: settings, words: words)
        settings.mode.rules.prepare(&self, choices: teams, rng: &rng)
        _ = beginRoundForMode(after: nil)
    }

    /// Changes the settings from the next round on: the current round keeps its word, misses and
    /// scoring; the rounds after it are drawn anew with `rng` under `new` (mode, length, difficulty,
    /// misses, turn), and `new.rounds` becomes the game's length. Throws `.outOfRange` when `new`
    /// leaves no word, or asks for fewer rounds than the one being played.
    public mutating func updateSettings(_ new: Settings, rng: inout some RandomNumberGenerator) throws(SettingsError) {
        try new.validate(words: words)
        guard new.rounds >= roundNumber else {
            throw .outOfRange(
                key: SettingKey.rounds.name,
                message: "round \(roundNumber) is under way, so rounds must be at least \(roundNumber)")
        }
        let drawn = Self.drawPlan(settings: new, words: words, rng: &rng)
        plan = Array(plan.prefix(roundNumber)) + Array(drawn.dropFirst(roundNumber))
        pendingSettings = new
    }

    /// The player whose turn it is; nil when nobody connected is seated or the game is over.
    public var turn: PlayerID? { turnIndex.map { players[$0].id } }

    /// Players best first, by the mode's rules: best score first, equal scores in seat order (teams:
    /// by the team's place, then each player's own score).
    public var ranking: [GamePlayer] { settings.mode.rules.ranking(self) }

    /// The place of each player of `ranking` (an ordered subset of `ranking`, e.g. without players
    /// who never played), 1 = first: their position, or in teams mode their team's place.
    public func places(of ranking: [GamePlayer]) -> [Int] { settings.mode.rules.places(of: ranking, in: self) }

    /// Whether the game may go on the global leaderboard: every mode its rounds were played in says
    /// so (a setter game with a word a player set does not).
    public var isRanked: Bool {
        (finishedRounds.map(\.mode) + [settings.mode]).allSatisfy { $0.rules.isRanked(self) }
    }

    /// `player` guesses a letter, by the mode's rules (`turnGuess` on one's turn, or
    /// on one's own race board).
    public mutating func guess(player: PlayerID, letter: Character) throws(GameError) -> [GameEvent] {
        let rules = settings.mode.rules
        return try rules.guess(&self, player: player, letter: letter, word: nil)
    }

    /// `player` guesses the whole word, by the mode's rules.
    public mutating func guess(player: PlayerID, word: String) throws(GameError) -> [GameEvent] {
        let rules = settings.mode.rules
        return try rules.guess(&self, player: player, letter: nil, word: word)
    }

    /// `player` guesses a letter on their turn. A hit scores and keeps the turn (and, if it completes
    /// the word, scores the solve bonus and ends the round); a miss passes the turn.
    mutating func turnGuess(player: PlayerID, letter: Character) throws(GameError) -> [GameEvent] {
        let seat = try checkTurn(player)
        let outcome = round.guess(letter: letter)
        let shown = round.shownLetter(letter)
        switch outcome {
        case .invalid:
            throw .invalidInput("a guess is one letter \(round.alphabet.guessableText)")
        case .alreadyGuessed:
            throw .alreadyGuessed
        case .roundOver:
            throw .gameOver
        case .hit(let count):
            players[seat].moves += 1
            var points = Scoring.pointsForHit(count: count, settings: settings)
            if round.status == .won {
                points += Scoring.solveBonus(missesLeft: round.missesLeft, settings: settings)
            }
            players[seat].score += points
            var events: [GameEvent] = [
                .guessed(player: player, letter: shown, word: nil, hit: true, count: count, points: points)
            ]
            if round.status == .won { events += endRound(solver: player, lastSeat: seat) }
            return events
        case .miss:
            players[seat].moves += 1
            var events: [GameEvent] = [
                .guessed(player: player, letter: shown, word: nil, hit: false, count: 0, points: 0)
            ]
            events += round.status == .lost ? endRound(solver: nil, lastSeat: seat) : passTurn(from: seat)
            return events
        }
    }

    /// `player` guesses the whole word on their turn. Right: the letters it reveals score, plus the
    /// solve bonus, and the round ends. Wrong (or dodged in evil mode): one miss, the turn passes.
    /// A wrong word already tried this round is refused as `.alreadyGuessed`, costing nothing.
    mutating func turnGuess(player: PlayerID, word: String) throws(GameError) -> [GameEvent] {
        let seat = try checkTurn(player)
        let folded = word.lowercased()
        if round.wrongWords.contains(folded) { throw .alreadyGuessed }
        let hiddenBefore = round.hidden
        switch round.guess(word: word) {
        case .invalid:
            throw .invalidInput("a word guess is \(round.length) letters \(round.alphabet.guessableText)")
        case .roundOver:
            throw .gameOver
        case .solved:
            players[seat].moves += 1
            let points =
                Scoring.pointsForHit(count: hiddenBefore, settings: settings)
                + Scoring.solveBonus(missesLeft: round.missesLeft, settings: settings)
            players[seat].score += points
            return [.guessed(player: player, letter: nil, word: folded, hit: true, count: hiddenBefore, points: points)]
                + endRound(solver: player, lastSeat: seat)
        case .wrong:
            players[seat].moves += 1
            let events: [GameEvent] = [
                .guessed(player: player, letter: nil, word: folded, hit: false, count: 0, points: 0)
            ]
            return events + (round.status == .lost ? endRound(solver: nil, lastSeat: seat) : passTurn(from: seat))
        }
    }

    /// The turn holder ran out of time: the turn passes (no miss is spent).
    public mutating func timeout() -> [GameEvent] {
        guard !isOver, let seat = turnIndex else { return [] }
        return passTurn(from: seat)
    }

    /// Seats `player` at the end of the seat order (no-op if already seated). If nobody held the
    /// turn, the newcomer gets it.
    public mutating func join(_ player: PlayerID) -> [GameEvent] {
        guard seat(of: player) == nil else { return [] }
        players.append(GamePlayer(id: player, firstRound: roundNumber))
        let rules = settings.mode.rules
        if !isOver, let events = rules.joined(&self, player) { return events }
        guard !isOver, turnIndex == nil, mayTakeTurn(players.count - 1) else { return [] }
        turnIndex = players.count - 1
        return [.turn(player: player)]
    }

    /// Removes `player` from the game. If they held the turn it goes to the next connected seat after
    /// theirs (nil if none), with a `.turn` event.
    public mutating func leave(_ player: PlayerID) -> [GameEvent] {
        guard let seat = seat(of: player) else { return [] }
        let leaver = players.remove(at: seat)
        let rules = settings.mode.rules
        if let events = rules.left(&self, leaver, seat: seat) { return events }
        guard let current = turnIndex else { return [] }
        if current > seat {
            turnIndex = current - 1
            return []
        }
        guard current == seat else { return [] }
        // The seat after the leaver's now has the leaver's index.
        turnIndex = nextConnected(startingAt: seat)
        return [.turn(player: turn)]
    }

    /// Marks `player` away (skipped in the turn order, seat and score kept) or back. An away turn
    /// holder passes the turn; a returning player takes it if nobody held it.
    public mutating func setConnected(_ player: PlayerID, _ connected: Bool) -> [GameEvent] {
        guard let seat = seat(of: player), players[seat].connected != connected else { return [] }
        players[seat].connected = connected
        guard !isOver else { return [] }
        let rules = settings.mode.rules
        if let events = rules.connectionChanged(&self, player, seat: seat, connected: connected) { return events }
        if !connected && turnIndex == seat {
            turnIndex = rules.nextTurn(&self, after: seat)
            return [.turn(player: turn)]
        }
        if connected && turnIndex == nil && mayTakeTurn(seat) {
            turnIndex = seat
            return [.turn(player: player)]
        }
        return []
    }

    /// Starts the current round by its mode's rules (`ModeRules.beginRound`), the previous round's
    /// own state (its setter, its boards) cleared first.
    mutating func beginRoundForMode(after lastSeat: Int?) -> [GameEvent] {
        previousSetter = setterRound?.setter
        setterRound = nil
        race = nil
        let rules = settings.mode.rules
        return rules.beginRound(&self, after: lastSeat)
    }

    /// The game is over: no boards are raced any more (the last round's setter stays on record).
    mutating func endGameState() {
        race = nil
    }
}
