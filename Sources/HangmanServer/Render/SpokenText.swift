import HangmanCore
import HangmanStore

/// Text for a screen reader (`screenreader on`, or a client whose MTTS answer has bit 64): what a
/// speech synthesiser reads well, following what blind MUD players ask for (docs/ACCESSIBILITY.md).
/// No drawings (gallows, banner, `\o/`), no tables padded into columns, no `_` for a hidden letter
/// and no run of three or more symbols: the board is a few short lines in a fixed order, a guess one
/// sentence, a list one entry a line. `TextRenderer` asks here first when its layout is `spoken`;
/// events whose plain text already reads well (nil here) go through `Speech.tidy` there.
enum SpokenText {
    // swiftlint:disable:next cyclomatic_complexity
    static func lines(for event: Outbound, _ p: Paint, _ layout: TextLayout) -> [String]? {
        switch event {
        case .welcome(let server, let version, let online):
            return [
                "Welcome to \(server) \(version). \(count(online, "player")) online.",
                "Guess the word one letter at a time, together with everyone in your room. Type help for the commands.",
                "Screen-reader mode is on: no drawings, the word said letter by letter. Type screenreader off to leave it.",
            ]
        case .prompt(let what):
            return [
                what == "password"
                    ? "This name is registered: answer with its password."
                    : "Choose a name: 1 to 16 letters or digits; underscore and hyphen are allowed too."
            ]
        case .loggedIn(let name, let registered, let resumed, let token):
            var line = "Hello, \(name)!"
            if resumed { line += " Welcome back: your seat and score were kept." }
            if !registered { line += " Type register and a password to protect your name." }
            guard let token else { return [line] }
            // Said, `ann#482193` is "ann hash four hundred eighty-two thousand…": the parts in words.
            let digits = token.map(String.init).joined(separator: " ")
            return [
                line,
                "To get your seat back from elsewhere, reconnect with the name \(name), the hash sign and the code "
                    + "\(digits), as one word.",
            ]
        case .monthStanding(_, let month, let standing):
            return [
                "This month, \(monthName(month)): \(TextRenderer.ordinal(standing.rank)) of \(standing.players), "
                    + "\(count(standing.score, "point")) in \(count(standing.games, "game"))."
            ]
        case .state(let s):
            return s.isUpdate ? [] : board(s, p)
        case .guess(_, let player, let letter, let word, let hit, let count, let points, let board):
            return [guessSentence(player: player, letter: letter, word: word, hit: hit, count: count, points: points, board)]
        case .turn(_, let player, let seconds):
            guard let player else { return [] }
            return ["\(possessive(player)) turn" + (seconds.map { ", \(count($0, "second"))" } ?? "") + "."]
        case .turnWarning(_, let player, let left):
            return [p.yellow("\(player), \(count(left, "second")) left for your turn.")]
        case .roundOver(_, let round, let word, let won, let solver, let mistakes):
            guard won else { return [p.red("Round \(round) lost. The word was \(word.uppercased()).")] }
            return [
                p.green(
                    "Round \(round) solved" + (solver.map { " by \($0)" } ?? "") + ": \(word.uppercased()), "
                        + count(mistakes, "mistake") + ".")
            ]
        case .gameOver(let room, let ranking, let gameID, let sync, let note, let ranked):
            return gameOver(
                room: room, ranking: ranking, saved: sync == .saved ? gameID : nil, note: note, ranked: ranked, p)
        case .joined(let room, let player, let spectator, let resumed):
            return ["\(player) \(resumed ? "is back in" : spectator ? "is watching" : "joined") \(room)."]
        case .left(let room, let player, let reason):
            return ["\(player) left \(room)" + (reason.map { ", \($0)" } ?? "") + "."]
        case .spectators(let room, let started, let stopped, let watching):
            return [TextRenderer.spectatorChurn(room: room, started: started, stopped: stopped, watching: watching) + "."]
        case .host(let room, let player):
            return ["\(player) is now the host of \(room)."]
        case .rooms(let rooms):
            guard !rooms.isEmpty else { return nil }
            return ["\(count(rooms.count, "room")):"]
                + rooms.map { room in
                    "\(room.name): \(room.players) of \(room.seats) seats, \(room.mode), \(room.difficulty), "
                        + room.status.rawValue + (room.isPrivate ? ", private." : ".")
                }
        case .settings(let room, let settings, let pending):
            return ["Settings of \(room)" + (pending ? ", changes apply from the next round:" : ":")]
                + settings.described.map { "\($0.key): \($0.value)." }
        case .roomWords(_, _, let by?, let added):
            return [
                added == 0
                    ? "\(by) cleared the room's own words."
                    : "\(by) added \(added) to the room's own words, used from the next game."
            ]
        case .settingChanged(_, let key, _, let shown, let nextRound, let by):
            return ["\(by) set \(key) to \(shown)" + (nextRound ? ", from the next round." : ".")]
        case .wordPrompt(_, let round, let seconds, let minLength, let maxLength, let hintChars, _):
            let size = minLength == maxLength ? "\(minLength)" : "\(minLength) to \(maxLength)"
            return [
                p.bold("You set the word for round \(round)") + ", within \(count(seconds, "second")).",
                "Type word, then your word of \(size) letters, then a hint of at most \(hintChars) characters if you like.",
                "Only you hear what you type. For example: word elephant big grey animal",
            ]
        case .progress(_, let mode, let counts):
            return mode.flow.progressSpoken(counts)
        case .away(_, let player, let away, let missed, let ownClock):
            guard away else { return ["\(player) is back."] }
            return [
                "\(player) "
                    + (ownClock
                        ? "ran out of time in \(count(missed, "round"))" : "missed \(missed) turn" + (missed == 1 ? "" : "s"))
                    + " in a row and is marked away."
            ]
        case .leaderboard(let entries, let mine, let month):
            guard !entries.isEmpty else { return nil }
            let title = month.map { "Leaderboard of \(monthName($0)):" } ?? "Leaderboard:"
            let row = { (e: LeaderboardEntry) in
                "\(TextRenderer.ordinal(e.rank)) \(e.name), \(count(e.score, "point")), \(count(e.games, "game")), \(count(e.wins, "win"))."
            }
            return [title] + entries.map(row) + (mine.map { ["You: " + row($0)] } ?? [])
        case .ratingBoard(let entries, let mine):
            guard !entries.isEmpty else { return nil }
            let row = { (e: RatingBoardEntry) in
                "\(TextRenderer.ordinal(e.rank)) \(e.name), rating \(RatingDisplay.oneDecimal(e.rating.rating.ordinal)), "
                    + "\(count(e.rating.games, "game"))."
            }
            return ["Rating board:"] + entries.map(row) + (mine.map { ["You: " + row($0)] } ?? [])
        case .highscores(let entries, let highlight):
            return highScores(entries, highlight: highlight)
        case .celebration(let player, let rank, let score):
            return [p.yellow("\(player) made the high scores, \(TextRenderer.ordinal(rank)) with \(count(score, "point"))!")]
        case .history(let player, let entries):
            guard !entries.isEmpty else { return nil }
            return ["History of \(player), newest first:"]
                + entries.map {
                    "Game \($0.gameID): \($0.word.uppercased()), \(count($0.mistakes, "mistake")), \($0.won ? "won" : "failed")."
                }
        case .stats(let s, let provisionalGames):
            return [
                "\(s.name): " + (s.rank.map { "rank \($0)" } ?? "not ranked yet") + ", \(count(s.score, "point")) in "
                    + "\(count(s.games, "game")), \(count(s.wins, "win")).",
                "Best game \(count(s.best, "point")). Words solved \(s.solved), failed \(s.failed).",
                RatingDisplay.line(s.rating, provisionalGames: provisionalGames).replacingOccurrences(
                    of: "±", with: "plus or minus"),
            ]
        case .gameDetail(let detail):
            let record = detail.record
            return ["Game \(detail.id) in \(record.room), \(record.mode), \(record.difficulty)."]
                + record.rounds.enumerated().map { index, round in
                    "Round \(index + 1): \(round.word.uppercased()), \(count(round.mistakes, "mistake")), "
                        + (round.won ? "won" + (round.solver.map { " by \($0)" } ?? "") : "failed") + "."
                }
                + ["Scores: " + record.results.map { "\($0.name) \($0.score)" }.joined(separator: ", ") + "."]
        case .error(_, let message):
            // The code is for programs (JSON has it); a listener hears the message.
            return [p.red("Error: " + Speech.tidy(message) + (message.hasSuffix(".") ? "" : "."))]
        case .chat(let room, let from, let text):
            // A player's own words go as they were typed.
            return [(room == nil ? "Lobby, " : "") + p.cyan(from) + " says: " + text]
        default:
            return nil
        }
    }

