import HangmanStore

/// JSON-lines output for bots: one object per line, LF-terminated, fields as docs/PROTOCOL.md says.
/// A line over 400 on purpose: `render` is the one exhaustive switch over `Outbound` (a new event
/// cannot be left without JSON); rows and mode fields are in the JSONRenderer+*.swift files.
enum JSONRenderer {
    static func render(_ event: Outbound) -> [UInt8] {
        var w = JSONWriter()
        write(event, into: &w)
        return w.take()
    }

    /// `event`'s line appended to `w`: a batch's events go into one writer, one buffer, one array.
    static func write(_ event: Outbound, into w: inout JSONWriter) {
        switch event {
        case .welcome(let server, let version, let online):
            w.begin(type: "welcome")
            w.field("server", server)
            w.field("version", version)
            w.field("protocol", WireProtocol.version)
            w.field("players_online", online)
            w.endLine()
        case .prompt(let what):
            w.begin(type: "prompt")
            w.field("for", what)
            w.endLine()
        case .loggedIn(let name, let registered, let resumed, let token):
            w.begin(type: "logged_in")
            w.field("name", name)
            w.field("registered", registered)
            w.field("resumed", resumed)
            if let token { w.field("resume_token", token) }
            w.endLine()
        case .state(let s):
            w.begin(type: "state")
            w.field("room", s.room)
            w.field("status", s.status.rawValue)
            w.field("mode", s.mode)
            w.field("difficulty", s.difficulty)
            w.field("round", s.round)
            w.field("rounds", s.rounds)
            w.field("pattern", s.pattern)
            w.field("length", characterCount(s.pattern))
            w.field("misses", s.misses)
            w.field("max_misses", s.maxMisses)
            w.field("misses_left", s.maxMisses - s.misses)
            w.beginArray("guessed")
            s.guessedLetters.forEach(ascii: { w.element(asciiLetter: $0) }, listed: { w.element($0) })
            w.endArray()
            w.beginArray("available")
            s.availableLetters.forEach(ascii: { w.element(asciiLetter: $0) }, listed: { w.element($0) })
            w.endArray()
            w.field("turn", s.turn)
            w.field("turn_seconds_left", s.turnSecondsLeft)
            playerList(&w, s.players)
            w.field("spectators", s.spectators)
            w.field("host", s.host)
            w.field("private", s.isPrivate)
            ModeFlows.jsonFields(&w, s)
            if let teams = s.teams { teamList(&w, teams) }
            w.field("category", s.category)
            w.field("hint", s.hint)
            w.endLine()
        case .guess(let room, let player, let letter, let word, let hit, let count, let points, _):
            w.begin(type: "guess")
            w.field("room", room)
            w.field("player", player)
            if let letter { w.field("letter", String(letter)) }
            if let word { w.field("word", word) }
            w.field("hit", hit)
            w.field("count", count)
            w.field("points", points)
            w.endLine()
        case .turn(let room, let player, let seconds):
            w.begin(type: "turn")
            w.field("room", room)
            w.field("player", player)
            w.field("seconds", seconds)
            w.endLine()
        case .turnWarning(let room, let player, let left):
            w.begin(type: "turn_warning")
            w.field("room", room)
            w.field("player", player)
            w.field("seconds_left", left)
            w.endLine()
        case .turnTimeout(let room, let player, _):
            w.begin(type: "turn_timeout")
            w.field("room", room)
            w.field("player", player)
            w.endLine()
        case .roundOver(let room, let round, let word, let won, let solver, let mistakes):
            w.begin(type: "round_over")
            w.field("room", room)
            w.field("round", round)
            w.field("word", word)
            w.field("result", won ? "won" : "lost")
            w.field("solver", solver)
            w.field("mistakes", mistakes)
            w.endLine()
        case .gameOver(let room, let ranking, let gameID, let sync, let note, let ranked):
            w.begin(type: "game_over")
            w.field("room", room)
            w.beginArray("scores")
            for player in ranking {
                w.beginNestedObject()
                w.field("name", player.name)
                w.field("score", player.score)
                if player.bot { w.field("bot", true) }  // a house bot, as in `state` and `who`
                if let team = player.team { w.field("team", team) }  // teams mode, as in `state`
                w.endObject()
            }
            w.endArray()
            w.field("game", gameID)
            w.field("saved", sync == .saved)
            w.field("sync", sync.rawValue)
            w.field("ranked", ranked)
            if let note { w.field("note", note) }
            w.endLine()
        case .chat(let room, let from, let text):
            w.begin(type: "chat")
            w.field("room", room)
            w.field("from", from)
            w.field("text", text)
            w.endLine()
        case .joined(let room, let player, let spectator, _):
            w.begin(type: "joined")
            w.field("room", room)
            w.field("player", player)
            w.field("spectator", spectator)
            w.endLine()
        case .left(let room, let player, let reason):
            w.begin(type: "left")
            w.field("room", room)
            w.field("player", player)
            w.field("reason", reason)
            w.endLine()
        case .spectators(let room, let started, let stopped, let watching):
            w.begin(type: "spectators")
            w.field("room", room)
            w.field("started", started)
            w.field("stopped", stopped)
            w.field("watching", watching)
            w.endLine()
        case .host(let room, let player):
            w.begin(type: "host")
            w.field("room", room)
            w.field("player", player)
            w.endLine()
        case .rooms(let rooms):
            w.begin(type: "rooms")
            w.beginArray("rooms")
            for room in rooms {
                w.beginNestedObject()
                w.field("name", room.name)
                w.field("players", room.players)
                w.field("seats", room.seats)
                w.field("spectators", room.spectators)
                w.field("mode", room.mode)
                w.field("difficulty", room.difficulty)
                w.field("status", room.status.rawValue)
                w.field("private", room.isPrivate)
                w.endObject()
            }
            w.endArray()
            w.endLine()
        case .settings(let room, let settings, let pending):
            w.begin(type: "settings")
            w.field("room", room)
            w.beginNestedObject("settings")
            for (key, value) in settings.typed { settingValue(&w, JSONKey(key), value) }
            w.endObject()
            w.field("pending", pending)
            w.endLine()
        case .roomWords(let room, let count, let by, let added):
            w.begin(type: "words")
            w.field("room", room)
            w.field("count", count)
            w.field("by", by)
            w.field("added", added)
            w.endLine()
        case .hint(let room, let player, let text, let cost):
            w.begin(type: "hint")
            w.field("room", room)
            w.field("player", player)
            w.field("hint", text)
            w.field("cost", cost)
            w.endLine()
        case .settingChanged(let room, let key, let value, _, let nextRound, let by):
            w.begin(type: "setting")
            w.field("room", room)
            w.field("key", key)
            settingValue(&w, "value", value)
            w.field("applies", nextRound ? "next_round" : "now")
            w.field("by", by)
            w.endLine()
        case .kicked(let room, let by):
            w.begin(type: "kicked")
            w.field("room", room)
            w.field("by", by)
            w.endLine()
        case .wordPrompt(let room, let round, let seconds, let minLength, let maxLength, let hintChars, let alphabet):
            w.begin(type: "word_prompt")
            w.field("room", room)
            w.field("round", round)
            w.field("seconds", seconds)
            w.field("min_length", minLength)
            w.field("max_length", maxLength)
            w.field("alphabet", alphabet)
            w.field("hint_chars", hintChars)
            w.endLine()
        case .progress(let room, let mode, let counts):
            w.append(mode.flow.progressJSON(room: room, counts))
        case .away(let room, let player, let away, let missed, _):
            w.begin(type: "away")
            w.field("room", room)
            w.field("player", player)
            w.field("away", away)
            w.field("missed_turns", missed)
            w.endLine()
        case .gameStarted(let room, let by, let rounds):
            w.begin(type: "game_started")
            w.field("room", room)
            w.field("by", by)
            w.field("rounds", rounds)
            w.endLine()
        case .saved(let room, let game):
            w.begin(type: "saved")
            w.field("room", room)
            w.field("game", game)
            w.endLine()
        case .who(let room, let players, let spectators, let lobby, let host):
            w.begin(type: "who")
            w.field("room", room)
            w.field("host", host)
            playerList(&w, players)
            w.beginArray("spectators")
            for name in spectators { w.element(name) }
            w.endArray()
            w.beginArray("lobby")
            for name in lobby { w.element(name) }
            w.endArray()
            w.endLine()
        case .leaderboard(let entries, let mine, let month):
            w.begin(type: "leaderboard")
            if let month { w.field("month", month) }
            w.beginArray("entries")
            for entry in entries { leaderboardEntry(&w, entry) }
            w.endArray()
            if let mine {
                leaderboardEntry(&w, mine, key: "you")
            }
            w.endLine()
        case .ratingBoard(let entries, let mine):
            w.begin(type: "leaderboard")
            w.field("board", "rating")
            w.beginArray("entries")
            for entry in entries { ratingBoardEntry(&w, entry) }
            w.endArray()
            if let mine { ratingBoardEntry(&w, mine, key: "you") }
            w.endLine()
        case .highscores(let entries, let highlight):
            w.begin(type: "highscores")
            w.beginArray("entries")
            for entry in entries {
                w.beginNestedObject()
                w.field("rank", entry.rank)
                w.field("name", entry.name)
                w.field("word", entry.words.joined(separator: " "))
                w.field("mistakes", entry.mistakes)
                w.field("score", entry.score)
                w.field("solved", entry.solved)
                w.field("difficulty", entry.difficulty)
                w.field("failed", entry.failed)
                w.field("game", entry.gameID)
                w.endObject()
            }
            w.endArray()
            w.field("game", highlight)
            w.endLine()
        case .sanctions, .modlog, .announcement, .votekick:
            w.append(ModerationRendering.json(event) ?? [])
        case .monthStanding(let room, let month, let standing):
            w.begin(type: "month_standing")
            w.field("room", room)
            w.field("month", month)
            w.field("rank", standing.rank)
            w.field("players", standing.players)
            w.field("score", standing.score)
            w.field("games", standing.games)
            w.field("wins", standing.wins)
            w.endLine()
        case .ratingChange(let room, let change):
            w.begin(type: "rating_change")
            w.field("room", room)
            w.field("before", change.before)
            w.field("after", change.after)
            w.field("games", change.games)
            w.field("provisional", change.isProvisional)
            w.endLine()
        case .celebration(let player, let rank, let score):
            w.begin(type: "celebration")
            w.field("player", player)
            w.field("rank", rank)
            w.field("score", score)
            w.endLine()
        case .history(let player, let entries):
            w.begin(type: "history")
            w.field("player", player)
            w.beginArray("entries")
            for entry in entries {
                w.beginNestedObject()
                w.field("word", entry.word)
                w.field("mistakes", entry.mistakes)
                w.field("result", entry.won ? "won" : "failed")
                w.field("game", entry.gameID)
                w.field("room", entry.room)
                w.field("ended", entry.ended)
                w.endObject()
            }
            w.endArray()
            w.endLine()
        case .stats(let stats, let provisionalGames):
            w.begin(type: "stats")
            w.field("player", stats.name)
            w.field("games", stats.games)
            w.field("wins", stats.wins)
            w.field("score", stats.score)
            w.field("best", stats.best)
            w.field("solved", stats.solved)
            w.field("failed", stats.failed)
            w.field("rank", stats.rank)
            if let rating = stats.rating {
                // Full precision: anyone can check them against openskill.py (issue 32).
                w.beginNestedObject("rating")
                w.field("mu", rating.rating.mu)
                w.field("sigma", rating.rating.sigma)
                w.field("ordinal", rating.rating.ordinal)
                w.field("games", rating.games)
                w.field("provisional", RatingDisplay.isProvisional(rating, provisionalGames: provisionalGames))
                w.endObject()
            } else {
                w.field("rating", nil as Int?)
            }
            w.endLine()
        case .gameDetail(let detail):
            w.begin(type: "game")
            w.field("game", detail.id)
            w.field("room", detail.record.room)
            w.field("mode", detail.record.mode)
            w.field("difficulty", detail.record.difficulty)
            w.field("ended", detail.record.ended)
            w.beginArray("rounds")
            for round in detail.record.rounds {
                w.beginNestedObject()
                w.field("word", round.word)
                w.field("mistakes", round.mistakes)
                w.field("result", round.won ? "won" : "failed")
                w.field("solver", round.solver)
                w.endObject()
            }
            w.endArray()
            w.beginArray("scores")
            for result in detail.record.results {
                w.beginNestedObject()
                w.field("name", result.name)
                w.field("score", result.score)
                w.field("rank", result.rank)
                w.endObject()
            }
            w.endArray()
            w.endLine()
        case .help(let topic, _, let isOperator):
            help(&w, topic: topic, rows: Help.rows(for: topic, operator: isOperator) ?? [])
        case .info(let message):
            w.begin(type: "info")
            w.field("message", message)
            w.endLine()
        case .error(let code, let message):
            w.begin(type: "error")
            w.field("code", code.rawValue)
            w.field("message", message)
            w.endLine()
        case .goodbye(let message):
            w.begin(type: "bye")
            w.field("message", message)
            w.endLine()
        }
    }

    /// `text.count` without walking grapheme clusters when the text is ASCII (a pattern almost always is).
    static func characterCount(_ text: String) -> Int {
        // A native string's bytes checked in place (a loop over a buffer, not the generic
        // `allSatisfy` over the view: ~300 instructions a board).
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            var high: UInt8 = 0
            for byte in bytes { high |= byte }
            return high < 0x80
        }
        return (ascii ?? text.utf8.allSatisfy { $0 < 0x80 }) ? text.utf8.count : text.count
    }
}
