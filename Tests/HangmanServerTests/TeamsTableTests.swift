import HangmanCore
import HangmanNet
import HangmanTesting
import Testing

@testable import HangmanServer

/// Teams mode at a whole table in memory (TestTable, manual clock): four players on two teams
/// play a game of two rounds through, one of them dropping and coming back; two watch the text
/// board at 80×24 and at 40 columns.
@Suite(.ownThread) struct TeamsTableTests {
    static let misses = Array("zyxwvutsrq")

    @Test func fourPlayersOnTwoTeamsPlayAWholeGameWithADropAndAReturn() throws {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        var bob = table.player("bob")
        let cy = table.player("cy", json: false, terminal: TerminalTests.terminal(width: 80, height: 24))
        let dee = table.player("dee", json: false, terminal: TerminalTests.terminal(width: 40, height: 24))
        table.seat(ann, bob, cy, dee, in: "home")
        for line in ["set mode teams", "set rounds 2", "set misses 12", "set turn off"] { table.type(line, on: ann) }
        table.type("team 1", on: ann)
        table.type("team 2", on: bob)
        _ = ann.events()
        _ = cy.takeText()
        _ = dee.takeText()
        table.type("start", on: ann)
        let board = try #require(ann.events().last { $0.type == "state" })
        var teams: [String: Int] = [:]
        for player in board["players"] as? [[String: Any]] ?? [] {
            if let name = player["name"] as? String, let team = player["team"] as? Int { teams[name] = team }
        }
        #expect(teams["Ann"] == 1 && teams["bob"] == 2 && teams.count == 4)
        #expect([1, 2].map { team in teams.values.filter { $0 == team }.count } == [2, 2], "balanced: \(teams)")
        #expect((board["teams"] as? [[String: Any]])?.count == 2)
        let teammate = try #require(teams.first { $0.value == 2 && $0.key != "bob" }?.key)
        let connections = ["Ann": ann, "cy": cy, "dee": dee]
        func on(_ name: String) -> MemoryConnection { name == "bob" ? bob : connections[name] ?? ann }
        var annSeen: [[String: Any]] = []
        func turn() -> String? {
            let seen = ann.events()
            annSeen += seen
            return seen.last { $0.type == "state" }?["turn"] as? String ?? lastTurn
        }
        var lastTurn = board["turn"] as? String
        var turns: [String] = []
        var missed = Self.misses[...]
        // Four misses: the turn alternates between the teams, and in a team between its players.
        for _ in 0..<4 {
            let player = try #require(lastTurn)
            turns.append(player)
            table.type(String(missed.removeFirst()), on: on(player))
            lastTurn = turn()
        }
        #expect(turns.map { teams[$0] } == [1, 2, 1, 2], "\(turns)")
        #expect(turns[0] != turns[2] && turns[1] != turns[3], "within a team the players take turns: \(turns)")
        // bob drops: team 2's turns go to his teammate meanwhile.
        bob.hangUp()
        table.settle()
        var whileAway: [String] = []
        for _ in 0..<4 {
            let player = try #require(lastTurn)
            whileAway.append(player)
            table.type(String(missed.removeFirst()), on: on(player))
            lastTurn = turn()
        }
        #expect(!whileAway.contains("bob") && whileAway.filter { teams[$0] == 2 } == [teammate, teammate], "\(whileAway)")
        // bob comes back to his seat and his team.
        bob = table.connect()
        table.type("json", on: bob)
        table.type("name bob", on: bob)
        let back = bob.events()
        #expect(back.first { $0.type == "logged_in" }?["resumed"] as? Bool == true)
        let seen = back.last { $0.type == "state" }
        #expect(seen?.player("bob")?["team"] as? Int == 2 && seen?.player("bob")?["connected"] as? Bool == true)
        // Two rounds solved by whoever holds the turn; the game ends.
        annSeen = []
        for _ in 0..<2 {
            let player = try #require(lastTurn)
            table.type("solve ab", on: on(player))
            lastTurn = turn()
        }
        let over = annSeen
        let gameOver = try #require(over.first { $0.type == "game_over" })
        let scores = gameOver["scores"] as? [[String: Any]] ?? []
        let order = scores.compactMap { $0["team"] as? Int }
        #expect(order.count == 4 && order[0] == order[1] && order[2] == order[3] && order[0] != order[2], "\(scores)")
        let final = try #require(over.last { $0.type == "state" }?["teams"] as? [[String: Any]])
        #expect(final.map { $0["place"] as? Int } == [1, 2] && final.first?["team"] as? Int == order.first)
        // The text boards: every line of a teams board fits its window; the end names the team.
        for (viewer, columns) in [(cy, 80), (dee, 40)] {
            let lines = TerminalTests.screenLines(viewer.bytes)
            #expect(lines.allSatisfy { $0.count <= columns }, "\(lines.filter { $0.count > columns })")
            #expect(lines.contains { $0.hasPrefix("Team 1:") } && lines.contains { $0.hasPrefix("Team 2:") })
            #expect(lines.contains { $0.contains("Well played, team \(order[0])") })
        }
    }

