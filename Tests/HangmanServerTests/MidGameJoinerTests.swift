import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// Issue 34 item 7 at a table: cy sits down in round 2 of 2, so cy's history lists round 2's word
/// only, while Ann's lists both (the room records cy's first round with the result).
@Suite(.ownThread) struct MidGameJoinerTests {
    @Test func aJoinersHistoryHasOnlyTheRoundsTheyPlayed() throws {
        let table = TestTable(words: ["ab", "ba"])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        table.type("set rounds 2", on: ann)
        table.type("start", on: ann)
        let first = try #require(ann.events().last { $0.type == "state" }?["turn"] as? String)
        let starter = first == "Ann" ? ann : bob
        // Both words have the letters a and b: the turn holder solves a round with two hits.
        table.type("a", on: starter)
        table.type("b", on: starter)
        let cy = table.player("cy")
        table.type("join home", on: cy)
        let everyone = [ann, bob, cy]
        for letter in ["a", "b"] {
            for player in everyone { table.type(letter, on: player) }
        }
        let over = ann.events()
        #expect(over.contains { $0.type == "game_over" }, "\(over.compactMap(\.type))")
        let words = over.filter { $0.type == "round_over" }.compactMap { $0["word"] as? String }
        #expect(words.count == 2)

        table.type("history cy", on: cy)
        let cyHistory = try #require(cy.events().last { $0.type == "history" })
        let cyWords = (cyHistory["entries"] as? [[String: Any]])?.compactMap { $0["word"] as? String }
        #expect(cyWords == [words[1]], "cy played round 2 only")
        table.type("history Ann", on: ann)
        let annHistory = try #require(ann.events().last { $0.type == "history" })
        #expect((annHistory["entries"] as? [[String: Any]])?.count == 2)
    }
}
