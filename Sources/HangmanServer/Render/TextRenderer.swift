import HangmanCore
import HangmanStore

/// Output for people at a terminal: CRLF lines that fit the client's window (80 columns unless
/// NAWS says otherwise; `TextLayout`), ANSI colour only when asked for.
///
/// A little over 400 lines on purpose: `render` is the one exhaustive switch over `Outbound`, so a new
/// event cannot be left without text; the long renderings live in the TextRenderer+*.swift files.
enum TextRenderer {
    static let title = [
        #" _                                             "#,
        #"| |__   __ _ _ __   __ _ _ __ ___   __ _ _ __  "#,
        #"| '_ \ / _` | '_ \ / _` | '_ ` _ \ / _` | '_ \ "#,
        #"| | | | (_| | | | | (_| | | | | | | (_| | | | |"#,
        #"|_| |_|\__,_|_| |_|\__, |_| |_| |_|\__,_|_| |_|"#,
        #"                   |___/                       "#,
    ]

    /// The welcome's one line for a screen-reader user, read just before the name prompt.
    static let screenReaderHint = "Using a screen reader? Type screenreader on."

    static func render(_ event: Outbound, color: Bool, layout: TextLayout = .standard) -> [UInt8] {
        // Spoken text has no colour: it says nothing a listener needs, and a client's speech
        // filter may leave pieces of the codes behind (TinTin++ -s read "Hello, mdanam").
        let p = Paint(enabled: color && !layout.spoken)
        return bytes(of: lines(for: event, p, layout).flatMap { layout.wrap($0) })
    }

    /// The offered modes a game needs two players to start, which a quick room never plays
    /// (`QuickRoomSettings`), joined by `or`.
    static let twoPlayerModes = Mode.allCases.filter { $0.isOffered && !QuickRoomSettings.startsAlone($0) }
        .map(\.rawValue).joined(separator: " or ")

    /// Prompts have no line end so the cursor waits after them.
    static func prompt(_ what: String, color: Bool) -> [UInt8] {
        let p = Paint(enabled: color)
        switch what {
        case "password": return Array(p.bold("Password: ").utf8)
        default: return Array(p.bold("Your name: ").utf8)
        }
    }

