import Foundation
import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// `set` is remembered as the host's own defaults for the rooms they create (docs/PROTOCOL.md):
/// every key, the language and the category included, and checked against the list they pick.
@Suite(.ownThread) struct RememberedSettingsTests {
    static let german = Alphabet(language: "de", extraLetters: "äöüß", folds: true)

    /// A table with a German list whose words are longer than any English one.
    private func table() -> TestTable {
        TestTable(
            words: ["ab", "cat"], categories: ["animals": ["dog", "horse"]],
            languages: ["de": WordList(words: ["hausboot", "straße"], alphabet: Self.german)])
    }

    private func lobbySettings(_ table: TestTable, _ name: String) -> [String: Any]? {
        let again = table.player(name)
        table.type("leave", on: again)
        _ = again.events()
        table.type("settings", on: again)
        return again.events().first { $0.type == "settings" }?["settings"] as? [String: Any]
    }

    @Test func theLanguageAndALengthOnlyItHasAreRemembered() {
        let table = table()
        let ann = table.player("Ann")
        table.type("create berlin", on: ann)
        table.type("set language de", on: ann)
        table.type("set length 8", on: ann)
        table.type("set misses 4", on: ann)
        #expect(!ann.events().contains { $0.type == "error" })
        table.type("quit", on: ann)
        let settings = lobbySettings(table, "Ann")
        #expect(settings?["language"] as? String == "de", "\(settings ?? [:])")
        #expect(settings?["length"] as? Int == 8, "\(settings ?? [:])")
        #expect(settings?["misses"] as? Int == 4)
    }

    @Test func theCategoryIsRemembered() {
        let table = table()
        let ann = table.player("Ann")
        table.type("create zoo", on: ann)
        table.type("set category animals", on: ann)
        table.type("quit", on: ann)
        let settings = lobbySettings(table, "Ann")
        #expect(settings?["category"] as? String == "animals", "\(settings ?? [:])")
        #expect(settings?["language"] as? String == "en")
    }
}
