/// What differs between modes: each mode is one type behind this protocol, found through the one
/// registry, `Mode.rules` (in `Mode.swift`). `Game` keeps what every mode shares (seats, scores,
/// the round, the plan of words, the turn) and asks the rules of the current round's mode
/// (`settings.mode`) wherever modes differ:
///
/// - word choice: `drawPlan` (a word per round, or a length for the evil engine);
/// - the start of a round: `beginRound` (a turn, a word to wait for, a board for each player);
/// - the guess: `guess` (on the shared board on one's turn, or on one's own board);
/// - turn order: `mayTakeTurn`, `nextTurn`, and the member hooks `joined`, `left`, `connectionChanged`;
/// - scoring: `scorePercent` (`Scoring` scales by it) and the round's end, `tally`;
/// - the end of a game: `ranking`, `places` and `isRanked` (on the global leaderboard or not).
///
/// Every requirement but `mode` and `help` has a default: the classic rules (one shared board,
/// turns in seat order, a player's place is their position in the ranking). A mode implements only
/// what it changes. The rules are values without state: a mode's state lives in the `Game`, where
/// the value semantics of a game keep it.
public protocol ModeRules: Sendable {
    /// The mode these rules play (its row in `Mode.rules`).
    var mode: Mode { get }
    /// What the mode is, in one line (for `help` and the docs).
    var help: String { get }
    /// Score percentage of the mode (`Scoring` scales every score by it): 100 unless said.
    var scorePercent: Int { get }
    /// Seated players a game needs to start (1 unless said), and why, for the refusal.
    var minimumPlayers: Int { get }
    var minimumPlayersReason: String { get }
    /// Whether `set mode` offers the mode (and its settings are listed): false while the server has
    /// no flow for it yet, so that it is never half there for players. True unless said.
    var isOffered: Bool { get }

    /// What each round of a game plays, drawn with `rng` when the game is made (and again for the
    /// later rounds on a settings change). `settings` were validated, so some word fits.
    func drawPlan(settings: Settings, words: WordList, rng: inout some RandomNumberGenerator) -> [Game.RoundPlan]
    /// The game is made: state the mode keeps over the whole game (teams), from the choices the
    /// players made before it (`choices`: a team by player) and `rng`.
    func prepare(_ game: inout Game, choices: [PlayerID: Int], rng: inout some RandomNumberGenerator)
    /// Starts the current round: a turn, a word to wait for, boards. `lastSeat` made the previous
    /// round's last guess (nil: the game's first round).
    func beginRound(_ game: inout Game, after lastSeat: Int?) -> [GameEvent]
    /// `player` guesses `letter`, or else `word`.
    func guess(_ game: inout Game, player: PlayerID, letter: Character?, word: String?) throws(GameError)
        -> [GameEvent]

    /// Whether the player at `seat` may hold the turn now.
    func mayTakeTurn(_ game: Game, seat: Int) -> Bool
    /// The seat the turn passes to from `seat` (nil: nobody may take it). May note whose turn it was.
    func nextTurn(_ game: inout Game, after seat: Int) -> Int?
    /// A player was seated (already appended to `game.players`); nil: the classic rules apply.
    func joined(_ game: inout Game, _ player: PlayerID) -> [GameEvent]?
    /// `player`, who sat at `seat`, left (already removed); nil: the classic rules apply.
    func left(_ game: inout Game, _ player: GamePlayer, seat: Int) -> [GameEvent]?
    /// `player` at `seat` went away or came back (already marked); nil: the classic rules apply.
    func connectionChanged(_ game: inout Game, _ player: PlayerID, seat: Int, connected: Bool) -> [GameEvent]?

    /// The round ended (`won`, completed by `solver`): counts each seat's `solved` or `failed` and
    /// scores what the mode scores at a round's end, returning those events.
    func tally(_ game: inout Game, won: Bool, solver: PlayerID?) -> [GameEvent]
    /// Each player's own misses in the round just ended, by name, when they had boards of their own.
    func ownMisses(_ game: Game) -> [String: Int]?
    /// The players best first (also `gameOver`'s ranking).
    func ranking(_ game: Game) -> [GamePlayer]
    /// The place of each player of `ranking` (an ordered subset of `ranking(game)`), 1 = first.
    func places(of ranking: [GamePlayer], in game: Game) -> [Int]
    /// Whether a game that played rounds of this mode may go on the global leaderboard.
    func isRanked(_ game: Game) -> Bool
}

/// The classic rules, shared by every mode that does not say otherwise.
extension ModeRules {
    public var scorePercent: Int { 100 }
    public var minimumPlayers: Int { 1 }
    public var minimumPlayersReason: String { "" }
    public var isOffered: Bool { true }

    public func drawPlan(settings: Settings, words: WordList, rng: inout some RandomNumberGenerator)
        -> [Game.RoundPlan]
    {
        Game.drawWords(settings: settings, words: words, rng: &rng)
    }

    public func prepare(_ game: inout Game, choices: [PlayerID: Int], rng: inout some RandomNumberGenerator) {}

    public func beginRound(_ game: inout Game, after lastSeat: Int?) -> [GameEvent] {
        guard let lastSeat else { return [] }
        return game.passTurn(from: lastSeat)
    }

    public func guess(_ game: inout Game, player: PlayerID, letter: Character?, word: String?) throws(GameError)
        -> [GameEvent]
    {
        if let letter { return try game.turnGuess(player: player, letter: letter) }
        return try game.turnGuess(player: player, word: word ?? "")
    }

    public func mayTakeTurn(_ game: Game, seat: Int) -> Bool { true }

    public func nextTurn(_ game: inout Game, after seat: Int) -> Int? {
        game.nextConnected(startingAt: seat + 1)
    }

    public func joined(_ game: inout Game, _ player: PlayerID) -> [GameEvent]? { nil }
    public func left(_ game: inout Game, _ player: GamePlayer, seat: Int) -> [GameEvent]? { nil }
    public func connectionChanged(_ game: inout Game, _ player: PlayerID, seat: Int, connected: Bool) -> [GameEvent]? {
        nil
    }

    /// The room wins or loses together.
    public func tally(_ game: inout Game, won: Bool, solver: PlayerID?) -> [GameEvent] {
        for index in game.players.indices {
            if won { game.players[index].solved += 1 } else { game.players[index].failed += 1 }
        }
        return []
    }

    public func ownMisses(_ game: Game) -> [String: Int]? { nil }

    /// Best score first; equal scores keep seat order.
    public func ranking(_ game: Game) -> [GamePlayer] {
        game.players.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
    }

    /// A player's place is their position: equal scores are ranked in seat order.
    public func places(of ranking: [GamePlayer], in game: Game) -> [Int] {
        Array(ranking.indices.map { $0 + 1 })
    }

    public func isRanked(_ game: Game) -> Bool { true }
}
