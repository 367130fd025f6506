import HangmanStore

/// How much the text of a game's end is squeezed to fit the window's rows, least first. Each step
/// keeps the ones before it.
enum EndOfGameSqueeze: Int, CaseIterable, Comparable {
    /// One line per player who made the high scores, the ranking in one column.
    case roomy
    /// One celebration line naming everyone who made the high scores (their rows are marked `*`).
    case oneCelebrationLine
    /// The ranking in two columns, when the window is wide enough for them.
    case twoColumnRanking
    /// "Well played" and "Saved" on one line; the high scores' title in their header.
    case joinedLines
    /// Without the blank line above "=== Game over".
    case noBlankLine

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The end of a saved game arrives as one batch (`RoomState.showEndOfGame`: game over, the high
/// scores, a celebration per player who made them, the player's monthly line and rating change) and is laid out as one
/// block that fits the window's rows with the prompt under it (80 × 24 without NAWS): the roomy
/// layout when it fits, else squeezed step by step (`EndOfGameSqueeze`); only when the last step is
/// not enough (a window under 24 rows) are the high scores cut to this game's rows and the top ones
/// (the `highscores` command shows all 10). JSON is not touched: its events stay as they are.
extension TextRenderer {
    /// The fewest high-score rows a game's end shows, however short the window.
    static let minimumEndOfGameHighScoreRows = 3

    /// The text of a batch: a game's end (a `game_over` and what follows it) as one block, every other
    /// event as itself. Spoken, each event is said as itself (no table to fit: a line an entry).
    static func render(_ events: [Outbound], color: Bool, layout: TextLayout) -> [UInt8] {
        let p = Paint(enabled: color && !layout.spoken)
        var lines: [String] = []
        var index = events.startIndex
        while index < events.endIndex {
            var end = index + 1
            if case .gameOver = events[index], !layout.spoken {
                while end < events.endIndex, isEndOfGamePart(events[end]) { end += 1 }
                lines += endOfGame(Array(events[index..<end]), p, layout)
            } else {
                lines += self.lines(for: events[index], p, layout).flatMap { layout.wrap($0) }
            }
            index = end
        }
        return bytes(of: lines)
    }

    /// What may follow `game_over` in its batch and belongs to the same block.
    static func isEndOfGamePart(_ event: Outbound) -> Bool {
        switch event {
        case .highscores, .celebration, .monthStanding, .ratingChange: true
        case .state(let snapshot): snapshot.isUpdate  // the closing state, which text does not draw again
        default: false
        }
    }

    /// A game's end (`events` starts with its `game_over`) in at most `layout.rows - 1` lines when it
    /// can be, already wrapped to the window's width.
    static func endOfGame(_ events: [Outbound], _ p: Paint, _ layout: TextLayout) -> [String] {
        let budget = layout.rows - 1  // the prompt's row
        var lines: [String] = []
        for squeeze in EndOfGameSqueeze.allCases {
            lines = endOfGame(events, p, layout, squeeze)
            if lines.count <= budget { return lines }
        }
        let shown = events.reduce(0) { count, event in
            if case .highscores(let entries, _) = event { return count + entries.count }
            return count
        }
        let rows = max(shown - (lines.count - budget), min(shown, minimumEndOfGameHighScoreRows))
        return endOfGame(events, p, layout, .noBlankLine, highScoreRows: rows)
    }

    /// A game's end laid out at `squeeze`, wrapped; `highScoreRows`: at most that many rows of high scores.
    static func endOfGame(
        _ events: [Outbound], _ p: Paint, _ layout: TextLayout, _ squeeze: EndOfGameSqueeze, highScoreRows: Int? = nil
    ) -> [String] {
        let celebrated: [(player: String, rank: Int, score: Int)] = events.compactMap {
            if case .celebration(let player, let rank, let score) = $0 { return (player, rank, score) }
            return nil
        }
        let tableSize = events.reduce(0) { count, event in
            if case .gameOver(_, let ranking, _, _, _, _) = event { return count + ranking.count }
            return count
        }
        var out: [String] = []
        var celebrationShown = false
        for event in events {
            switch event {
            case .gameOver(let room, let ranking, let gameID, let sync, let note, let ranked):
                out += gameOverLines(
                    room: room, ranking: ranking, saved: sync == .saved ? gameID : nil, note: note, ranked: ranked, p,
                    squeeze: squeeze, columns: layout.columns)
            case .highscores(let entries, let highlight):
                let kept = highScoreRows.map { keptHighScores(entries, highlight: highlight, count: $0) } ?? entries
                out += highScoreLines(kept, highlight: highlight, p, titleInHeader: squeeze >= .joinedLines)
            case .celebration where squeeze >= .oneCelebrationLine:
                if !celebrationShown {
                    out.append(celebrationLine(celebrated, p, columns: layout.columns, tableSize: tableSize))
                }
                celebrationShown = true
            default:
                out += lines(for: event, p, layout)
            }
        }
        if squeeze >= .noBlankLine, out.first == "" { out.removeFirst() }
        return out.flatMap { layout.wrap($0) }
    }

    /// `game_over` in text: the ranking (in two columns when squeezed and wide enough), the winner,
    /// where the game was saved (`saved`: its id), a note, what to type next.
    static func gameOverLines(
        room: String, ranking: [PlayerView], saved: Int64?, note: String?, ranked: Bool, _ p: Paint,
        squeeze: EndOfGameSqueeze = .roomy, columns: Int = TextLayout.standard.columns
    ) -> [String] {
        var out = ["", p.bold("=== Game over in \(room) ===")]
        let gap = "   "
        var rows = rankingRows(ranking, unit: " points")
        var width = rows.map(\.count).max() ?? 0
        if squeeze >= .twoColumnRanking, 2 * width + gap.count > columns {
            // Narrower: the numbers alone (the header says they are points).
            rows = rankingRows(ranking, unit: "")
            width = rows.map(\.count).max() ?? 0
        }
        if squeeze >= .twoColumnRanking, rows.count > 1, 2 * width + gap.count <= columns {
            // Read down the left column, then the right one.
            let half = (rows.count + 1) / 2
            for index in 0..<half {
                let right = index + half < rows.count ? gap + rows[index + half] : ""
                out.append(right.isEmpty ? rows[index] : pad(rows[index], width) + right)
            }
        } else {
            out += rankingRows(ranking, unit: " points")
        }
        var closing: [String] = []
        if let winner = ranking.first, winner.score > 0 {
            // A teams game is won by a team: its members (ranked first) are named together.
            let winners = winner.team.map { team in
                "team \(team) (" + ranking.filter { $0.team == team }.map(\.name).joined(separator: ", ") + ")"
            }
            closing.append(p.green("Well played, \(winners ?? winner.name)!"))
        }
        if let saved {
            closing.append(
                ranked
                    ? "Saved to the leaderboard as game \(saved)."
                    : "Saved as game \(saved), in history only: words set by players stay off the leaderboard.")
        }
        if squeeze >= .joinedLines, !closing.isEmpty { closing = [closing.joined(separator: " ")] }
        out += closing
        if let note { out.append(p.yellow(note)) }
        // Said to everyone: only the host may start, and a player told "Type start" got `not_host`.
        out.append("The host types start for a new game; top: the leaderboard, leave: the lobby.")
        return out
    }

    /// `  1. Ann                120 points`, a line a player.
    static func rankingRows(_ ranking: [PlayerView], unit: String) -> [String] {
        ranking.enumerated().map { index, player in
            format2(index + 1, 3) + ". " + pad(player.name, 16) + " " + format2(player.score, 6) + unit
                + (player.team.map { "  team \($0)" } ?? "")
        }
    }

    /// The high-score table; `highlight`: the game whose rows are marked. `titleInHeader`: "High
    /// scores" stands in the header's Player column instead of a line of its own.
    static func highScoreLines(_ entries: [HighScore], highlight: Int64?, _ p: Paint, titleInHeader: Bool = false) -> [String] {
        guard !entries.isEmpty else { return ["No high scores yet."] }
        var out =
            titleInHeader
            ? [p.bold("Rank  High scores       Score  Mistakes  Words")]
            : [p.bold("High scores"), p.bold("Rank  Player            Score  Mistakes  Words")]
        for entry in entries {
            let words = entry.failed ? "FAILED (\(entry.words.joined(separator: " ")))" : entry.words.joined(separator: " ")
            var row =
                format2(entry.rank, 4) + "  " + pad(entry.name, 16) + " " + format2(entry.score, 6) + "  "
                + format2(entry.mistakes, 8) + "  " + clip(words, 36)
            if entry.gameID == highlight { row = p.yellow(row + " *") }
            out.append(row)
        }
        return out
    }

    /// At most `count` of `entries`, in their order: the rows of the game `highlight` first, then the
    /// top ones.
    static func keptHighScores(_ entries: [HighScore], highlight: Int64?, count: Int) -> [HighScore] {
        guard count < entries.count else { return entries }
        let mine = entries.indices.filter { entries[$0].gameID == highlight }
        let others = entries.indices.filter { entries[$0].gameID != highlight }
        let kept = Set(mine.prefix(count) + others.prefix(max(0, count - mine.count)))
        return entries.indices.filter { kept.contains($0) }.map { entries[$0] }
    }

    /// One line for everyone who made the high scores in this game: with the place and points when
    /// it is one player and that fits, else their names (as many as fit, then "and 3 more").
    /// `tableSize`: the players of the game; when every one of them made it and their names do not
    /// fit, the line says so.
    static func celebrationLine(
        _ celebrated: [(player: String, rank: Int, score: Int)], _ p: Paint, columns: Int, tableSize: Int = 0
    ) -> String {
        let cheer = { (text: String) in "  \\o/  *** \(text) ***  \\o/" }
        var forms: [String] = []
        if celebrated.count == 1, let one = celebrated.first {
            forms.append(cheer("\(one.player) made the high scores at #\(one.rank) with \(one.score) points!"))
        }
        let names = celebrated.map(\.player)
        let marked = names.count > 1 ? " (marked *)!" : "!"
        if let last = names.last {
            let all = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " and " : "") + last
            forms.append(cheer("\(all) made the high scores" + marked))
        }
        if names.count > 1, names.count == tableSize {
            forms.append(cheer("All \(tableSize) players made the high scores" + marked))
        }
        for shown in stride(from: names.count - 1, through: 1, by: -1) {
            let some = names.prefix(shown).joined(separator: ", ") + " and \(names.count - shown) more"
            forms.append(cheer("\(some) made the high scores" + marked))
        }
        let fitting = forms.first { TextLayout.visibleWidth($0) <= columns } ?? forms.last ?? ""
        return p.yellow(fitting)
    }

    /// Lines as CRLF-ended bytes.
    static func bytes(of lines: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 2 })
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(13)
            bytes.append(10)
        }
        return bytes
    }
}