    // MARK: the board

    /// The board in a fixed order: where, the word, the misses and letters guessed, whose turn,
    /// the mode's line, the hint, the players. `state` says it again.
    static func board(_ s: RoomSnapshot, _ p: Paint) -> [String] {
        let players =
            "Players: " + playerList(s.players) + (s.spectators == 0 ? "" : ", \(s.spectators) watching")
            + (s.host.map { ". Host: \($0)." } ?? ".")
        guard s.status != .waiting else {
            return [
                "Room \(s.room), waiting for the host to start.", players,
                s.host == nil ? "" : "The host types start to begin; settings tells the rules.",
            ].filter { !$0.isEmpty }
        }
        var out = [
            "Room \(s.room), round \(s.round) of \(s.rounds), \(s.mode), \(s.difficulty)"
                + (s.category.map { ", \($0)" } ?? "") + "."
        ]
        out.append(s.awaitingWord ? "Word: being chosen." : "Word: " + p.bold(pattern(s.pattern)) + ".")
        out.append(
            misses(s.misses, of: s.maxMisses) + ", \(s.maxMisses - s.misses) left. Guessed: "
                + (s.guessed.isEmpty ? "none" : s.guessed.map { TextRenderer.capital($0) }.joined(separator: ", ")) + ".")
        if let line = ModeFlows.anyTimeFlow(s)?.spokenTurnLine(s) {
            out.append(line)
        } else if let turn = s.turn, s.status == .playing {
            out.append(
                p.yellow("\(possessive(turn)) turn") + (s.turnSecondsLeft.map { ", \(count($0, "second")) left" } ?? "") + ".")
        }
        out += ModeFlows.spokenLines(s)
        if let hint = s.hint { out.append("Hint: " + hint) }
        out.append(players)
        return out
    }

