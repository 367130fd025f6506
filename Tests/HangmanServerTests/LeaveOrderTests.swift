import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// A player leaving a game under way: the room hears `left` (and who hosts now) first, then what
/// their leaving did to the game (the next setter, the turn), not the other way round.
@Suite(.ownThread) struct LeaveOrderTests {
    /// Ann, bob and cy at `home` in setter mode, the game started: round 1's setter is Ann (the
    /// first seat), bob the next.
    static func setterGameUnderWay() -> (TestTable, MemoryConnection, MemoryConnection) {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        let cy = table.player("cy")
        table.seat(ann, bob, cy, in: "home")
        table.type("set mode setter", on: ann)
        table.type("start", on: ann)
        return (table, ann, cy)
    }

    @Test func theSetterWhoLeavesIsGoneBeforeTheNextSetterIsNamed() {
        let (table, ann, cy) = Self.setterGameUnderWay()
        _ = cy.events()
        table.type("leave", on: ann)
        let seen = cy.events()
        let left = seen.firstIndex { $0.type == "left" }
        let named = seen.firstIndex { ($0["message"] as? String)?.contains("bob is choosing") == true }
        #expect(left != nil && named != nil)
        #expect((left ?? 0) < (named ?? 0), "\(seen.map { $0.type ?? "?" })")
        #expect(seen.firstIndex { $0.type == "host" }.map { $0 < (named ?? 0) } == true)
    }
}

extension LeaveOrderTests {
    @Test func theSetterWhoDropsIsReportedBeforeTheNextSetterIsNamed() {
        let (table, ann, cy) = Self.setterGameUnderWay()
        _ = cy.events()
        ann.hangUp()
        table.settle()
        let seen = cy.events()
        let lost = seen.firstIndex { ($0["message"] as? String)?.contains("Ann lost their connection") == true }
        let named = seen.firstIndex { ($0["message"] as? String)?.contains("bob is choosing") == true }
        #expect(lost != nil && named != nil)
        #expect((lost ?? 0) < (named ?? 0), "\(seen.map { ($0["message"] as? String) ?? $0.type ?? "?" })")
    }
}
