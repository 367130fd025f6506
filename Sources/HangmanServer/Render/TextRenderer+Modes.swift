/// Text of teams mode and of the word prompt (the other modes' lines are their flows': `ModeView`).
extension TextRenderer {
    /// Teams mode: a line a team, best first: `Team 2:  12 points, 1st - bob 9, dave 3 (away)`.
    static func teamLines(_ teams: [TeamView], _ players: [PlayerView], _ p: Paint) -> [String] {
        teams.map { team in
            let members = players.filter { $0.team == team.team }.map(playerText)
            let standing = "\(team.score) point\(team.score == 1 ? "" : "s"), \(ordinal(team.place))"
            return "Team \(team.team):  " + (team.place == 1 ? p.bold(standing) : standing)
                + (members.isEmpty ? "" : " - " + members.joined(separator: ", "))
        }
    }

    /// ` (team 2)` after the name of a player in a team on a teams board; empty otherwise.
    static func teamOf(_ name: String, _ s: RoomSnapshot) -> String {
        guard s.teams != nil, let team = s.players.first(where: { $0.name == name })?.team else { return "" }
        return " (team \(team))"
    }

    /// The private prompt of the player asked for the round's word.
    static func wordPromptLines(
        round: Int, seconds: Int, lengths: ClosedRange<Int>, hintChars: Int, _ p: Paint,
        alphabet: String = "abcdefghijklmnopqrstuvwxyz"
    ) -> [String] {
        let extra = alphabet.dropFirst(26)
        let letters = extra.isEmpty ? "a-z" : "a-z " + extra
        let size =
            lengths.lowerBound == lengths.upperBound
            ? "\(lengths.lowerBound) letters" : "\(lengths.lowerBound)-\(lengths.upperBound) letters"
        return [
            "",
            p.bold("You set the word for round \(round)") + " (\(seconds) s): type the word, then a hint if you like",
            "The word: \(size) \(letters). The hint (optional, at most \(hintChars) characters) is",
            "for the others. Only you see what you type here.",
            "Example: elephant big grey animal (word elephant ... works too)",
        ]
    }
}
