import HangmanNet
import HangmanTesting
import Testing

@testable import HangmanServer

/// A full table (8 seats, the default) at a bare 80×24 terminal must see its whole end of game: from
/// "=== Game over" through the ranking, the high scores (all 10 rows), the celebrations and the
/// monthly line to the prompt. Before, 8 players who all made the high scores got 34 lines and the
/// game over and the top of the ranking scrolled off.
@Suite(.ownThread) struct EndOfGameFitTests {
    /// Sixteen characters: the longest name allowed, the widest line.
    static let names = (1...8).map { "Player_number_0\($0)" }

    /// Plays one game of one round of "abcdefghij" in `room` with `players` (text clients), the host
    /// first: whoever has the turn types the next letter of a hit then a miss (a hit keeps the turn),
    /// so each of up to 8 players scores. Returns everything each player was sent.
    static func playGame(_ table: TestTable, _ players: [MemoryConnection], in room: String) -> [String] {
        guard let host = players.first else { return [] }
        table.type("create \(room)", on: host)
        for player in players.dropFirst() { table.type("join \(room)", on: player) }
        table.type("set rounds 1", on: host)
        table.type("set misses 26", on: host)
        table.type("start", on: host)
        var seen = players.map { $0.takeText() }
        for letter in "azbycxdwevfugthsij" {
            guard let index = seen.indices.first(where: { seen[$0].hasSuffix("your turn> ") }) else { break }
            table.type(String(letter), on: players[index])
            for (i, player) in players.enumerated() { seen[i] += player.takeText() }
        }
        return seen
    }

    /// The high scores hold two players of an earlier game, then 8 players finish a game in which
    /// everyone scores: 10 rows, 8 of them celebrated. Returns what the first of the 8 saw from the
    /// game over on, as screen lines (the prompt last).
    static func fullTableEnd(terminal: TerminalInfo? = nil) -> [String] {
        let table = TestTable(words: ["abcdefghij"])
        let earlier = ["Early_bird_one", "Early_bird_two"].map { table.player($0, json: false) }
        _ = playGame(table, earlier, in: "warmup")
        for player in earlier { table.type("leave", on: player) }
        let players = names.map { table.player($0, json: false, terminal: terminal) }
        let seen = playGame(table, players, in: "fulltable")
        guard let mine = seen.first, let over = mine.range(of: "=== Game over", options: .backwards) else { return [] }
        let block = mine[over.lowerBound...]
        return block.components(separatedBy: "\r\n").map { String($0.filter { $0 != "\u{FF}" }) }
    }

