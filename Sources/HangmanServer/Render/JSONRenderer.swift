import HangmanStore

/// JSON-lines output for bots: one object per line, LF-terminated, fields as docs/PROTOCOL.md says.
/// A line over 400 on purpose: `render` is the one exhaustive switch over `Outbound` (a new event
/// cannot be left without JSON); rows and mode fields are in the JSONRenderer+*.swift files.
enum JSONRenderer {
    static func render(_ event: Outbound) -> [UInt8] {
        switch event {
        case .welcome(let server, let version, let online):
            var w = JSONWriter(type: "welcome")
            w.field("server", server)
            w.field("version", version)
            w.field("protocol", WireProtocol.version)
            w.field("players_online", online)
            return w.finish()
        case .prompt(let what):
            var w = JSONWriter(type: "prompt")
            w.field("for", what)
            return w.finish()
        case .loggedIn(let name, let registered, let resumed, let token):
            var w = JSONWriter(type: "logged_in")
            w.field("name", name)
            w.field("registered", registered)
            w.field("resumed", resumed)
            if let token { w.field("resume_token", token) }
            return w.finish()
        case .state(let s):
            var w = JSONWriter(type: "state")
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
            for letter in s.guessed { w.element(letter) }
            w.endArray()
            w.beginArray("available")
            for letter in s.available { w.element(letter) }
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
            return w.finish()
        case .guess(let room, let player, let letter, let word, let hit, let count, let points, _):
            var w = JSONWriter(type: "guess")
            w.field("room", room)
            w.field("player", player)
            if let letter { w.field("letter", String(letter)) }
            if let word { w.field("word", word) }
            w.field("hit", hit)
            w.field("count", count)
            w.field("points", points)
            return w.finish()
        case .turn(let room, let player, let seconds):
            var w = JSONWriter(type: "turn")
            w.field("room", room)
            w.field("player", player)
            w.field("seconds", seconds)
            return w.finish()
        case .turnWarning(let room, let player, let left):
            var w = JSONWriter(type: "turn_warning")
            w.field("room", room)
            w.field("player", player)
            w.field("seconds_left", left)
            return w.finish()
        case .turnTimeout(let room, let player, _):
            var w = JSONWriter(type: "turn_timeout")
            w.field("room", room)
            w.field("player", player)
            return w.finish()
        case .roundOver(let room, let round, let word, let won, let solver, let mistakes):
            var w = JSONWriter(type: "round_over")
            w.field("room", room)
            w.field("round", round)
            w.field("word", word)
            w.field("result", won ? "won" : "lost")
            w.field("solver", solver)
            w.field("mistakes", mistakes)
            return w.finish()
        case .gameOver(let room, let ranking, let gameID, let sync, let note, let ranked):
            var w = JSONWriter(type: "game_over")
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
            return w.finish()
        case .chat(let room, let from, let text):
            var w = JSONWriter(type: "chat")
            w.field("room", room)
            w.field("from", from)
            w.field("text", text)
            return w.finish()
        case .joined(let room, let player, let spectator, _):
            var w = JSONWriter(type: "joined")
            w.field("room", room)
            w.field("player", player)
            w.field("spectator", spectator)
            return w.finish()
        case .left(let room, let player, let reason):
            var w = JSONWriter(type: "left")
            w.field("room", room)
            w.field("player", player)
            w.field("reason", reason)
            return w.finish()
        case .spectators(let room, let started, let stopped, let watching):
            var w = JSONWriter(type: "spectators")
            w.field("room", room)
            w.field("started", started)
            w.field("stopped", stopped)
            w.field("watching", watching)
            return w.finish()
        case .host(let room, let player):
            var w = JSONWriter(type: "host")
            w.field("room", room)
            w.field("player", player)
            return w.finish()
        case .rooms(let rooms):
            var w = JSONWriter(type: "rooms")
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
            return w.finish()
        case .settings(let room, let settings, let pending):
            var w = JSONWriter(type: "settings")
            w.field("room", room)
            w.beginNestedObject("settings")
            for (key, value) in settings.typed { settingValue(&w, JSONKey(key), value) }
            w.endObject()
            w.field("pending", pending)
            return w.finish()
        case .roomWords(let room, let count, let by, let added):
            var w = JSONWriter(type: "words")
            w.field("room", room)
            w.field("count", count)
            w.field("by", by)
            w.field("added", added)
            return w.finish()
        case .hint(let room, let player, let text, let cost):
            var w = JSONWriter(type: "hint")
            w.field("room", room)
            w.field("player", player)
            w.field("hint", text)
            w.field("cost", cost)
            return w.finish()
        case .settingChanged(let room, let key, let value, _, let nextRound, let by):
            var w = JSONWriter(type: "setting")
            w.field("room", room)
            w.field("key", key)
            settingValue(&w, "value", value)
            w.field("applies", nextRound ? "next_round" : "now")
            w.field("by", by)
            return w.finish()
        case .kicked(let room, let by):
            var w = JSONWriter(type: "kicked")
            w.field("room", room)
            w.field("by", by)
            return w.finish()
        case .wordPrompt(let room, let round, let seconds, let minLength, let maxLength, let hintChars, let alphabet):
            var w = JSONWriter(type: "word_prompt")
            w.field("room", room)
            w.field("round", round)
            w.field("seconds", seconds)
            w.field("min_length", minLength)
            w.field("max_length", maxLength)
            w.field("alphabet", alphabet)
            w.field("hint_chars", hintChars)
            return w.finish()
        case .progress(let room, let mode, let counts):
            return mode.flow.progressJSON(room: room, counts)
        case .away(let room, let player, let away, let missed, _):
            var w = JSONWriter(type: "away")
            w.field("room", room)
            w.field("player", player)
            w.field("away", away)
            w.field("missed_turns", missed)
            return w.finish()
        case .gameStarted(let room, let by, let rounds):
            var w = JSONWriter(type: "game_started")
            w.field("room", room)
            w.field("by", by)
            w.field("rounds", rounds)
            return w.finish()
        case .saved(let room, let game):
            var w = JSONWriter(type: "saved")
            w.field("room", room)
            w.field("game", game)
            return w.finish()
        case .who(let room, let players, let spectators, let lobby, let host):
            var w = JSONWriter(type: "who")
            w.field("room", room)
            w.field("host", host)
            playerList(&w, players)
            w.beginArray("spectators")
            for name in spectators { w.element(name) }
            w.endArray()
            w.beginArray("lobby")
            for name in lobby { w.element(name) }
            w.endArray()
            return w.finish()
        case .leaderboard(let entries, let mine, let month):
            var w = JSONWriter(type: "leaderboard")
            if let month { w.field("month", month) }
            w.beginArray("entries")
            for entry in entries { leaderboardEntry(&w, entry) }
            w.endArray()
            if let mine {
                leaderboardEntry(&w, mine, key: "you")
            }
            return w.finish()
        case .ratingBoard(let entries, let mine):
            var w = JSONWriter(type: "leaderboard")
            w.field("board", "rating")
            w.beginArray("entries")
            for entry in entries { ratingBoardEntry(&w, entry) }
            w.endArray()
            if let mine { ratingBoardEntry(&w, mine, key: "you") }
            return w.finish()
        case .highscores(let entries, let highlight):
            var w = JSONWriter(type: "highscores")
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
            return w.finish()
        case .sanctions, .modlog, .announcement, .votekick:
            return ModerationRendering.json(event) ?? []
        case .monthStanding(let room, let month, let standing):
            var w = JSONWriter(type: "month_standing")
            w.field("room", room)
            w.field("month", month)
            w.field("rank", standing.rank)
            w.field("players", standing.players)
            w.field("score", standing.score)
            w.field("games", standing.games)
            w.field("wins", standing.wins)
            return w.finish()
        case .ratingChange(let room, let change):
            var w = JSONWriter(type: "rating_change")
            w.field("room", room)
            w.field("before", change.before)
            w.field("after", change.after)
            w.field("games", change.games)
            w.field("provisional", change.isProvisional)
            return w.finish()
        case .celebration(let player, let rank, let score):
            var w = JSONWriter(type: "celebration")
            w.field("player", player)
            w.field("rank", rank)
            w.field("score", score)
            return w.finish()
        case .history(let player, let entries):
            var w = JSONWriter(type: "history")
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
            return w.finish()
        case .stats(let stats, let provisionalGames):
            var w = JSONWriter(type: "stats")
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
            return w.finish()
        case .gameDetail(let detail):
            var w = JSONWriter(type: "game")
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
            return w.finish()
        case .help(let topic, _, let isOperator):
            return help(topic: topic, rows: Help.rows(for: topic, operator: isOperator) ?? [])
        case .info(let message):
            var w = JSONWriter(type: "info")
            w.field("message", message)
            return w.finish()
        case .error(let code, let message):
            var w = JSONWriter(type: "error")
            w.field("code", code.rawValue)
            w.field("message", message)
            return w.finish()
        case .goodbye(let message):
            var w = JSONWriter(type: "bye")
            w.field("message", message)
            return w.finish()
        }
    }

    /// `text.count` without walking grapheme clusters when the text is ASCII (a pattern almost always is).
    static func characterCount(_ text: String) -> Int {
        let utf8 = text.utf8
        return utf8.allSatisfy { $0 < 0x80 } ? utf8.count : text.count
    }
}
