/// Teams mode: which team each player plays in, and the points a team keeps from players who left
/// (see `TeamsRules`). Teams are numbered 1...`count`.
public struct Teams: Sendable, Equatable {
    /// Teams in the game (`Settings.teamsRange`); fixed for the game.
    public let count: Int
    /// Each seated player's team.
    public private(set) var assignment: [PlayerID: Int] = [:]
    /// Points of players who left during the game, by team: their team keeps them.
    public private(set) var departedPoints: [Int: Int] = [:]
    /// The member of each team who last held the turn: the team's next turn goes to the member
    /// seated after them in the team.
    var lastHolder: [Int: PlayerID] = [:]

    /// Teams for `players`: a player's choice in 1...`count` is kept; the others join the smallest
    /// team one by one, in `order` (ties: the lowest number).
    init(count: Int, players: [PlayerID], choices: [PlayerID: Int], order: [PlayerID]) {
        self.count = max(count, 1)
        for player in players {
            if let team = choices[player], (1...self.count).contains(team) { assignment[player] = team }
        }
        for player in order where players.contains(player) && assignment[player] == nil {
            assignment[player] = smallestTeam
        }
    }

    /// Teams at the start of a game: choices kept, the others balanced in an order shuffled with `rng`.
    static func balanced(
        count: Int, players: [PlayerID], choices: [PlayerID: Int], rng: inout some RandomNumberGenerator
    ) -> Teams {
        Teams(count: count, players: players, choices: choices, order: players.shuffled(using: &rng))
    }

    /// `player`'s team, nil when they have none.
    public func team(of player: PlayerID) -> Int? { assignment[player] }

    /// The team with the fewest players (ties: the lowest number).
    var smallestTeam: Int {
        var sizes = [Int](repeating: 0, count: count)
        for team in assignment.values where (1...count).contains(team) { sizes[team - 1] += 1 }
        return (sizes.indices.min { sizes[$0] != sizes[$1] ? sizes[$0] < sizes[$1] : $0 < $1 } ?? 0) + 1
    }

    /// A player without a team joins the smallest one.
    mutating func add(_ player: PlayerID) {
        if assignment[player] == nil { assignment[player] = smallestTeam }
    }

    /// `player` left: their team keeps their points, and `previous` (the member seated before them in
    /// the team, nil if none) stands in for them as the team's last turn holder, so the team's next
    /// turn goes to the member who sat after them.
    mutating func remove(_ player: GamePlayer, previous: PlayerID?) {
        guard let team = assignment.removeValue(forKey: player.id) else { return }
        departedPoints[team, default: 0] += player.score
        if lastHolder[team] == player.id { lastHolder[team] = previous }
    }

    /// The team a `team <n>` names: a number in 1...`count`, or why not.
    public static func choice(_ text: String, count: Int) -> Result<Int, GameError> {
        guard let team = Int(text), (1...max(count, 1)).contains(team) else {
            return .failure(.invalidInput("a team is a number from 1 to \(count)"))
        }
        return .success(team)
    }
}

/// One team's standing in a game (`Game.teamStandings`).
public struct TeamStanding: Sendable, Equatable {
    /// The team's number, 1...`Teams.count`.
    public var team: Int
    /// The team's score: its players' own scores, with those of players who left.
    public var score: Int
    /// The team's seated players, in seat order.
    public var members: [PlayerID]
    /// 1 = first. Equal scores are ranked by team number, as equal players are by seat in every mode.
    public var place: Int
}