    // swiftlint:disable:next cyclomatic_complexity
    static func lines(for event: Outbound, _ p: Paint, _ layout: TextLayout = .standard) -> [String] {
        if layout.spoken {
            // Said in words (`SpokenText`), or the plain text with its symbols said as words.
            return SpokenText.lines(for: event, p, layout)
                ?? lines(for: event, p, layout.speaking(false)).map(Speech.tidy)
        }
        switch event {
        case .welcome(let server, let version, let online):
            // The banner's art only where it fits; a narrow window gets its name.
            let banner = (title.first?.count ?? 0) <= layout.columns ? title : ["HANGMAN"]
            return banner.map { p.cyan($0) } + [
                "",
                "  Welcome to \(server) \(version). \(online) \(online == 1 ? "player" : "players") online.",
                "  Guess the word one letter at a time, together with everyone in your room.",
                "  Type help at any time for the commands.",
                "  " + screenReaderHint,
                "",
            ]
        case .prompt(let what):
            return [
                what == "password"
                    ? "This name is registered: answer with its password." : "Choose a name (1-16 of A-Z a-z 0-9 _ -)."
            ]
        case .loggedIn(let name, let registered, let resumed, let token):
            var line = "Hello, \(p.bold(name))!"
            if resumed { line += " Welcome back: your seat and score were kept." }
            if !registered { line += " Type register <password> to protect your name." }
            guard let token else { return [line] }
            return [line, "To get your seat back from elsewhere, reconnect with: name \(name)#\(token)"]
        case .state(let s):
            // An update within a round was summed up by the guess's line: the chat stays on screen.
            return s.isUpdate ? [] : state(s, p, layout)
        case .guess(_, let player, let letter, let word, let hit, let count, let points, let board?):
            return [guessLine(player: player, letter: letter, word: word, hit: hit, count: count, points: points, board, p)]
        case .guess(_, let player, let letter, let word, let hit, let count, let points, nil):
            let what =
                letter.map { "the letter \(p.bold(capital($0)))" } ?? "the word \(p.bold((word ?? "").uppercased()))"
            if hit {
                let plus = points > 0 ? " (+\(points))" : ""
                if letter != nil {
                    return [p.green("\(player) guessed \(what): \(count) \(count == 1 ? "hit" : "hits")") + plus]
                }
                return [p.green("\(player) guessed \(what): right!") + plus]
            }
            return [p.red("\(player) guessed \(what): miss")]
        case .turn(_, let player, let seconds):
            guard let player else { return [] }
            let limit = seconds.map { " (\($0) s)" } ?? ""
            return ["Turn: \(p.yellow(player))\(limit) - type a letter, or solve <word>"]
        case .turnWarning(_, let player, let left):
            return [p.yellow("\(player): \(left) seconds left for your turn!")]
        case .turnTimeout(_, let player, let outOfRound):
            return [p.yellow("\(player) ran out of time" + (outOfRound ? " and is out of this round." : "; the turn passes."))]
        case .roundOver(_, let round, let word, let won, let solver, let mistakes):
            if won {
                let by = solver.map { " by \($0)" } ?? ""
                return [
                    "",
                    p.green(
                        "*** Congratulations! Round \(round) solved\(by): \(word.uppercased()) (\(mistakes) \(mistakes == 1 ? "mistake" : "mistakes")) ***"
                    ),
                ]
            }
            return [
                "",
                p.red("Round \(round) lost. The word was \(word.uppercased()). Chin up - the next one is yours!"),
            ]
        case .gameOver(let room, let ranking, let gameID, let sync, let note, let ranked):
            return gameOverLines(
                room: room, ranking: ranking, saved: sync == .saved ? gameID : nil, note: note, ranked: ranked, p,
                columns: layout.columns)
        case .chat(let room, let from, let text):
            return [(room == nil ? "[lobby] " : "") + p.cyan("<\(from)>") + " " + text]
        case .joined(let room, let player, let spectator, let resumed):
            return [p.dim("* \(player) \(resumed ? "is back in" : spectator ? "is watching" : "joined") \(room)")]
        case .left(let room, let player, let reason):
            return [p.dim("* \(player) left \(room)" + (reason.map { " (\($0))" } ?? ""))]
        case .spectators(let room, let started, let stopped, let watching):
            return [p.dim("* " + Self.spectatorChurn(room: room, started: started, stopped: stopped, watching: watching))]
        case .host(let room, let player):
            return [p.dim("* \(player) is now the host of \(room)")]
        case .rooms(let rooms):
            guard !rooms.isEmpty else { return ["No rooms yet. Type play to start one, or create <room>."] }
            var out = ["Room                       Players  Mode     Difficulty  Status"]
            for room in rooms {
                let lock = room.isPrivate ? " (private)" : ""
                out.append(
                    pad(room.name, 26) + " " + pad("\(room.players)/\(room.seats)", 8) + " " + pad(room.mode, 8) + " "
                        + pad(room.difficulty, 11) + " " + room.status.rawValue + lock)
            }
            return out
        case .settings(let room, let settings, let pending):
            var out = ["Settings of \(room)" + (pending ? " (changes apply from the next round)" : "") + ":"]
            for (key, value) in settings.described { out.append("  " + pad(key, 11) + value) }
            guard room == Outbound.newRooms else {
                out.append("The host changes them with set <key> <value>, e.g. set mode evil.")
                return out
            }
            out.append("A room you create gets them all. A quick room you open (play) keeps the words")
            out.append("and scoring; its seats and turn time are the server's, and it is never in")
            out.append("\(twoPlayerModes) mode (they need two players). Hosting, set changes them.")
            return out
        case .roomWords(let room, let count, let by, let added):
            let plural = count == 1 ? "word" : "words"
            guard let by else {
                return [
                    count == 0
                        ? "\(room) has no words of its own: rounds come from its list."
                        : "\(room) has \(count) \(plural) of its own: games draw from them."
                ]
            }
            if added == 0 { return ["* \(by) cleared the room's own words: games draw from its list again."] }
            return ["* \(by) added \(added) to the room's own words: \(count) \(plural), used from the next game."]
        case .hint(_, let player, let hint, let cost):
            let text = hintText(hint, layout)
            guard cost > 0 else { return ["Hint: " + p.bold(text)] }
            return ["\(player) took the hint (it cost a miss): " + p.bold(text)]
        case .settingChanged(_, let key, _, let shown, let nextRound, let by):
            return ["* \(by) set \(key) to \(shown)" + (nextRound ? " (from the next round)" : "")]
        case .kicked(let room, let by):
            return ["You were kicked from \(room) by \(by).", Outbound.lobbyHint]
        case .wordPrompt(_, let round, let seconds, let minLength, let maxLength, let hintChars, let alphabet):
            return wordPromptLines(
                round: round, seconds: seconds, lengths: minLength...maxLength, hintChars: hintChars, p, alphabet: alphabet)
        case .progress(_, let mode, let counts):
            return mode.flow.progressText(counts, p)
        case .away(_, let player, let away, let missed, let ownClock):
            guard away else { return ["\(player) is back."] }
            // Own clocks have no turns: the player's time ran out in that many rounds.
            let missedWhat = ownClock ? "ran out of time in \(missed) rounds" : "missed \(missed) turns"
            return ["\(player) \(missedWhat) in a row and is marked away until they type again."]
        case .gameStarted(_, let by, let rounds):
            return ["\(by) started a new game: \(rounds) \(rounds == 1 ? "word" : "words")."]
        case .saved(_, let game):
            return ["The scores of the last game are now saved (game \(game))."]
        case .who(let room, let players, let spectators, let lobby, let host):
            var out: [String] = []
            if let room {
                let seated = players.map {
                    $0.name + ($0.name == host ? " (host)" : "") + ($0.bot ? " (bot)" : "") + ($0.connected ? "" : " (away)")
                }
                out.append("In \(room): " + (players.isEmpty ? "nobody seated" : seated.joined(separator: ", ")))
                if !spectators.isEmpty { out.append("Watching: " + spectators.joined(separator: ", ")) }
            }
            if !lobby.isEmpty || room == nil {
                out.append("In the lobby: " + (lobby.isEmpty ? "nobody" : lobby.joined(separator: ", ")))
            }
            return out
        case .leaderboard(let entries, let mine, let month):
            guard !entries.isEmpty else {
                guard let month else { return ["The leaderboard is empty: finish a game to be the first on it."] }
                return ["No ranked games ended in \(month) (UTC)."]
            }
            var out = month.map { [p.bold("Leaderboard of \($0) (UTC)")] } ?? []
            out.append(p.bold("Rank  Player            Score  Games  Wins"))
            for entry in entries { out.append(leaderboardRow(entry)) }
            if let mine { out.append("  ..."); out.append(leaderboardRow(mine) + "  <- you") }
            return out
        case .ratingBoard(let entries, let mine):
            guard !entries.isEmpty else {
                return ["Nobody is on the rating board yet: it takes a few rated games."]
            }
            var out = [p.bold("Rank  Player            Rating    Mu  Sigma  Games")]
            for entry in entries { out.append(RatingDisplay.row(entry)) }
            if let mine { out.append("  ..."); out.append(RatingDisplay.row(mine) + "  <- you") }
            return out
        case .highscores(let entries, let highlight):
            return highScoreLines(entries, highlight: highlight, p)
        case .monthStanding(_, let month, let standing):
            let points = standing.score == 1 ? "1 point" : "\(standing.score) points"
            let games = standing.games == 1 ? "1 game" : "\(standing.games) games"
            return ["This month (\(month)): \(ordinal(standing.rank)) of \(standing.players), \(points) in \(games)."]
        case .ratingChange(_, let change):
            return [change.line(columns: layout.columns)]
        case .celebration(let player, let rank, let score):
            return [celebrationLine([(player, rank, score)], p, columns: layout.columns)]
        case .history(let player, let entries):
            guard !entries.isEmpty else { return ["No games on record for \(player) yet."] }
            var out = [p.bold("History of \(player)") + " (game id, word, mistakes, result)"]
            for entry in entries {
                out.append(
                    format2(Int(entry.gameID), 6) + "  " + pad(entry.word, 24) + " " + format2(entry.mistakes, 3) + "  "
                        + (entry.won ? "won" : "FAILED"))
            }
            return out
        case .stats(let s, let provisionalGames):
            let counts = (s.games == 1 ? "1 game, " : "\(s.games) games, ") + (s.wins == 1 ? "1 win" : "\(s.wins) wins")
            return [
                "\(p.bold(s.name)): rank \(s.rank.map(String.init) ?? "-"), \(s.score) points in \(counts),",
                "  best game \(s.best) points, words solved \(s.solved), failed \(s.failed)",
                "  " + RatingDisplay.line(s.rating, provisionalGames: provisionalGames),
            ]
        case .gameDetail(let detail):
            var out = [
                p.bold("Game \(detail.id)") + " in \(detail.record.room) (\(detail.record.mode), \(detail.record.difficulty))"
            ]
            for (index, round) in detail.record.rounds.enumerated() {
                out.append(
                    "  \(index + 1). " + pad(round.word, 24) + " \(round.mistakes) mistake\(round.mistakes == 1 ? "" : "s")  "
                        + (round.won ? "won" + (round.solver.map { " by \($0)" } ?? "") : "FAILED"))
            }
            out.append("  Scores: " + detail.record.results.map { "\($0.name) \($0.score)" }.joined(separator: ", "))
            return out
        case .help(_, let text, _):
            return text
        case .info(let message):
            return message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .error(let code, let message):
            return [p.red("! \(message)") + p.dim(" [\(code.rawValue)]")]
        case .goodbye(let message):
            return [message]
        case .sanctions, .modlog, .announcement, .votekick:
            return ModerationRendering.text(event) ?? []
        }
    }

