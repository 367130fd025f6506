import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// Issue 34 item 3: while a player is asked for the round's word, a bare line sets it
/// (`castle`, or `castle a fortress` with a hint); `word …` still works. Anyone else typing a
/// bare word still gets `unknown_command`, and the setter's word never reaches the room.
@Suite(.ownThread) struct SetterBareWordTests {
    @Test func aBareWordSetsTheWordWithItsHint() {
        let t = SetterModeTests.Table()
        _ = t.start()
        t.type("castle a fortress", on: t.ann)
        let ann = t.ann.events()
        #expect(!ann.contains { $0.type == "error" }, "\(ann)")
        let confirmed = ann.first { $0.type == "info" && ($0["message"] as? String)?.hasPrefix("Your word is set") == true }
        #expect((confirmed?["message"] as? String)?.contains("CASTLE (hint: a fortress)") == true, "\(ann)")
        let bob = t.bob.events()
        #expect(bob.last { $0.type == "state" }?["awaiting_word"] as? Bool == false)
        #expect(bob.last { $0.type == "state" }?["length"] as? Int == 6)
        #expect(!bob.contains { ($0["message"] as? String)?.lowercased().contains("castle") == true })
    }

    @Test func aBareWordInTextModeSetsItToo() {
        let table = TestTable(words: ["ab"]) { $0.wordSeconds = 30 }
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob", json: false)
        table.seat(ann, bob, in: "home")
        table.type("set mode setter", on: ann)
        table.type("start", on: ann)
        _ = ann.takeText()
        _ = bob.takeText()
        table.type("castle", on: ann)
        let screen = ann.takeText()
        #expect(screen.contains("Your word is set: CASTLE"), "\(screen)")
        #expect(!screen.contains("unknown command"))
        #expect(bob.takeText().contains("has set a word of 6 letters"))
    }

    @Test func onlyTheAskedPlayerSetsWithABareWord() {
        let t = SetterModeTests.Table()
        _ = t.start()
        t.type("castle", on: t.bob)
        let refused = t.bob.events().first { $0.type == "error" }
        #expect(refused?["code"] as? String == "unknown_command")
        #expect(t.ann.events().allSatisfy { $0.type != "state" }, "nothing changed for the room")
    }

    @Test func aBareWordOutsideAWordPromptIsStillUnknown() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("castle", on: ann)
        #expect(ann.events().first { $0.type == "error" }?["code"] as? String == "unknown_command")
        table.type("leave", on: ann)
        _ = ann.events()
        table.type("castle", on: ann)
        #expect(ann.events().first { $0.type == "error" }?["code"] as? String == "unknown_command")
    }

    @Test func aRefusedBareWordIsTheSettersOwnError() {
        let t = SetterModeTests.Table()
        _ = t.start()
        t.type("x1", on: t.ann)
        let refused = t.ann.events().first { $0.type == "error" }
        #expect(refused?["code"] as? String == "invalid_input", "\(String(describing: refused))")
        #expect(t.bob.events().isEmpty)
        t.type("word castle", on: t.ann)
        #expect(t.ann.events().contains { ($0["message"] as? String)?.hasPrefix("Your word is set") == true })
    }
}