    /// "6 letters: blank, A, blank, A, blank, A"; three blanks or more in a row are counted:
    /// "8 letters: E, 6 blanks, T".
    static func pattern(_ pattern: String) -> String {
        var parts: [String] = []
        var blanks = 0
        func flush() {
            if blanks >= 3 {
                parts.append("\(blanks) blanks")
            } else {
                parts += Array(repeating: "blank", count: blanks)
            }
            blanks = 0
        }
        for character in pattern {
            if character == "_" {
                blanks += 1
            } else {
                flush()
                parts.append(TextRenderer.capital(character))
            }
        }
        flush()
        return count(pattern.count, "letter") + ": " + parts.joined(separator: ", ")
    }

    /// "Ann guessed A: 3 hits. 6 letters: blank, A, blank, A, blank, A. 1 miss of 7. Bob's turn."
    static func guessSentence(
        player: String, letter: Character?, word: String?, hit: Bool, count hits: Int, points: Int, _ board: GuessBoard?
    ) -> String {
        let what = letter.map { TextRenderer.capital($0) } ?? "the word " + (word ?? "").uppercased()
        var result =
            hit ? (letter == nil ? "right" : count(hits, "hit")) : letter == nil ? "wrong" : "a miss"
        if hit, points > 0 { result += ", \(count(points, "point"))" }
        var sentence = "\(player) guessed \(what): \(result)."
        guard let board else { return sentence }
        sentence += " " + pattern(board.pattern) + ". " + misses(board.misses, of: board.maxMisses) + "."
        if let turn = board.turn { sentence += " \(possessive(turn)) turn." }
        return sentence
    }

    // MARK: the end of a game

