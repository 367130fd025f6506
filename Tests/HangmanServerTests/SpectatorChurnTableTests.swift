import Foundation
import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// Spectator churn through whole sessions in memory (issue 36, item 1): what a seated text player
/// sees while others toggle `watch`/`leave`, and the per-connection `watch` limit at its edge.
@Suite(.ownThread) struct SpectatorChurnTableTests {
    @Test func fiftyTogglesGiveATextMemberOneLineASecond() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("ann", json: false)
        table.type("create arena", on: ann)
        _ = ann.takeText()
        // 10 connections, 5 toggles each (the `watch-burst`): 50 toggles at once.
        let crowd = (0..<10).map { table.player("w\($0)") }
        for _ in 0..<5 {
            for watcher in crowd {
                table.type("watch arena", on: watcher)
                table.type("leave", on: watcher)
            }
        }
        // Before: a "* w0 is watching arena", a board and a "* w0 left arena" each toggle.
        let during = ann.takeText()
        #expect(during.isEmpty, "\(during.prefix(300))")
        table.advance(by: 1)
        let notice = ann.takeText().split(separator: "\n").map { String($0) }.filter { !$0.hasPrefix(">") && !$0.isEmpty }
        #expect(
            notice.count == 1 && notice.first?.contains("50 people started watching arena, 50 stopped (0 watching)") == true,
            "\(notice)")
        table.advance(by: 5)
        #expect(ann.takeText().isEmpty)
    }

    @Test func watchPastTheBurstIsRateLimitedUntilATokenComesBack() {
        let table = TestTable(words: ["ab"]) {
            $0.watchPerMinute = 20
            $0.watchBurst = 3
        }
        let ann = table.player("ann")
        table.type("create arena", on: ann)
        let dee = table.player("dee")
        for _ in 0..<3 {
            table.type("watch arena", on: dee)
            table.type("leave", on: dee)
        }
        _ = dee.events()
        table.type("watch arena", on: dee)
        let refused = dee.events()
        #expect(refused.contains { $0.type == "error" && $0["code"] as? String == "rate_limited" })
        #expect(!refused.contains { $0.type == "joined" })
        table.advance(by: 3.1)  // 60 s / 20: one watch again
        table.type("watch arena", on: dee)
        #expect(dee.events().contains { $0.type == "joined" && $0["spectator"] as? Bool == true })
    }
}
