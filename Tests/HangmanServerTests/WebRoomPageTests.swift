import HangmanCore
import HangmanWeb
import Testing

@testable import HangmanServer

/// What a room page shows beyond the board (issue 31): the guesses and chat lines the room kept,
/// escaped, newest first; in a teams game each team's score and members and whose team is up.
@Suite struct WebRoomPageTests {
    static let hostile = WebHTMLTests.hostile

    /// Failed before: the page's log started empty whatever the room had seen.
    @Test func theRoomPageShowsWhatTheRoomKeptNewestFirstAndEscaped() {
        let history: [Outbound] = [
            .guess(room: "den", player: "ann", letter: "a", word: nil, hit: true, count: 2, points: 2, board: nil),
            .chat(room: "den", from: "bob", text: Self.hostile),
            .guess(room: "den", player: "bob", letter: nil, word: "zebra", hit: false, count: 0, points: 0, board: nil),
        ]
        let html = WebHTML.room(WebHTMLTests.snapshot, history: history)
        let lines = ["bob tried zebra: miss", "bob: " + HTML.escape(Self.hostile), "ann guessed a: hit \u{00d7}2"]
        let items = lines.map { "<li>\($0)</li>" }
        #expect(html.contains("<ol id=\"log\" class=\"log\">" + items.joined() + "</ol>"))
        #expect(!html.contains(Self.hostile))
        // Only what the log shows is kept, in a ring of `room-history-lines`.
        var kept = RoomHistory(capacity: 2)
        kept.record(history + [.turn(room: "den", player: "ann", seconds: nil)])
        #expect(kept.events(room: "den").compactMap(WebHTML.logLine) == ["bob: " + Self.hostile, "bob tried zebra: miss"])
        var none = RoomHistory(capacity: 0)
        none.record(history)
        #expect(none.events(room: "den").isEmpty)
    }

    /// Failed before: a teams game's page showed players only.
    @Test func aTeamsGameShowsEachTeamAndWhoseTeamIsUp() {
        var room = WebHTMLTests.snapshot
        room.mode = "teams"
        room.players = [
            PlayerView(name: "ann", score: 30, connected: true, team: 1),
            PlayerView(name: "bob", score: 4, connected: true, team: 2),
            PlayerView(name: Self.hostile, score: 5, connected: true, team: 2),
        ]
        room.turn = "bob"
        room.teams = [TeamView(team: 1, score: 30, place: 1), TeamView(team: 2, score: 9, place: 2)]
        let html = WebHTML.room(room)
        #expect(html.contains("<tr><td>Team 1</td><td>30</td><td>\(WebHTML.playerLink("ann"))</td></tr>"))
        #expect(
            html.contains(
                "<tr class=\"up\"><td>Team 2 (up)</td><td>9</td><td>\(WebHTML.playerLink("bob")), "
                    + "\(WebHTML.playerLink(Self.hostile))</td></tr>"))
        #expect(html.contains("<p id=\"team-up\">Team 2 is up</p>"))
        #expect(!html.contains(Self.hostile))
        #expect(!WebHTML.room(WebHTMLTests.snapshot).contains("Team "))
    }
}