    static func gameOver(
        room: String, ranking: [PlayerView], saved: Int64?, note: String?, ranked: Bool, _ p: Paint
    ) -> [String] {
        var out = [p.bold("Game over in \(room).")]
        out += ranking.enumerated().map { index, player in
            "\(TextRenderer.ordinal(index + 1)) \(player.name), \(count(player.score, "point"))."
        }
        if let winner = ranking.first, winner.score > 0 { out.append(p.green("Well played, \(winner.name)!")) }
        if let saved {
            out.append(ranked ? "Saved to the leaderboard as game \(saved)." : "Saved as game \(saved), in history only.")
        }
        if let note { out.append(p.yellow(Speech.tidy(note))) }
        out.append("The host types start for a new game. Top shows the leaderboard, leave goes to the lobby.")
        return out
    }

    static func highScores(_ entries: [HighScore], highlight: Int64?) -> [String] {
        guard !entries.isEmpty else { return ["No high scores yet."] }
        return ["High scores:"]
            + entries.map { entry in
                "\(TextRenderer.ordinal(entry.rank)) \(entry.name), \(count(entry.score, "point")), "
                    + "\(count(entry.mistakes, "mistake")), " + (entry.failed ? "failed " : "")
                    + entry.words.map { $0.uppercased() }.joined(separator: " ")
                    + (entry.gameID == highlight ? ", this game." : ".")
            }
    }

    // MARK: words

    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// `2026-11` as "November 2026" (said "2026 dash 11" otherwise); as it is when it is not a month.
    static func monthName(_ month: String) -> String {
        let parts = month.split(separator: "-")
        guard parts.count == 2, let number = Int(parts[1]), months.indices.contains(number - 1) else { return month }
        return "\(months[number - 1]) \(parts[0])"
    }

    /// "1 miss of 7", "3 misses of 7".
    static func misses(_ misses: Int, of max: Int) -> String { count(misses, "miss") + " of \(max)" }

    /// "1 point", "3 points", "2 misses".
    static func count(_ n: Int, _ one: String) -> String {
        "\(n) " + (n == 1 ? one : one + (one.hasSuffix("s") ? "es" : "s"))
    }

    /// "Bob's", "Ross'".
    static func possessive(_ name: String) -> String { name.hasSuffix("s") ? name + "'" : name + "'s" }

    static func playerList(_ players: [PlayerView]) -> String {
        guard !players.isEmpty else { return "nobody seated" }
        return players.map {
            "\($0.name) \($0.score)" + ($0.bot ? ", a bot" : "") + ($0.connected ? "" : ", away")
        }.joined(separator: "; ")
    }
}

/// Server text said aloud: command syntax in words (`<word>` is word, `a|b` is a or b, `[x]` is x),
/// no `_`, and no run of three or more symbols (a dash rule, `...`, `-->`) left to be spelled out.
enum Speech {
    static func tidy(_ line: String) -> String {
        var out = ""
        for character in line {
            switch character {
            case "<", ">", "[", "]", "{", "}": continue
            case "|": out += " or "
            case "_": out += " "
            default: out.append(character)
            }
        }
        // "(30 s)" is said "30 s": the unit in full.
        return collapse(out).replacing(" s)", with: " seconds)").replacing(" s left", with: " seconds left")
    }

    /// A run of three or more symbols (not letters, digits or spaces) shortened to its first one;
    /// spaces that came out doubled are kept (padding is silent).
    static func collapse(_ line: String) -> String {
        var out = ""
        var run = ""
        func flush() {
            out += run.count >= 3 ? String(run.prefix(1)) : run
            run = ""
        }
        for character in line {
            if isSymbol(character) {
                run.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
    }

    /// Not a letter, digit or space: what a speech synthesiser spells out by name.
    static func isSymbol(_ character: Character) -> Bool {
        !(character.isLetter || character.isNumber || character.isWhitespace)
    }

    /// The longest run of symbols in `line` (colour codes are not looked through: test plain text).
    static func longestSymbolRun(_ line: String) -> Int {
        var longest = 0
        var run = 0
        for character in line {
            run = isSymbol(character) ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