    /// The text board of a teams round: a line a team, best first, with its score, place and
    /// players; the turn says whose team it is. At 80×24 the whole board fits the window.
    @Test func theTextBoardShowsTheTeamsAndFitsEightyByTwentyFour() {
        let players = [
            PlayerView(name: "Ann", score: 7, connected: true, team: 1),
            PlayerView(name: "bob", score: 9, connected: false, team: 2),
            PlayerView(name: "cy", score: 0, connected: true, team: 1),
            PlayerView(name: "dee", score: 5, connected: true, bot: true, team: 2),
        ]
        var snapshot = RoomSnapshot(
            room: "home", status: .playing, mode: "teams", difficulty: "custom", round: 1, rounds: 3, pattern: "_a_",
            misses: 2, maxMisses: 7, guessed: ["a", "e"], available: Array("bcdfghijklmnopqrstuvwxyz"), turn: "cy",
            turnSecondsLeft: 42, players: players, spectators: 2, host: "Ann", isPrivate: false)
        snapshot.teams = [TeamView(team: 2, score: 14, place: 1), TeamView(team: 1, score: 7, place: 2)]
        let lines = TextRenderer.lines(for: .state(snapshot), Paint(enabled: false), .standard)
        #expect(lines.contains("Team 2:  14 points, 1st - bob 9 (away), dee 5 (bot)"))
        #expect(lines.contains("Team 1:  7 points, 2nd - Ann 7, cy 0"))
        #expect(lines.contains { $0.contains("Turn:    cy (team 1) (42 s left)") })
        #expect(lines.contains("2 watching  Host: Ann"))
        #expect(lines.count < 24 && lines.allSatisfy { $0.count <= 80 }, "\(lines.joined(separator: "\n"))")
        let narrow = TextRenderer.lines(for: .state(snapshot), Paint(enabled: false), TextLayout(columns: 40, rows: 24))
            .flatMap { TextLayout(columns: 40, rows: 24).wrap($0) }
        // At 40 columns the gallows stands above the board: a teams board is the classic one with a
        // line a team (and its wrap) for the players' line.
        var classic = snapshot
        classic.teams = nil
        let narrowClassic = TextRenderer.lines(for: .state(classic), Paint(enabled: false), TextLayout(columns: 40, rows: 24))
            .flatMap { TextLayout(columns: 40, rows: 24).wrap($0) }
        #expect(narrow.allSatisfy { $0.count <= 40 }, "\(narrow.joined(separator: "\n"))")
        #expect(narrow.count <= narrowClassic.count + 2, "\(narrow.joined(separator: "\n"))")
    }
}

/// A private room's own words in teams mode: each round draws one of them, as in classic mode.
@Suite(.ownThread) struct TeamsOwnWordsTests {
    /// Fails before `ModeFlow.drawsListWords`: only classic and race were asked, so a teams game of
    /// 3 rounds started on 2 words of its own and showed one twice.
    @Test(arguments: [("classic", true), ("race", true), ("teams", true), ("evil", false), ("setter", false)])
    func tooFewOwnWordsForTheRoundsAreRefused(mode: String, refused: Bool) {
        let (table, ann, _) = RoomWordsTests.den()
        table.type("words add cat dog", on: ann)
        for line in ["set mode \(mode)", "set rounds 3", "set length any"] { table.type(line, on: ann) }
        _ = ann.events()
        table.type("start", on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect((error?["code"] as? String == "out_of_range") == refused, "\(String(describing: error))")
        if refused {
            #expect(
                error?["message"] as? String
                    == "den has 2 words of its own for 3 rounds (one would come twice); add words or set rounds 2")
        }
    }
}
