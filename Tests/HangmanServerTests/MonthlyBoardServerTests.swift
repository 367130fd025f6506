import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// Monthly boards as players meet them (issue 17 item 5): `top month`, `top YYYY-MM`, and the
/// end-of-game line saying where each player stands this month. Months are UTC.
@Suite(.ownThread) struct MonthlyBoardServerTests {
    /// 1 December 2023 00:00:00 UTC; a table's clock starts on 14 November 2023 (1_700_000_000).
    static let december: Int64 = 1_701_388_800

    /// `name` (already at the table) makes `room`, and wins a one-round game on "ab" with a word guess.
    static func win(_ table: TestTable, _ player: MemoryConnection, in room: String) {
        table.type("create \(room)", on: player)
        table.type("set rounds 1", on: player)
        table.type("start", on: player)
        table.type("guess ab", on: player)
    }

    /// The `leaderboard` event answering `line`.
    static func board(_ line: String, _ table: TestTable, _ player: MemoryConnection) -> [String: Any]? {
        table.type(line, on: player)
        return player.events().last { $0.type == "leaderboard" }
    }

    static func names(_ board: [String: Any]?) -> [String] {
        (board?["entries"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
    }

    @Test func aGameCountsInTheMonthItEndedIn() {
        let table = TestTable(words: ["ab"])
        table.advance(by: Double(Self.december - 1 - table.clock.wallSeconds))  // 23:59:59 on 30 November
        let ann = table.player("Ann")
        Self.win(table, ann, in: "home")
        let annStanding = ann.events().first { $0.type == "month_standing" }
        #expect(annStanding?["month"] as? String == "2023-11")
        #expect(annStanding?["rank"] as? Int == 1 && annStanding?["players"] as? Int == 1)

        table.advance(by: 1)  // 00:00:00 on 1 December
        let bob = table.player("Bob")
        Self.win(table, bob, in: "den")
        let bobStanding = bob.events().first { $0.type == "month_standing" }
        #expect(bobStanding?["month"] as? String == "2023-12")
        #expect(bobStanding?["rank"] as? Int == 1 && bobStanding?["players"] as? Int == 1)
        #expect(bobStanding?["games"] as? Int == 1 && bobStanding?["room"] as? String == "den")

        let november = Self.board("top 2023-11", table, bob)
        #expect(november?["month"] as? String == "2023-11")
        #expect(Self.names(november) == ["Ann"])
        #expect(Self.names(Self.board("top 2023-12", table, bob)) == ["Bob"])
        let current = Self.board("top month", table, ann)
        #expect(current?["month"] as? String == "2023-12", "the clock's month, UTC")
        #expect(Self.names(current) == ["Bob"])
        #expect(current?["you"] == nil, "Ann has no game this month, so no own row")
        let all = Self.board("top", table, bob)
        #expect(all?["month"] == nil)
        #expect(Self.names(all) == ["Ann", "Bob"])
        // Paging as on `top`: one row, and the asker's own row below it.
        let paged = Self.board("top 2023-11 1", table, ann)
        #expect(Self.names(paged) == ["Ann"])
    }

    @Test func everySeatedPlayerIsToldTheirOwnStandingAndSpectatorsNothing() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        let bob = table.player("Bob")
        let cy = table.player("Cy")
        table.seat(ann, bob, in: "home")
        table.type("watch home", on: cy)
        table.type("set rounds 1", on: ann)
        table.type("start", on: ann)
        table.type("guess ab", on: ann)
        let annStandings = ann.events().filter { $0.type == "month_standing" }
        let bobStandings = bob.events().filter { $0.type == "month_standing" }
        #expect(annStandings.count == 1 && annStandings.first?["rank"] as? Int == 1)
        #expect(bobStandings.count == 1 && bobStandings.first?["rank"] as? Int == 2)
        #expect(annStandings.first?["players"] as? Int == 2)
        #expect(!cy.events().contains { $0.type == "month_standing" })
    }

    @Test func theTextSummarySaysWhereYouStandThisMonth() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        Self.win(table, ann, in: "home")
        let screen = ann.takeText()
        let lines = screen.components(separatedBy: "\r\n")
        #expect(lines.contains("This month (2023-11): 1st of 1, 140 points in 1 game."), "\(screen)")
        let over = lines.firstIndex { $0.contains("Game over") } ?? Int.max
        let standing = lines.firstIndex { $0.hasPrefix("This month") } ?? -1
        #expect(over < standing, "after the game-over lines")
        table.type("top month", on: ann)
        let top = ann.takeText()
        #expect(top.hasPrefix("Leaderboard of 2023-11 (UTC)\r\n"), "\(top)")
        table.type("top 2023-10", on: ann)
        #expect(ann.takeText().hasPrefix("No ranked games ended in 2023-10 (UTC)."))
    }

    @Test func withoutTheStoreTheSummarySimplyLeavesItOut() {
        let store = PlainPasswordStore()
        store.queriesTimeOut.store(true, ordering: .relaxed)
        let table = TestTable(words: ["ab"], store: store)
        let ann = table.player("Ann")
        Self.win(table, ann, in: "home")
        let events = ann.events()
        #expect(events.contains { $0.type == "game_over" && $0["saved"] as? Bool == true })
        #expect(!events.contains { $0.type == "month_standing" })
        #expect(!events.contains { $0.type == "error" }, "leaving it out is not an error")
    }

    @Test(arguments: [
        ("top 2026-13", "there is no month 13 in 2026-13"),
        ("top 2026-00", "there is no month 00"),
        ("top 2026-5", "a month is written YYYY-MM"),
        ("top 26-05", "a month is written YYYY-MM"),
        ("top may", "usage: top [n], top month [n] or top YYYY-MM [n]"),
        ("top month 0", "n a whole number"),
        ("top 2026-05 x", "n a whole number"),
        ("top 1 2", "usage: top [n], top month [n] or top YYYY-MM [n]"),
    ])
    func badMonthsGetAClearError(line: String, message: String) {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type(line, on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "invalid_input")
        let text = error?["message"] as? String ?? ""
        #expect(text.contains(message), "\(text)")
    }

    /// `top 99` is a row count, as the wire contract has it, not a month.
    @Test func aLoneNumberIsStillARowCount() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        Self.win(table, ann, in: "home")
        _ = ann.events()
        let board = Self.board("top 99", table, ann)
        #expect(board?["month"] == nil)
        #expect(Self.names(board) == ["Ann"])
    }
}
