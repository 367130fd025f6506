import Foundation
import HangmanCore
import HangmanServer
import HangmanTesting
import Testing

/// Rounds in other languages at a whole table in memory, and one over real sockets
/// (docs/RULES.md, "Languages").
@Suite(.ownThread) struct LanguageTableTests {
    static let german = Alphabet(language: "de", extraLetters: "äöüß", folds: true)
    static let germanStrict = Alphabet(language: "de", extraLetters: "äöüß", folds: false)

    /// Ann hosts `berlin` playing `words` in German (`alphabet`); output read.
    static func german(_ words: [String], alphabet: Alphabet = german) -> (TestTable, MemoryConnection) {
        let table = TestTable(words: ["ab"], languages: ["de": WordList(words: words, alphabet: alphabet)])
        let ann = table.player("Ann")
        table.type("create berlin", on: ann)
        table.type("set language de", on: ann)
        table.type("start", on: ann)
        _ = ann.events()
        return (table, ann)
    }

    @Test func aGermanRoundFoldsUmlautsAndKeepsSharpS() {
        let (table, ann) = Self.german(["äpfelß"])
        table.type("state", on: ann)
        let start = ann.events().first { $0.type == "state" }
        #expect(start?["length"] as? Int == 6 && start?["pattern"] as? String == "______")
        let available = start?["available"] as? [String] ?? []
        #expect(available.count == 27 && available.last == "ß" && !available.contains("ä"))
        table.type("a", on: ann)
        let hit = ann.events()
        #expect(hit.first { $0.type == "guess" }?["count"] as? Int == 1)
        #expect(hit.last { $0.type == "state" }?["pattern"] as? String == "ä_____")
        table.type("Ä", on: ann)
        #expect(ann.events().first { $0.type == "error" }?["code"] as? String == "already_guessed")
        table.type("ß", on: ann)
        #expect(ann.events().last { $0.type == "state" }?["pattern"] as? String == "ä____ß")
        table.type("é", on: ann)
        let error = ann.events().first { $0.type == "error" }
        #expect(error?["code"] as? String == "invalid_input" && error?["message"] as? String == "a guess is one letter a-z ß")
        table.type("solve apfelß", on: ann)
        #expect(ann.events().first { $0.type == "round_over" }?["word"] as? String == "äpfelß")
    }

    @Test func withoutFoldingAnUmlautIsALetterOfItsOwn() {
        let (table, ann) = Self.german(["äpfel"], alphabet: Self.germanStrict)
        table.type("a", on: ann)
        #expect(ann.events().first { $0.type == "guess" }?["hit"] as? Bool == false)
        table.type("ä", on: ann)
        let seen = ann.events()
        #expect(seen.first { $0.type == "guess" }?["letter"] as? String == "ä")
        #expect(seen.last { $0.type == "state" }?["pattern"] as? String == "ä____")
        #expect((seen.last { $0.type == "state" }?["available"] as? [String])?.contains("ö") == true)
    }

    @Test func anUnknownLanguageListsTheChoicesAndEnGoesBack() {
        let table = TestTable(words: ["ab"], languages: ["de": WordList(words: ["haus"], alphabet: Self.german)])
        let ann = table.player("Ann")
        table.type("create home", on: ann)
        _ = ann.events()
        table.type("set language xx", on: ann)
        #expect(ann.events().first { $0.type == "error" }?["message"] as? String == "no language 'xx'; languages: de, en")
        table.type("set language de", on: ann)
        table.type("settings", on: ann)
        let settings = ann.events().first { $0.type == "settings" }?["settings"] as? [String: Any]
        #expect(settings?["language"] as? String == "de")
        table.type("set language en", on: ann)
        table.type("start", on: ann)
        #expect(ann.events().last { $0.type == "state" }?["length"] as? Int == 2)
    }

    @Test func theTextBoardShowsTheLettersOfTheLanguage() {
        let table = TestTable(words: ["ab"], languages: ["de": WordList(words: ["straße"], alphabet: Self.german)])
        let ann = table.player("Ann", json: false)
        table.type("create berlin", on: ann)
        table.type("set language de", on: ann)
        table.type("start", on: ann)
        table.type("ß", on: ann)
        #expect(ann.takeText().contains("Ann: ß 1 hit"), "the guess line shows ß, not SS")
        table.type("state", on: ann)
        let text = ann.takeText()
        #expect(text.contains("_ _ _ _ ß _"), "ß has no one-letter capital: shown as it is")
        #expect(text.contains("Letters: abcdefghijklmnopqrstuvwxyz\r\n"))
        for line in text.split(separator: "\r\n") { #expect(line.count <= 80, "\(line)") }
    }
}

@Suite(.timeLimit(.minutes(1)), .ownThread) struct LanguageSocketTests {
    @Test func aGermanRoundOverRealSockets() throws {
        let german = Alphabet(language: "de", extraLetters: "äöüß", folds: true)
        let server = try TestServer(languages: ["de": WordList(words: ["straße"], alphabet: german)])
        let ann = try TestClient(port: server.port)
        ann.line("json")
        ann.line("name ann")
        _ = try ann.expect("logged_in")
        ann.line("create berlin")
        _ = try ann.expect("state") { $0["room"] as? String == "berlin" }
        ann.line("set language de")
        #expect(try ann.expect("setting")["value"] as? String == "de")
        ann.line("start")
        let start = try ann.expect("state") { $0["status"] as? String == "playing" }
        #expect(start["length"] as? Int == 6 && (start["available"] as? [String])?.last == "ß")
        ann.line("ß")
        let guess = try ann.expect("guess")
        #expect(guess["letter"] as? String == "ß" && guess["hit"] as? Bool == true)
        #expect(try ann.expect("state")["pattern"] as? String == "____ß_")
        ann.line("solve STRASSE")  // seven letters: not this word's length, costs nothing
        #expect(try ann.expect("error")["code"] as? String == "invalid_input")
        ann.line("solve straße")
        #expect(try ann.expect("round_over")["word"] as? String == "straße")
    }
}

@Suite(.ownThread) struct ShippedWordFilesTests {
    static let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Config")

    @Test(arguments: [("de", "äöüß"), ("fr", "àâçéèêëîïôùûüÿ"), ("es", "áéíñóúü")])
    func eachShippedLanguageLoadsWithItsAlphabet(code: String, extra: String) {
        let path = Self.config.appendingPathComponent("words-\(code).plist").path
        let (list, problem) = WordFiles.loadLanguage(code: code, path: path, foldAccents: true)
        #expect(problem == nil)
        #expect(list?.count == 40_000, "every word of the file is a word of its alphabet")
        #expect(list.map { String($0.alphabet.letters.dropFirst(26)) } == extra)
    }

    @Test func theShippedCategoriesLoadWithHints() {
        let (categories, problems) = WordFiles.loadCategories(folder: Self.config.appendingPathComponent("categories").path)
        #expect(problems.isEmpty)
        #expect(categories.count == 12 && categories["animals"]?.hint(for: "aardvark")?.isEmpty == false)
        for (name, list) in categories { #expect(list.hintCount == list.count, "\(name): every word has a hint") }
    }

    @Test func aMissingFileIsANoteNotAFailure() {
        let (list, problem) = WordFiles.loadLanguage(code: "de", path: "/nonexistent/words-de.plist", foldAccents: true)
        #expect(list == nil && problem?.contains("set language de is not offered") == true)
        #expect(WordFiles.loadCategories(folder: "/nonexistent").problems.count == 1)
    }
}
