import HangmanCore

/// Teams mode's board: each player's team (`PlayerView.team`, filled in `RoomState.playerViews`)
/// and each team's score and place, best first. The turns, scores and places are the Core's
/// (`TeamsRules`); what players choose before a game is `TeamChoices`.
struct TeamsFlow: ModeFlow {
    func decorate(_ snapshot: inout RoomSnapshot, _ game: Game) {
        guard game.teams != nil else { return }
        snapshot.teams = game.teamStandings.map { TeamView(team: $0.team, score: $0.score, place: $0.place) }
    }
}

/// The teams seated players chose with `team <n>` before a game, kept for its start (where the
/// others are balanced: `Teams.balanced`). Only seated players' choices are kept.
struct TeamChoices {
    private var chosen: [PlayerID: Int] = [:]

    /// `player` chose `team`; choices of players no longer `seated` are dropped.
    mutating func choose(_ team: Int, for player: PlayerID, seated: [PlayerID]) {
        chosen = chosen.filter { seated.contains($0.key) }
        chosen[player] = team
    }

    /// `player`'s chosen team, if any.
    func team(of player: PlayerID) -> Int? { chosen[player] }

    /// The choices of `players` (for a new game).
    func choices(of players: [PlayerID]) -> [PlayerID: Int] {
        chosen.filter { players.contains($0.key) }
    }
}

extension RoomState {
    /// `team <n>`: a seated player chooses their team for the next game of teams mode.
    mutating func chooseTeam(by client: ClientID, _ id: PlayerID, _ text: String) {
        if spectators.contains(where: { $0.id == id && $0.client == client }) {
            return reply(.invalid("you are watching \(name); join \(name) to play in a team"))
        }
        guard isSeated(id, client) else { return reply(.noGame("you are not in \(name)")) }
        guard settings.mode == .teams else {
            return reply(.invalid("teams are for teams mode; the host types set mode teams"))
        }
        guard !isPlaying else {
            return reply(.invalid("the teams are fixed for this game; choose again once it is over"))
        }
        let team: Int
        switch Teams.choice(text, count: settings.teamCount) {
        case .success(let chosen): team = chosen
        case .failure: return reply(.outOfRange("a team is a number from 1 to \(settings.teamCount)"))
        }
        teamChoices.choose(team, for: id, seated: seats.map(\.id))
        reply(nil)
        broadcast(.info("\(id.name) joins team \(team)."))
        broadcastStateUpdate()
    }

    /// The team `id` plays in on the board: the game's teams (under way or just ended), or while
    /// waiting in teams mode the one they chose.
    func shownTeam(of id: PlayerID) -> Int? {
        if let teams = current?.teams { return teams.team(of: id) }
        return phase == .waiting && settings.mode == .teams ? teamChoices.team(of: id) : nil
    }
}
