/// Text of the setter, race and teams modes.
extension TextRenderer {
    /// Lines the board adds in setter and race mode.
    static func modeLines(_ s: RoomSnapshot, _ p: Paint) -> [String] {
        var lines: [String] = []
        if let setter = s.setter, s.status == .playing {
            lines.append("")
            lines.append(
                s.awaitingWord
                    ? "Setter:  " + p.yellow(setter) + " is choosing the word"
                        + (s.turnSecondsLeft.map { " (\($0) s left)" } ?? "")
                    : "Setter:  \(setter) (cannot guess; scores if the man hangs)")
        }
        if let race = s.race, !race.isEmpty {
            lines.append("")
            lines.append("Race:    " + race.map { raceCounts($0) }.joined(separator: ", "))
        }
        return lines
    }

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

    /// The private prompt of the round's setter.
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

    /// One racer's progress after a guess: counts, never letters.
    static func raceProgressLine(_ racer: RaceView, _ p: Paint) -> String {
        switch racer.status {
        case .solved: p.green("Race: \(racer.name) solved it!")
        case .out where racer.misses < racer.maxMisses:  // their time ran out (RoomState+Timers)
            p.red("Race: \(racer.name) is out of this round (\(racer.found)/\(racer.length) letters found).")
        case .out: p.red("Race: \(racer.name) is hanged and out of this round.")
        case .racing: "Race: " + raceCounts(racer)
        }
    }

    /// `bob 3/7 letters 2/7 misses`, `bob out`, `bob solved`.
    static func raceCounts(_ racer: RaceView) -> String {
        switch racer.status {
        case .solved: "\(racer.name) solved"
        case .out: "\(racer.name) out"
        case .racing: "\(racer.name) \(racer.found)/\(racer.length) letters \(racer.misses)/\(racer.maxMisses) misses"
        }
    }
}