    /// One line after a guess in a round that goes on: who guessed what, the hits, the pattern, the
    /// misses and whose turn it is now.
    static func guessLine(
        player: String, letter: Character?, word: String?, hit: Bool, count: Int, points: Int, _ board: GuessBoard, _ p: Paint
    ) -> String {
        let what = letter.map { capital($0) } ?? (word ?? "").uppercased()
        let result =
            hit
            ? p.green("\(count) \(count == 1 ? "hit" : "hits")" + (points > 0 ? " +\(points)" : ""))
            : p.red("miss")
        let spaced = board.pattern.map { $0 == "_" ? "_" : capital($0) }.joined(separator: " ")
        let left = board.maxMisses - board.misses
        let misses = (left <= 1 ? p.red : p.plain)("misses \(board.misses)/\(board.maxMisses)")
        let turn = board.turn.map { " - \(p.yellow($0))'s turn" } ?? ""
        return "\(player): \(p.bold(what)) \(result) | \(p.bold(spaced)) | \(misses)\(turn)"
    }

    static func state(_ s: RoomSnapshot, _ p: Paint, _ layout: TextLayout = .standard) -> [String] {
        let header =
            p.bold("Room \(s.room)") + " - "
            + (s.status == .waiting
                ? "waiting for the host to start"
                : "round \(s.round) of \(s.rounds) - \(s.mode) - \(s.difficulty)" + (s.category.map { " - \($0)" } ?? ""))
        guard s.status != .waiting else {
            var out = ["", header]
            out.append("Players: " + players(s.players, p))
            if let host = s.host { out.append("Host: \(host) - type start to begin, settings to see the rules.") }
            return out
        }
        let spaced = s.pattern.map { $0 == "_" ? "_" : capital($0) }.joined(separator: " ")
        let left = s.maxMisses - s.misses
        var info = [
            header,
            "",
            s.awaitingWord
                ? "Word:    (being chosen)"
                : "Word:    " + p.bold(p.green(spaced)) + "   (\(s.pattern.count) letter\(s.pattern.count == 1 ? "" : "s"))",
            "Misses:  " + (left <= 1 ? p.red : p.plain)("\(s.misses) of \(s.maxMisses), \(left) left"),
            "Guessed: " + (s.guessed.isEmpty ? "-" : s.guessed.map(String.init).joined(separator: " ")),
            "Letters: " + s.available.map(String.init).joined(),
        ]
        if let line = ModeFlows.anyTimeFlow(s)?.textTurnLine(s, p) {
            // No turns in the mode: its own line says the player may guess.
            info.append("")
            info.append(line)
        } else if let turn = s.turn, s.status == .playing {
            info.append("")
            info.append(
                "Turn:    " + p.yellow(turn) + teamOf(turn, s) + (s.turnSecondsLeft.map { " (\($0) s left)" } ?? ""))
        }
        info += ModeFlows.textLines(s, p)
        let gallows = Gallows.lines(misses: s.misses, maxMisses: s.maxMisses).map { layout.unicode ? boxDrawn($0) : $0 }
        let width = gallows.map(\.count).max() ?? 0
        var out = [""]
        if width + 4 + 50 <= layout.columns {
            // Beside the gallows: a long word's spaced pattern breaks between letters, under itself.
            let beside = TextLayout(columns: layout.columns - width - 4, rows: layout.rows)
            let info = info.flatMap { beside.wrap($0, indent: 9) }
            for index in 0..<max(gallows.count, info.count) {
                let art = index < gallows.count ? gallows[index] : ""
                let text = index < info.count ? info[index] : ""
                out.append(pad(art, width + 4) + text)
            }
        } else {
            // Above the board: only the lines drawn so far (none before the first miss), so a short
            // window is not filled with blank lines.
            out += gallows.drop { $0.isEmpty } + info.flatMap { layout.wrap($0, indent: 9) }
        }
        if let hint = s.hint { out.append("Hint:    " + hintText(hint, layout)) }
        if let teams = s.teams, !teams.isEmpty {
            out += teamLines(teams, s.players, p).flatMap { layout.wrap($0, indent: 9) }
            let watching = s.spectators == 0 ? "" : "\(s.spectators) watching  "
            if let host = s.host { out.append(watching + "Host: \(host)") }
            return out
        }
        out.append(
            "Players: " + players(s.players, p) + (s.spectators == 0 ? "" : "  (\(s.spectators) watching)")
                + (s.host.map { "  Host: \($0)" } ?? ""))
        return out
    }