    @Test func theEndOfAFullTableFitsEightyByTwentyFour() {
        let lines = Self.fullTableEnd()
        let screen = lines.joined(separator: "\n")
        #expect(lines.last == "> ", "the prompt ends the block:\n\(screen)")
        #expect(lines.count <= 24, "\(lines.count) rows from the game over to the prompt:\n\(screen)")
        let wide = lines.filter { TextLayout.visibleWidth($0) > 80 }
        #expect(wide.isEmpty, "lines over 80 columns: \(wide)")
        // Nothing was dropped to make it fit: the ranking, all 10 high scores, the monthly line.
        for name in Self.names { #expect(screen.contains(name), "\(name) missing:\n\(screen)") }
        let marked = lines.filter { $0.hasSuffix(" *") }.count
        #expect(marked == 8, "the 8 rows of this game are marked:\n\(screen)")
        #expect(screen.contains("Early_bird_one") && screen.contains("Early_bird_two"), "10 rows:\n\(screen)")
        #expect(screen.contains("made the high scores"), "\(screen)")
        #expect(screen.contains("This month ("), "\(screen)")
        #expect(screen.contains("Your rating went from 0.0 to "), "the rating change (issue 32):\n\(screen)")
    }

    /// 40 columns (a phone): the rating change takes its short form, one row within 40 columns. (Eight
    /// players' end at 40×24 is already over 24 rows without it: the high scores keep their fewest.)
    @Test func theEndOfAFullTableAtFortyColumnsHasAOneRowRatingLine() {
        let lines = Self.fullTableEnd(terminal: TerminalTests.terminal(width: 40, height: 24))
        let screen = lines.joined(separator: "\n")
        #expect(lines.last == "> ", "the prompt ends the block:\n\(screen)")
        #expect(lines.allSatisfy { TextLayout.visibleWidth($0) <= 40 }, "\(screen)")
        #expect(screen.contains("This month ("), "\(screen)")
        #expect(lines.contains { $0.hasPrefix("Rating 0.0 to ") && $0.hasSuffix(", 1/5 games") }, "\(screen)")
    }

    /// Two players at 40×24: their whole end, the rating line in its short form, fits the screen.
    @Test func aTwoPlayerEndFitsFortyByTwentyFour() {
        let table = TestTable(words: ["abcdefghij"])
        let players = ["Player_number_01", "Player_number_02"].map {
            table.player($0, json: false, terminal: TerminalTests.terminal(width: 40, height: 24))
        }
        let seen = Self.playGame(table, players, in: "pair")
        let mine = seen.first ?? ""
        let over = mine.range(of: "=== Game over", options: .backwards)
        let lines = over.map { mine[$0.lowerBound...].components(separatedBy: "\r\n") } ?? []
        let screen = lines.joined(separator: "\n")
        #expect(lines.last == "> " && lines.count <= 24, "\(lines.count) rows:\n\(screen)")
        #expect(lines.allSatisfy { TextLayout.visibleWidth($0) <= 40 }, "\(screen)")
        #expect(lines.contains { $0.hasPrefix("Rating 0.0 to ") }, "\(screen)")
    }

    @Test func aTallWindowKeepsTheRoomyLayout() {
        let lines = Self.fullTableEnd(terminal: TerminalTests.terminal(width: 80, height: 50))
        let screen = lines.joined(separator: "\n")
        #expect(lines.count <= 50, "\(screen)")
        // One celebration line per player, and the ranking in one column, when there is room.
        #expect(lines.filter { $0.contains("made the high scores") }.count == 8, "\(screen)")
        #expect(lines.filter { $0.contains(" points") && $0.hasPrefix("  ") && $0.contains(". ") }.count >= 8, "\(screen)")
    }

    /// A window shorter than 24 rows: the high scores keep this game's rows (and the top ones that
    /// fit); the game over and the prompt still share the screen.
    @Test func aShortWindowKeepsThisGamesRows() {
        let lines = Self.fullTableEnd(terminal: TerminalTests.terminal(width: 80, height: 20))
        let screen = lines.joined(separator: "\n")
        #expect(lines.count <= 20, "\(lines.count) rows:\n\(screen)")
        #expect(lines.filter { $0.hasSuffix(" *") }.count == 8, "\(screen)")
        #expect(screen.contains("This month ("), "\(screen)")
    }

    /// The shortest window the server formats for (8 rows) cannot hold it all: the high scores keep
    /// their fewest rows, this game's.
    @Test func theShortestWindowKeepsTheFewestHighScoreRows() {
        let lines = Self.fullTableEnd(terminal: TerminalTests.terminal(width: 80, height: TextLayout.rowRange.lowerBound))
        let screen = lines.joined(separator: "\n")
        let rows = lines.filter { $0.hasSuffix("abcdefghij") || $0.hasSuffix("abcdefghij *") }
        #expect(rows.count == TextRenderer.minimumEndOfGameHighScoreRows, "\(screen)")
        #expect(rows.allSatisfy { $0.hasSuffix(" *") }, "\(screen)")
    }

    /// 60 columns: the ranking's two columns leave out the word "points" to fit.
    @Test func aNarrowWindowStillGetsTwoColumns() {
        let lines = Self.fullTableEnd(terminal: TerminalTests.terminal(width: 60, height: 24))
        let screen = lines.joined(separator: "\n")
        #expect(lines.count <= 24, "\(lines.count) rows:\n\(screen)")
        #expect(lines.allSatisfy { TextLayout.visibleWidth($0) <= 60 }, "\(screen)")
        #expect(lines.contains { $0.contains("1. Player_number_01") && $0.contains("5. Player_number_05") }, "\(screen)")
    }

    @Test func oneCelebrationLineNamesWhoFitsThenCounts() {
        let p = Paint(enabled: false)
        let short = ["Ann", "Bob", "Cy"].enumerated().map { (player: $1, rank: $0 + 1, score: 10) }
        #expect(
            TextRenderer.celebrationLine(short, p, columns: 80, tableSize: 4)
                == "  \\o/  *** Ann, Bob and Cy made the high scores (marked *)! ***  \\o/")
        let long = Self.names.enumerated().map { (player: $1, rank: $0 + 1, score: 10) }
        #expect(
            TextRenderer.celebrationLine(long, p, columns: 80, tableSize: 8)
                == "  \\o/  *** All 8 players made the high scores (marked *)! ***  \\o/")
        let some = TextRenderer.celebrationLine(long, p, columns: 80, tableSize: 9)
        #expect(some == "  \\o/  *** Player_number_01 and 7 more made the high scores (marked *)! ***  \\o/")
        let one = TextRenderer.celebrationLine([(player: "Player_number_01", rank: 10, score: 12_345)], p, columns: 80)
        #expect(TextLayout.visibleWidth(one) <= 80 && one.contains("Player_number_01 made the high scores"), "\(one)")
    }

    /// Race mode: 8 racers type every letter of the word at once (the first player's last letter
    /// last, so they solve it); everyone scores and makes the high scores.
    @Test func theEndOfAFullRaceFitsEightyByTwentyFour() {
        let table = TestTable(words: ["abcdefghij"])
        let players = Self.names.map { table.player($0, json: false) }
        table.type("create race", on: players[0])
        for player in players.dropFirst() { table.type("join race", on: player) }
        table.type("set rounds 1", on: players[0])
        table.type("set mode race", on: players[0])
        table.type("start", on: players[0])
        for letter in "abcdefghi" {
            for player in players { table.type(String(letter), on: player) }
        }
        _ = players.dropFirst().map { $0.takeText() }
        table.type("j", on: players[0])
        let text = players[0].text
        guard let over = text.range(of: "=== Game over", options: .backwards) else {
            Issue.record("no game over:\n\(text.suffix(2000))")
            return
        }
        let lines = text[over.lowerBound...].components(separatedBy: "\r\n")
        let screen = lines.joined(separator: "\n")
        #expect(lines.count <= 24, "\(lines.count) rows:\n\(screen)")
        #expect(lines.filter { $0.hasSuffix(" *") }.count == 8, "\(screen)")
        #expect(lines.allSatisfy { TextLayout.visibleWidth($0) <= 80 }, "\(screen)")
    }
}
