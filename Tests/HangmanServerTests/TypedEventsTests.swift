import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// One type per field and typed events (issue 12): what a program reads never changes type under it.
@Suite(.ownThread) struct TypedEventsTests {
    @Test func settingsAreTypedWhateverTheDifficulty() {
        let table = TestTable(words: TestServer.words)
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        table.type("set turn off", on: ann)
        _ = ann.events()
        // Whichever level the small list has words for: its misses used to read "6 (hard)".
        var level = ""
        for candidate in ["hard", "moderate", "easy", "very-hard", "very-easy", "noob", "deity"] {
            table.type("set difficulty \(candidate)", on: ann)
            if ann.events().contains(where: { $0.type == "setting" }) {
                level = candidate
                break
            }
        }
        #expect(!level.isEmpty)
        table.type("settings", on: ann)
        let values = ann.events().last { $0.type == "settings" }?["settings"] as? [String: Any] ?? [:]
        #expect(values["misses"] is Int, "misses is the integer in force: \(values)")
        #expect(values["difficulty"] as? String == level)
        #expect(values.keys.contains("length") && values["length"] is NSNull)
        #expect(values.keys.contains("turn") && values["turn"] is NSNull)
        #expect(values["rounds"] as? Int == 3)
        table.type("set rounds 4", on: ann)
        let change = ann.events().last { $0.type == "setting" }
        #expect(change?["value"] as? Int == 4)
        #expect(change?["applies"] as? String == "now")
        table.type("set turn off", on: ann)
        let off = ann.events().last { $0.type == "setting" }
        #expect(off?.keys.contains("value") == true && off?["value"] is NSNull)
    }

    @Test func gameStartIsATypedEvent() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        table.type("set rounds 2", on: ann)
        _ = ann.events()
        table.type("start", on: ann)
        let started = ann.events().first { $0.type == "game_started" }
        #expect(started?["by"] as? String == "Ann")
        #expect(started?["rounds"] as? Int == 2)
        #expect(started?["room"] as? String == "home")
    }

    @Test func welcomeCarriesTheProtocolAndIsRepeatedInJSON() {
        let table = TestTable(words: ["ab"])
        _ = table.player("Ann")
        let bot = table.connect()
        table.type("json", on: bot)
        let welcome = bot.events().first { $0.type == "welcome" }
        #expect(welcome?["protocol"] as? Int == WireProtocol.version)
        #expect(welcome?["players_online"] as? Int == 1)
    }

    @Test func kickingSomeoneWhoIsNotThereHasItsOwnCode() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        _ = ann.events()
        table.type("kick nobody", on: ann)
        #expect(ann.events().last { $0.type == "error" }?["code"] as? String == "no_such_player")
    }
}
