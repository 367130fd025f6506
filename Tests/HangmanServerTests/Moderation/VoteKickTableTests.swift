import Foundation
import HangmanNet
import HangmanServer
import HangmanTesting
import Testing

/// `votekick` on a whole table (issue 33): a majority of the other seated people within the window,
/// no vote for spectators and bots, one vote started a minute, and no seat for the ban minutes.
@Suite(.ownThread) struct VoteKickTableTests {
    let table = TestTable(words: ["ab"])

    func code(_ connection: MemoryConnection) -> String? {
        connection.events().last { $0.type == "error" }?["code"] as? String
    }

    func votes(_ connection: MemoryConnection) -> [[String: Any]] { connection.events().filter { $0.type == "votekick" } }

    @Test func aVoteNeedsAMajorityOfTheOthers() {
        let (ann, bob, cy, mal) = (table.player("ann"), table.player("bob"), table.player("cy"), table.player("mal"))
        table.seat(ann, bob, cy, mal, in: "home")
        table.type("bot add", on: ann)
        let bot = ann.events().last { $0.type == "joined" }?["player"] as? String ?? "?"
        let watcher = table.player("wat")
        table.type("watch home", on: watcher)
        _ = [ann, bob, cy, mal, watcher].map { $0.events() }

        table.type("votekick mal", on: ann)
        let started = votes(bob).first
        #expect(started?["yes"] as? Int == 1 && started?["needed"] as? Int == 2 && started?["by"] as? String == "ann")
        table.type("votekick mal", on: ann)
        #expect(code(ann) == "invalid_input", "one vote each")
        table.type("votekick mal", on: watcher)
        #expect(code(watcher) == "invalid_input", "spectators have no vote")
        table.type("votekick \(bot)", on: bob)
        #expect(code(bob) == "invalid_input", "bots are not voted out")
        #expect(!mal.isClosed && votes(mal).allSatisfy { $0["passed"] as? Bool == false }, "one of three is no majority")

        table.type("votekick mal", on: cy)
        #expect(votes(ann).last?["passed"] as? Bool == true)
        table.type("who", on: ann)
        let seated = (ann.events().last { $0.type == "who" }?["players"] as? [[String: Any]])?.compactMap {
            $0["name"] as? String
        }
        #expect(seated?.contains("mal") == false, "\(String(describing: seated))")

        table.type("join home", on: mal)
        #expect(code(mal) == "not_allowed", "no seat for the ban minutes")
        table.advance(by: 599)
        table.type("join home", on: mal)
        #expect(code(mal) == "not_allowed")
        table.advance(by: 1)
        table.type("join home", on: mal)
        #expect(mal.events().contains { $0.type == "joined" }, "back after ten minutes")
    }

    @Test func aVoteLapsesAndOneStartsAMinute() {
        let (ann, bob, cy) = (table.player("ann"), table.player("bob"), table.player("cy"))
        table.seat(ann, bob, cy, in: "home")
        table.type("votekick cy", on: ann)
        table.advance(by: 30)
        table.type("votekick bob", on: ann)
        #expect(code(ann) == "rate_limited", "one vote started a minute")
        table.advance(by: 30)
        table.type("votekick cy", on: bob)
        let last = votes(cy).last
        #expect(last?["passed"] as? Bool == false, "the first vote lapsed: this one starts anew")
        #expect(last?["yes"] as? Int == 1)
    }
}