    /// A gallows line with box-drawing characters for the frame (`+` corners, `-`, `|`), for
    /// clients that said they show UTF-8; each character keeps its one column.
    static func boxDrawn(_ line: String) -> String {
        var corners = 0
        return String(
            line.map { character -> Character in
                switch character {
                case "-": return "\u{2500}"
                case "|": return "\u{2502}"
                case "+":
                    corners += 1
                    return corners == 1 ? "\u{250C}" : "\u{2510}"
                default: return character
                }
            })
    }

    private static func players(_ players: [PlayerView], _ p: Paint) -> String {
        guard !players.isEmpty else { return "nobody seated" }
        return players.map { playerText($0) + ($0.team.map { " (team \($0))" } ?? "") }.joined(separator: ", ")
    }

    /// `bob 9`, `bob 9 (bot)`, `bob 9 (away)`.
    static func playerText(_ player: PlayerView) -> String {
        "\(player.name) \(player.score)" + (player.bot ? " (bot)" : "") + (player.connected ? "" : " (away)")
    }

    private static func leaderboardRow(_ e: LeaderboardEntry) -> String {
        format2(e.rank, 4) + "  " + pad(e.name, 16) + " " + format2(e.score, 6) + " " + format2(e.games, 6) + " "
            + format2(e.wins, 5)
    }

    /// Left-aligns `text` in `width` columns (counting characters; ANSI codes are added after padding).
    static func pad(_ text: String, _ width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    static func clip(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 3)) + "..."
    }

    /// 1st, 2nd, 3rd, 4th… 11th, 12th, 13th, 21st.
    static func ordinal(_ n: Int) -> String {
        let suffix =
            switch (n % 100, n % 10) {
            case (11...13, _): "th"
            case (_, 1): "st"
            case (_, 2): "nd"
            case (_, 3): "rd"
            default: "th"
            }
        return "\(n)\(suffix)"
    }

    /// Right-aligns a number in `width` columns.
    static func format2(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}

/// ANSI colours, or nothing when colour is off.
struct Paint {
    let enabled: Bool
    func plain(_ s: String) -> String { s }
    func bold(_ s: String) -> String { wrap(s, "1") }
    func dim(_ s: String) -> String { wrap(s, "2") }
    func red(_ s: String) -> String { wrap(s, "31") }
    func green(_ s: String) -> String { wrap(s, "32") }
    func yellow(_ s: String) -> String { wrap(s, "33") }
    func cyan(_ s: String) -> String { wrap(s, "36") }
    private func wrap(_ s: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }
}
