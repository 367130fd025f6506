import HangmanCore
import HangmanStore
import HangmanWeb
import Testing

@testable import HangmanServer

/// The pages as values (issue 31): what players typed is escaped, links are encoded, the board is
/// the players' board, nothing comes from elsewhere, and page plus script stay under 60 KB.
@Suite struct WebHTMLTests {
    static let hostile = "<script>x</script>"
    static let snapshot = RoomSnapshot(
        room: "den", status: .playing, mode: "classic", difficulty: "easy", round: 2, rounds: 3, pattern: "_a__a", misses: 2,
        maxMisses: 6, guessed: ["a", "x", "q"], available: ["b"], turn: "ann", turnSecondsLeft: 30,
        players: [PlayerView(name: "ann", score: 30, connected: true), PlayerView(name: hostile, score: 5, connected: true)],
        spectators: 4, host: "ann", isPrivate: false)

    @Test func theRoomPageIsThePlayersBoard() {
        let html = WebHTML.room(Self.snapshot)
        for part in ["_ a _ _ a", "misses 2 of 6", "a x q", "Turn: ann", "round <span id=\"round\">2 of 3</span>", "4 watching"] {
            #expect(html.contains(part), "\(part)")
        }
        #expect(html.contains(HTML.escape(Self.hostile)))
        #expect(!html.contains(Self.hostile))
        #expect(html.contains("data-stream=\"/events/rooms/den\""))
        // The gallows so far: 2 misses of 6 drawn on the page, and a frame for each miss count for the script.
        #expect(html.contains(HTML.escape(Gallows.lines(misses: 2, maxMisses: 6).joined(separator: "\n"))))
        #expect(html.components(separatedBy: "<pre>").count - 1 == 7)
    }

    @Test func namesAndRoomsAreEscapedEverywhere() {
        var room = Self.snapshot
        room.room = "a\"b<"
        let entries = [LeaderboardEntry(rank: 1, name: Self.hostile, score: 9, games: 1, wins: 1)]
        let pages = [
            WebHTML.front(rooms: [room], allTime: entries, month: entries, monthName: "2026-11"),
            WebHTML.big(rooms: [room], allTime: entries, month: [], monthName: "2026-11"),
            WebHTML.player(
                PlayerStats(name: Self.hostile, games: 1, wins: 1, score: 9, best: 9, solved: 1, failed: 0, rank: 1),
                recent: [], provisionalGames: 5),
        ]
        for html in pages {
            #expect(!html.contains(Self.hostile))
            #expect(!html.contains("a\"b<"))
        }
        #expect(pages[0].contains("href=\"/players/%3Cscript%3Ex%3C%2Fscript%3E\""))
        #expect(pages[0].contains("href=\"/rooms/a%22b%3C\""))
    }

    @Test func theBoardsSayWhenTheStoreIsDownOrEmpty() {
        let html = WebHTML.front(rooms: [], allTime: nil, month: [], monthName: "2026-11")
        #expect(html.contains("not answering"))
        #expect(html.contains("No games yet"))
        #expect(html.contains("No public room is open"))
    }

    @Test func nothingComesFromElsewhereAndItAllWeighsUnder60KB() {
        let page = WebHTML.room(Self.snapshot)
        let total = page.utf8.count + WebAssets.script.count + WebAssets.style.count
        #expect(total < 60 * 1024, "\(total) bytes")
        for text in [page, String(decoding: WebAssets.script, as: UTF8.self), String(decoding: WebAssets.style, as: UTF8.self)] {
            #expect(!text.contains("http://") && !text.contains("https://") && !text.contains("//cdn"))
            #expect(!text.contains("@import") && !text.contains("url("))
        }
        // No inline script or style for the CSP to forbid: the only script is /app.js.
        #expect(page.components(separatedBy: "<script").count == 2)
        #expect(page.contains("<script src=\"/app.js\" defer></script>"))
        #expect(!page.contains("style=") && !page.contains("onclick"))
    }

    @Test func datesAreUTCDays() {
        #expect(WebHTML.date(0) == "1970-01-01")
        #expect(WebHTML.date(1_795_000_000) == "2026-11-18")
        #expect(WebHTML.date(951_782_400) == "2000-02-29")
    }
}
