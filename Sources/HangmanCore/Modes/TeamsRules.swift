/// Teams mode: 2–4 teams (`set teams N`) share one board. Turns alternate between teams (1, 2, …),
/// and within a team between its players in seat order; away players are skipped and a team with
/// nobody connected is passed over. A hit keeps the turn, as in classic mode. Each player scores
/// their own points, as in classic mode; a team's score is its players' points (a player who leaves
/// leaves theirs with the team). The game is ranked as a team result: the teams by score, and every
/// member of a team gets the team's place.
///
/// Teams are made when the game is (`Game.init`'s `teams`): a player's own choice (`team <n>`) is
/// kept, the others are balanced among the teams, smallest first, in an order drawn with the
/// game's random source. A player who joins during the game joins the smallest team. The number
/// of teams is fixed for a game (a `set teams` applies from the next one); a game switched to teams
/// between rounds balances its players in seat order.
public struct TeamsRules: ModeRules {
    public var mode: Mode { .teams }
    public var help: String {
        "2-4 teams share one board; turns alternate between teams, and within a team between its players"
    }
    public var minimumPlayers: Int { 2 }
    public var minimumPlayersReason: String { "two teams need a player each" }

    public func prepare(_ game: inout Game, choices: [PlayerID: Int], rng: inout some RandomNumberGenerator) {
        game.teams = Teams.balanced(
            count: game.settings.teamCount, players: game.players.map(\.id), choices: choices, rng: &rng)
    }

    /// The first round opens with team 1's first connected player; later rounds with the team after
    /// the last guesser's.
    public func beginRound(_ game: inout Game, after lastSeat: Int?) -> [GameEvent] {
        let seated = game.players.map(\.id)
        if game.teams == nil {
            game.teams = Teams(count: game.settings.teamCount, players: seated, choices: [:], order: seated)
        }
        for player in seated { game.teams?.add(player) }
        guard let lastSeat else {
            game.turnIndex = game.nextTeamTurn(after: game.teams?.count ?? 1)
            return []
        }
        return game.passTurn(from: lastSeat)
    }

    /// The next team's next connected player, noting that `seat` had the turn for their team.
    public func nextTurn(_ game: inout Game, after seat: Int) -> Int? {
        let player = game.players[seat].id
        guard let team = game.teams?.team(of: player) else { return game.nextConnected(startingAt: seat + 1) }
        game.teams?.lastHolder[team] = player
        return game.nextTeamTurn(after: team)
    }

    /// A joiner joins the smallest team; the turn as in classic mode.
    public func joined(_ game: inout Game, _ player: PlayerID) -> [GameEvent]? {
        game.teams?.add(player)
        return nil
    }

    /// The leaver's points stay with their team; a leaver holding the turn passes it to the next team.
    public func left(_ game: inout Game, _ player: GamePlayer, seat: Int) -> [GameEvent]? {
        guard let team = game.teams?.team(of: player.id) else { return nil }
        // The seats before the leaver's kept their index.
        let previous = game.players[..<seat].last { game.teams?.team(of: $0.id) == team }?.id
        let heldTurn = game.turnIndex == seat
        if heldTurn { game.teams?.lastHolder[team] = player.id }
        game.teams?.remove(player, previous: previous)
        guard let current = game.turnIndex else { return [] }
        if current > seat {
            game.turnIndex = current - 1
            return []
        }
        guard heldTurn, !game.isOver else { return [] }
        game.turnIndex = game.nextTeamTurn(after: team)
        return [.turn(player: game.turn)]
    }

    /// By the team's place, then each player's own score, then seat.
    public func ranking(_ game: Game) -> [GamePlayer] {
        let places = game.teamPlaces
        return game.players.enumerated().sorted { a, b in
            let placeA = game.teams?.team(of: a.element.id).flatMap { places[$0] } ?? Int.max
            let placeB = game.teams?.team(of: b.element.id).flatMap { places[$0] } ?? Int.max
            if placeA != placeB { return placeA < placeB }
            return a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
    }

    /// Every member of a team gets the team's place.
    public func places(of ranking: [GamePlayer], in game: Game) -> [Int] {
        let places = game.teamPlaces
        return ranking.enumerated().map { index, player in
            game.teams?.team(of: player.id).flatMap { places[$0] } ?? index + 1
        }
    }
}

/// The teams' turns and standings, on the game.
extension Game {
    /// Each team's standing, best first: teams with a player seated or who had one.
    public var teamStandings: [TeamStanding] {
        guard let teams else { return [] }
        let standings = (1...max(teams.count, 1)).compactMap { team -> TeamStanding? in
            let members = players.filter { teams.team(of: $0.id) == team }
            guard !members.isEmpty || teams.departedPoints[team] != nil else { return nil }
            let score = members.reduce(teams.departedPoints[team] ?? 0) { $0 + $1.score }
            return TeamStanding(team: team, score: score, members: members.map(\.id), place: 0)
        }
        return standings.sorted { $0.score != $1.score ? $0.score > $1.score : $0.team < $1.team }
            .enumerated().map { index, standing in
                var placed = standing
                placed.place = index + 1
                return placed
            }
    }

    /// Each team's place, by team number.
    var teamPlaces: [Int: Int] {
        Dictionary(uniqueKeysWithValues: teamStandings.map { ($0.team, $0.place) })
    }

    /// The first team after `team` (wrapping, `team` itself last) with a connected player, and in it
    /// the first connected player seated after its last turn holder; nil if nobody is connected.
    func nextTeamTurn(after team: Int) -> Int? {
        guard let teams else { return nil }
        for step in 1...max(teams.count, 1) {
            let next = (team - 1 + step) % teams.count + 1
            let seats = players.indices.filter { teams.team(of: players[$0].id) == next }
            guard !seats.isEmpty else { continue }
            let start =
                teams.lastHolder[next].flatMap { last in seats.firstIndex { players[$0].id == last } }.map { $0 + 1 } ?? 0
            for offset in 0..<seats.count where players[seats[(start + offset) % seats.count]].connected {
                return seats[(start + offset) % seats.count]
            }
        }
        return nil
    }
}
