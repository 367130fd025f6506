import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// Hints and categories at a whole table in memory: what `hint` costs and when it is refused, and a
/// host picking a category (docs/RULES.md, "Hints" and "Categories").
@Suite(.ownThread) struct HintsAndCategoriesTests {
    static let animals = ["cat\ta small pet that purrs", "dog\ta loyal pet that barks", "emu"]

    /// Ann hosts `home` with bob seated; `setup` lines typed by Ann before `start`; output read.
    static func table(
        words: [String] = ["ab\tthe first two letters"], setup: [String] = []
    ) -> (TestTable, MemoryConnection, MemoryConnection) {
        let table = TestTable(words: words, categories: ["animals": animals, "empty-hints": ["zebra"]])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        for line in setup { table.type(line, on: ann) }
        table.type("start", on: ann)
        _ = ann.events()
        _ = bob.events()
        return (table, ann, bob)
    }

    @Test func aHintCostsTheRoomOneMissAndKeepsTheTurn() {
        let (table, ann, bob) = Self.table()
        table.type("hint", on: ann)
        let seen = bob.events()
        let hint = seen.first { $0.type == "hint" }
        #expect(hint?["player"] as? String == "Ann" && hint?["hint"] as? String == "the first two letters")
        #expect(hint?["cost"] as? Int == 1)
        let state = seen.last { $0.type == "state" }
        #expect(state?["misses"] as? Int == 1 && state?["turn"] as? String == "Ann")
        #expect(state?["hint"] as? String == "the first two letters")
        _ = ann.events()
        // Asked again: shown to the asker only, for free.
        table.type("hint", on: ann)
        let again = ann.events()
        #expect(again.first { $0.type == "hint" }?["cost"] as? Int == 0)
        #expect(!again.contains { $0.type == "state" })
        #expect(bob.events().isEmpty)
        table.type("state", on: ann)
        #expect(ann.events().first { $0.type == "state" }?["misses"] as? Int == 1)
    }

    @Test func aHintIsRefusedWhenItsMissWouldHangTheMan() {
        let (table, ann, bob) = Self.table(setup: ["set misses 1"])
        table.type("hint", on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "invalid_input")
        #expect((error?["message"] as? String)?.contains("hang the man") == true)
        #expect(bob.events().isEmpty, "nothing was spent or shown")
        table.type("state", on: ann)
        #expect(ann.events().first { $0.type == "state" }?["misses"] as? Int == 0)
    }

    @Test func aHintIsRefusedWithoutAHintOffTurnAndInTheLobby() {
        let (table, ann, bob) = Self.table(words: ["ab"])
        table.type("hint", on: ann)
        let none = ann.events().first { $0.type == "error" }
        #expect(none?["code"] as? String == "invalid_input" && none?["message"] as? String == "this word has no hint")
        table.type("hint", on: bob)
        #expect(bob.events().first { $0.type == "error" }?["code"] as? String == "not_your_turn")
        table.type("leave", on: bob)
        _ = bob.events()
        table.type("hint", on: bob)
        #expect(bob.events().first { $0.type == "error" }?["code"] as? String == "no_game")
    }

    @Test func evilRoundsHaveNoHint() {
        let (table, ann, _) = Self.table(setup: ["set mode evil"])
        table.type("hint", on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["message"] as? String == "evil rounds have no hint (no word is fixed)")
    }

    @Test func theHostPicksACategoryAndTheBoardShowsIt() {
        let table = TestTable(words: ["ab"], categories: ["animals": Self.animals])
        let ann = table.player("Ann")
        let bob = table.player("bob")
        table.seat(ann, bob, in: "home")
        _ = bob.events()
        table.type("set category Animals", on: ann)
        let change = bob.events().first { $0.type == "setting" }
        #expect(change?["key"] as? String == "category" && change?["value"] as? String == "animals")
        table.type("settings", on: bob)
        let settings = bob.events().first { $0.type == "settings" }?["settings"] as? [String: Any]
        #expect(settings?["category"] as? String == "animals")
        table.type("start", on: ann)
        let state = bob.events().last { $0.type == "state" }
        #expect(state?["category"] as? String == "animals" && state?["length"] as? Int == 3)
        #expect(state?["hint"] is NSNull)
    }

