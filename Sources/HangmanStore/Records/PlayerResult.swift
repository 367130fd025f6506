/// One seated player's result in a finished game.
public struct PlayerResult: Sendable, Equatable, Codable {
    /// Display name; the store matches players by its lower-cased key.
    public var name: String
    /// Points earned in this game.
    public var score: Int
    /// 1 = best in the game (ties may share a rank). A player wins a game when rank is 1 and score > 0.
    public var rank: Int
    /// Words solved in this game (room-wide, per round they sat through).
    public var solved: Int
    /// Words failed in this game.
    public var failed: Int
    /// False for a result that must never reach the global leaderboard (a house bot's seat). History
    /// and the game's own record keep it.
    public var ranked: Bool
    /// The first round of the game the player sat in (1-based; 1: the whole game). A player who
    /// joined a game under way played from that round to the end: their history and high-score row
    /// list only those rounds (issue 34 item 7).
    public var firstRound: Int
    /// The player's team (0-based) in a teams game; nil outside teams games. The rating rates each team
    /// as one side with all of its members (issue 32).
    public var team: Int?

    public init(
        name: String, score: Int, rank: Int, solved: Int, failed: Int, ranked: Bool = true, firstRound: Int = 1,
        team: Int? = nil
    ) {
        self.firstRound = max(1, firstRound)
        self.name = name
        self.score = score
        self.rank = rank
        self.solved = solved
        self.failed = failed
        self.ranked = ranked
        self.team = team
    }

    private enum CodingKeys: String, CodingKey {
        case name, score, rank, solved, failed, ranked, firstRound, team
    }

    /// Outbox files written before `ranked` existed decode as ranked, before `firstRound` as played
    /// from the first round, and before `team` as no team.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        name = try values.decode(String.self, forKey: .name)
        score = try values.decode(Int.self, forKey: .score)
        rank = try values.decode(Int.self, forKey: .rank)
        solved = try values.decode(Int.self, forKey: .solved)
        failed = try values.decode(Int.self, forKey: .failed)
        ranked = try values.decodeIfPresent(Bool.self, forKey: .ranked) ?? true
        firstRound = max(1, try values.decodeIfPresent(Int.self, forKey: .firstRound) ?? 1)
        team = try values.decodeIfPresent(Int.self, forKey: .team)
    }
}
