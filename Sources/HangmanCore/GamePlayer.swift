/// A seated player's standing in a game.
public struct GamePlayer: Sendable, Equatable {
    /// Who the player is (compared by case-folded key).
    public var id: PlayerID
    /// The player's name as shown.
    public var name: String { id.name }
    /// Points earned in this game (see `Scoring`).
    public var score: Int
    /// False while the player is away (dropped, within the grace period); away players are skipped
    /// in the turn order but keep their seat and score.
    public var connected: Bool
    /// Rounds the room won while this player was seated at the round's end.
    public var solved: Int
    /// Rounds the room lost while this player was seated at the round's end.
    public var failed: Int
    /// Guesses made (letters or words, hits and misses) and words set in this game: zero for a
    /// player who never played in it.
    public var moves: Int = 0
    /// The first round this player sat in (1: from the start; a player who joined a game under way
    /// plays from the round they sat down in to the end, as leaving takes the seat out of the game):
    /// their history and high scores list only those rounds.
    public var firstRound: Int

    /// A player with the given standing (defaults: a newcomer from the first round).
    public init(
        id: PlayerID, score: Int = 0, connected: Bool = true, solved: Int = 0, failed: Int = 0, firstRound: Int = 1
    ) {
        self.id = id
        self.firstRound = firstRound
        self.score = score
        self.connected = connected
        self.solved = solved
        self.failed = failed
    }
}