    @Test func anUnknownCategoryListsTheChoices() {
        let table = TestTable(words: ["ab"], categories: ["animals": Self.animals, "food": ["pie"]])
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        _ = ann.events()
        table.type("set category cars", on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "invalid_input")
        #expect(error?["message"] as? String == "no category 'cars'; categories: animals, food, or none")
    }

    @Test func aCategoryWithNoWordOfTheLengthIsOutOfRangeAndNoneGoesBack() {
        let table = TestTable(words: ["ab"], categories: ["animals": Self.animals])
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        table.type("set length 2", on: ann)
        _ = ann.events()
        table.type("set category animals", on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "out_of_range")
        #expect((error?["message"] as? String)?.contains("its lengths: 3") == true)
        table.type("set length any", on: ann)
        table.type("set category animals", on: ann)
        table.type("set category none", on: ann)
        let back = ann.events().last { $0.type == "setting" }
        #expect(back?["key"] as? String == "category" && back?["value"] is NSNull)
        table.type("start", on: ann)
        #expect(ann.events().last { $0.type == "state" }?["length"] as? Int == 2)
    }

    @Test func aCategoryChosenMidGameAppliesFromTheNextRound() {
        let (table, ann, bob) = Self.table(setup: ["set rounds 2"])
        table.type("set category animals", on: ann)
        let change = bob.events().first { $0.type == "setting" }
        #expect(change?["applies"] as? String == "next_round")
        table.type("state", on: ann)
        #expect(ann.events().first { $0.type == "state" }?["length"] as? Int == 2, "this round keeps its word")
        table.type("solve ab", on: ann)
        let next = bob.events().last { $0.type == "state" }
        #expect(next?["round"] as? Int == 2 && next?["length"] as? Int == 3 && next?["category"] as? String == "animals")
        // The category's words carry hints (cat and dog do, emu does not). Bob's turn: after Ann's solve.
        #expect(next?["turn"] as? String == "bob")
        _ = ann.events()
        table.type("hint", on: bob)
        let seen = bob.events()
        let hint = seen.first { $0.type == "hint" }?["hint"] as? String
        let error = seen.first { $0.type == "error" }?["message"] as? String
        #expect(
            hint?.hasSuffix("pet that purrs") == true || hint?.hasSuffix("pet that barks") == true
                || error == "this word has no hint")
    }

    @Test func theTextBoardShowsTheCategoryAndTheHintWithin80Columns() {
        let table = TestTable(words: ["ab"], categories: ["animals": Self.animals])
        let ann = table.player("Ann", json: false)
        table.type("create home", on: ann)
        table.type("set category animals", on: ann)
        table.type("start", on: ann)
        let board = ann.takeText()
        #expect(board.contains("- animals"))
        table.type("hint", on: ann)
        let text = ann.takeText()
        #expect(text.contains("Ann took the hint (it cost a miss): ") || text.contains("this word has no hint"))
        for line in text.split(separator: "\r\n") { #expect(line.count <= 80, "\(line)") }
    }

    @Test func aClientThatDidNotSayItShowsUTF8GetsTheHintInASCII() {
        let table = TestTable(words: ["ab\tthe first\u{2026} two letters"])
        let ann = table.player("Ann", json: false)
        table.type("create home", on: ann)
        table.type("start", on: ann)
        _ = ann.takeText()
        table.type("hint", on: ann)
        let text = ann.takeText()
        #expect(text.contains("the first... two letters") && !text.contains("\u{2026}"))
        #expect(ann.bytes.allSatisfy { $0 < 0x80 })
    }
}
