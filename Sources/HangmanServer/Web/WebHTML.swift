import HangmanCore
import HangmanStore
import HangmanWeb

/// The pages' HTML, rendered on the server from values (pure: tested without sockets). Everything
/// a player typed is escaped (`HTML.escape`); links to rooms and players are percent-encoded. The
/// only resources are the server's own `/app.css` and `/app.js` (no inline script or style: the
/// CSP forbids them). The room page's elements carry ids the script updates from the stream.
enum WebHTML {
    static func document(title: String, page: String, attributes: String = "", body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title><link rel="stylesheet" href="/app.css"></head>
        <body class="\(page)"\(attributes)>
        <header><a href="/">Hangman</a> <a href="/big">projector view</a></header>
        \(body)
        <script src="/app.js" defer></script>
        </body></html>

        """
    }

    // MARK: the front page

    static func front(rooms: [RoomSnapshot], allTime: [LeaderboardEntry]?, month: [LeaderboardEntry]?, monthName: String)
        -> String
    {
        front(live: frontLive(rooms: rooms, allTime: allTime, month: month, monthName: monthName))
    }

    /// The front page around its live part: the script follows `data-live` (an event stream that
    /// sends the part again when it changed) and polls `data-refresh` only where it has no streams.
    static func front(live: String) -> String {
        document(title: "Hangman", page: "front", attributes: " data-live=\"/events/front\" data-refresh=\"/\"", body: live)
    }

    /// What the front page's stream sends again: the live rooms and both leaderboards.
    static func frontLive(rooms: [RoomSnapshot], allTime: [LeaderboardEntry]?, month: [LeaderboardEntry]?, monthName: String)
        -> String
    {
        var body = "<main id=\"live\">\n<h1>Hangman</h1>\n<section><h2>Live rooms</h2>\n" + roomsTable(rooms) + "</section>\n"
        body += "<section><h2>All-time leaderboard</h2>\n" + board(allTime) + "</section>\n"
        body += "<section><h2>This month (\(HTML.escape(monthName)))</h2>\n" + board(month) + "</section>\n</main>"
        return body
    }

    static func roomsTable(_ rooms: [RoomSnapshot]) -> String {
        guard !rooms.isEmpty else {
            return "<p class=\"empty\">No public room is open. Start one with telnet: create &lt;room&gt;.</p>\n"
        }
        var html = "<table class=\"rooms\"><thead><tr><th>Room</th><th>Mode</th><th>Round</th><th>Status</th>"
        html += "<th>Players</th><th>Watching</th></tr></thead><tbody>\n"
        for room in rooms {
            html += "<tr><td><a href=\"/rooms/\(HTML.pathSegment(room.room))\">\(HTML.escape(room.room))</a></td>"
            html += "<td>\(HTML.escape(room.mode))</td><td>\(roundText(room))</td><td>\(room.status.rawValue)</td>"
            html += "<td>\(scores(room.players))</td><td>\(room.spectators)</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    static func roundText(_ room: RoomSnapshot) -> String { room.round == 0 ? "–" : "\(room.round) of \(room.rounds)" }

    static func scores(_ players: [PlayerView]) -> String {
        players.map { "\(playerLink($0.name)) \($0.score)\($0.bot ? " (bot)" : "")" }.joined(separator: ", ")
    }

    static func playerLink(_ name: String) -> String {
        "<a href=\"/players/\(HTML.pathSegment(name))\">\(HTML.escape(name))</a>"
    }

    static func board(_ entries: [LeaderboardEntry]?) -> String {
        guard let entries else { return "<p class=\"empty\">The leaderboard is not answering just now.</p>\n" }
        guard !entries.isEmpty else { return "<p class=\"empty\">No games yet.</p>\n" }
        var html =
            "<table class=\"board\"><thead><tr><th>#</th><th>Player</th><th>Score</th><th>Games</th><th>Wins</th></tr></thead><tbody>\n"
        for entry in entries {
            html += "<tr><td>\(entry.rank)</td><td>\(playerLink(entry.name))</td><td>\(entry.score)</td>"
            html += "<td>\(entry.games)</td><td>\(entry.wins)</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    // MARK: a room

    /// A room's page: its board, and the last guesses and chat lines the room kept (`history`,
    /// oldest first; shown newest first, as the script adds them).
    static func room(_ room: RoomSnapshot, history: [Outbound] = []) -> String {
        let name = HTML.escape(room.room)
        let attributes =
            " data-stream=\"/events/rooms/\(HTML.pathSegment(room.room))\" data-max-misses=\"\(room.maxMisses)\""
        var body = "<main id=\"live\">\n<h1>Room \(name)</h1>\n"
        body += boardHTML(room)
        body += "<section><h2>Last guesses and chat</h2><ol id=\"log\" class=\"log\">"
        for line in history.reversed().compactMap(logLine) { body += "<li>\(HTML.escape(line))</li>" }
        body += "</ol>"
        body += "<p class=\"hint\">Updates appear here live while the page is open.</p></section>\n"
        body += gallowsFrames(maxMisses: room.maxMisses) + "</main>"
        return document(title: "Hangman: \(room.room)", page: "room", attributes: attributes, body: body)
    }

    /// The board as players see it: pattern with `_`, misses n of m, the gallows so far, letters
    /// guessed, whose turn, players and scores. The same ids the script fills from `state`.
    static func boardHTML(_ room: RoomSnapshot) -> String {
        var html = "<section class=\"board-view\">\n"
        html += "<p id=\"status\" class=\"status\">\(HTML.escape(room.mode)) · round <span id=\"round\">\(roundText(room))</span>"
        html += " · <span id=\"state\">\(room.status.rawValue)</span></p>\n"
        html +=
            "<pre id=\"gallows\" class=\"gallows\">\(HTML.escape(Gallows.lines(misses: room.misses, maxMisses: room.maxMisses).joined(separator: "\n")))</pre>\n"
        html += "<p id=\"pattern\" class=\"pattern\">\(HTML.escape(spaced(room.pattern)))</p>\n"
        html += "<p id=\"miss-count\">misses \(room.misses) of \(room.maxMisses)</p>\n"
        html +=
            "<p>Guessed: <span id=\"guessed\" class=\"letters\">\(HTML.escape(room.guessed.map(String.init).joined(separator: " ")))</span></p>\n"
        html += "<p id=\"whose-turn\">\(room.turn.map { "Turn: " + HTML.escape($0) } ?? "")</p>\n"
        html += "<table id=\"players\" class=\"players\"><tbody>"
        for player in room.players {
            html += "<tr><td>\(playerLink(player.name))\(player.bot ? " (bot)" : "")</td><td>\(player.score)</td></tr>"
        }
        html += "</tbody></table>\n" + teamsHTML(room)
        html += "<p id=\"spectators\">\(room.spectators) watching</p>\n</section>\n"
        return html
    }

    /// Teams mode: each team's score and members, best first, and whose team is up (the team of
    /// the player whose turn it is). Empty in other modes; the script fills it from `state`.
    static func teamsHTML(_ room: RoomSnapshot) -> String {
        guard let teams = room.teams, !teams.isEmpty else { return "<div id=\"team-board\"></div>\n" }
        let up = room.turn.flatMap { turn in room.players.first { $0.name == turn }?.team }
        var html = "<div id=\"team-board\"><table class=\"team-board\"><thead><tr><th>Team</th><th>Score</th>"
        html += "<th>Members</th></tr></thead><tbody>"
        for team in teams {
            let members = room.players.filter { $0.team == team.team }.map { playerLink($0.name) }
            html += "<tr\(team.team == up ? " class=\"up\"" : "")><td>Team \(team.team)\(team.team == up ? " (up)" : "")</td>"
            html += "<td>\(team.score)</td><td>\(members.joined(separator: ", "))</td></tr>"
        }
        html += "</tbody></table>"
        if let up { html += "<p id=\"team-up\">Team \(up) is up</p>" }
        return html + "</div>\n"
    }

    /// One line of a room page's log, as the script writes it (`describe` in app.js); nil for an
    /// event the log does not show.
    static func logLine(_ event: Outbound) -> String? {
        switch event {
        case .guess(_, let player, let letter, let word, let hit, let count, _, _):
            let what = word.map { " tried \($0)" } ?? " guessed \(letter.map(String.init) ?? "")"
            return player + what + (hit ? ": hit" + (count > 1 ? " \u{00d7}\(count)" : "") : ": miss")
        case .chat(_, let from, let text): return "\(from): \(text)"
        case .roundOver(_, let round, let word, _, let solver, _):
            return "Round \(round) over: the word was \(word)" + (solver.map { ", solved by \($0)" } ?? "")
        case .gameOver(_, let ranking, _, _, _, _):
            return "Game over: " + ranking.map { "\($0.name) \($0.score)" }.joined(separator: ", ")
        case .gameStarted: return "A new game starts"
        default: return nil
        }
    }

    static func spaced(_ pattern: String) -> String { pattern.map(String.init).joined(separator: " ") }

    /// Every gallows drawing from 0 misses to `maxMisses`, for the script (a `<template>` is inert).
    static func gallowsFrames(maxMisses: Int) -> String {
        var html = "<template id=\"gallows-frames\">"
        for misses in 0...max(0, maxMisses) {
            html += "<pre>\(HTML.escape(Gallows.lines(misses: misses, maxMisses: maxMisses).joined(separator: "\n")))</pre>"
        }
        return html + "</template>\n"
    }

    // MARK: a player

    static func player(_ stats: PlayerStats, recent: [HistoryEntry], provisionalGames: Int) -> String {
        var body = "<main>\n<h1>\(HTML.escape(stats.name))</h1>\n<table class=\"totals\"><tbody>"
        let rows: [(String, String)] = [
            ("Rank", stats.rank.map { "#\($0)" } ?? "not ranked yet"), ("Score", "\(stats.score)"), ("Games", "\(stats.games)"),
            ("Wins", "\(stats.wins)"), ("Best game", "\(stats.best)"), ("Words solved", "\(stats.solved)"),
            ("Words failed", "\(stats.failed)"),
            ("Rating", RatingDisplay.line(stats.rating, provisionalGames: provisionalGames).replacingPrefix("Rating", "")),
        ]
        for (label, value) in rows { body += "<tr><th>\(label)</th><td>\(HTML.escape(value.trimmed))</td></tr>" }
        body += "</tbody></table>\n<section><h2>Recent games</h2>\n"
        if recent.isEmpty {
            body += "<p class=\"empty\">No games yet.</p>\n"
        } else {
            body += "<table class=\"history\"><thead><tr><th>Game</th><th>Date</th><th>Room</th><th>Word</th><th>Result</th>"
            body += "<th>Mistakes</th></tr></thead><tbody>\n"
            for entry in recent {
                body += "<tr><td>\(entry.gameID)</td><td>\(date(entry.ended))</td><td>\(HTML.escape(entry.room))</td>"
                body +=
                    "<td>\(HTML.escape(entry.word))</td><td>\(entry.won ? "won" : "lost")</td><td>\(entry.mistakes)</td></tr>\n"
            }
            body += "</tbody></table>\n"
        }
        body += "</section>\n</main>"
        return document(title: "Hangman: \(stats.name)", page: "player", body: body)
    }

    /// `YYYY-MM-DD` (UTC) of a Unix time (days to the civil date, without Foundation).
    static func date(_ seconds: Int64) -> String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    // MARK: the projector

    /// 1920×1080, large type: one slide per busy room (a game on, or players seated) and one per
    /// board; the script shows them in turn and refreshes them. Without it, all are shown.
    static func big(rooms: [RoomSnapshot], allTime: [LeaderboardEntry]?, month: [LeaderboardEntry]?, monthName: String) -> String
    {
        big(live: bigLive(rooms: rooms, allTime: allTime, month: month, monthName: monthName))
    }

    static func big(live: String) -> String {
        document(
            title: "Hangman: projector", page: "big", attributes: " data-live=\"/events/big\" data-refresh=\"/big\"", body: live)
    }

    /// What the projector's stream sends again: its slides.
    static func bigLive(rooms: [RoomSnapshot], allTime: [LeaderboardEntry]?, month: [LeaderboardEntry]?, monthName: String)
        -> String
    {
        var body = "<main id=\"live\" class=\"slides\">\n"
        for room in rooms where room.status == .playing || !room.players.isEmpty {
            body +=
                "<section class=\"slide\"><h1>\(HTML.escape(room.room))</h1>\n" + boardHTML(room).replacingIDs() + "</section>\n"
        }
        body += "<section class=\"slide\"><h1>All-time leaderboard</h1>\n" + board(allTime) + "</section>\n"
        body += "<section class=\"slide\"><h1>This month (\(HTML.escape(monthName)))</h1>\n" + board(month) + "</section>\n"
        body += "</main>"
        return body
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String, _ with: String) -> String {
        hasPrefix(prefix) ? with + dropFirst(prefix.count) : self
    }

    fileprivate var trimmed: String {
        var text = Substring(self)
        while text.first == " " || text.first == ":" { text = text.dropFirst() }
        return String(text)
    }

    /// Several boards on one page: their ids (unique to the room page) become `data-part`s.
    fileprivate func replacingIDs() -> String {
        split(separator: " id=\"", omittingEmptySubsequences: false).joined(separator: " data-part=\"")
    }
}
