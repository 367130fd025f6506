import Testing

@testable import HangmanCore

@Suite struct WordListTests {
    static let sixtyFour = String(repeating: "ab", count: 32)
    static let sixtyFive = sixtyFour + "c"

    static let plist = """
        \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <array>
            <string>Apple</string>
            <string>apple</string>
            <string>  pear </string>
            <string>don&apos;t</string>
            <string>&#99;at</string>
            <string>caf&#xE9;</string>
            <!-- <string>comment</string> -->
            <string><![CDATA[plum]]></string>
            <integer>3</integer>
            <string/>
            <string>a&amp;b</string>
            <string>ümlaut</string>
            <string>\(sixtyFive)</string>
            <string>\(sixtyFour)</string>
        </array>
        </plist>
        <string>after</string>
        """

    @Test func parsesPlist() {
        let (list, report) = WordList.parse(Array(Self.plist.utf8))
        #expect(report == WordListReport(accepted: 5, invalid: 7, duplicates: 1))
        #expect(list.count == 5)
        for word in ["apple", "pear", "cat", "plum", Self.sixtyFour] {
            #expect(list.contains(word), "\(word)")
        }
        #expect(!list.contains("comment"))
        #expect(!list.contains("after"))
        #expect(!list.contains("Apple"))
    }

    @Test func plistWithoutPlistElementOrHeader() {
        let (list, report) = WordList.parse(Array("<array><string>one</string><string>two</string></array>".utf8))
        #expect(report == WordListReport(accepted: 2, invalid: 0, duplicates: 0))
        #expect(list.words(length: 3, distinctLetters: nil) == ["one", "two"])
    }

    @Test func decodesTheFiveEntities() {
        let (_, report) = WordList.parse(
            Array("<array><string>&lt;&gt;</string><string>&quot;</string><string>&#x41;b</string></array>".utf8))
        // "<>" and "\"" are not words; "&#x41;b" is "Ab" → "ab".
        #expect(report == WordListReport(accepted: 1, invalid: 2, duplicates: 0))
    }

    @Test func parsesPlainText() {
        let text = "Apple\napple\r\n\n  pear  \r don't\nx1\n\t\nzebra"
        let (list, report) = WordList.parse(Array(text.utf8))
        #expect(report == WordListReport(accepted: 3, invalid: 2, duplicates: 1))
        #expect(list.contains("apple") && list.contains("pear") && list.contains("zebra"))
    }

    @Test func emptyInput() {
        let (list, report) = WordList.parse([])
        #expect(report == WordListReport(accepted: 0, invalid: 0, duplicates: 0))
        #expect(list.count == 0 && list.longest == 0 && list.lengths.isEmpty)
    }

    @Test(arguments: [
        ("a", true), ("Zebra", true), (sixtyFour, true), (sixtyFive, false), ("", false), ("don't", false),
        ("naïve", false), ("two words", false), ("x1", false),
    ])
    func validation(word: String, accepted: Bool) {
        #expect(WordList(words: [word]).count == (accepted ? 1 : 0))
    }

    @Test func indexesByLengthAndDistinctLetters() {
        let list = WordList(words: ["noon", "book", "abcd", "aaaa", "ab", "zz", "queen", "a"])
        #expect(list.lengths == [1, 2, 4, 5])
        #expect(list.longest == 5)
        // Grouped by distinct letters (aaaa 1, noon 2, book 3, abcd 4), alphabetical within a group.
        #expect(list.words(length: 4, distinctLetters: nil) == ["aaaa", "noon", "book", "abcd"])
        #expect(list.words(length: 4, distinctLetters: 2...2) == ["noon"])
        #expect(list.words(length: 4, distinctLetters: 3...26) == ["book", "abcd"])
        #expect(list.words(length: nil, distinctLetters: 1...1) == ["a", "zz", "aaaa"])
        #expect(list.words(length: 3, distinctLetters: nil).isEmpty)
        #expect(list.words(length: 99, distinctLetters: nil).isEmpty)
        #expect(list.count(length: nil, distinctLetters: 2...4) == 5)
        #expect(list.lengths(distinctLetters: 4...4) == [4, 5])
    }

    @Test(
        arguments: [(Int?, ClosedRange<Int>?)](
            [(nil, nil), (4, nil), (4, 2...2), (4, 3...26), (nil, 1...1), (3, nil), (99, nil), (nil, 2...4)]))
    func wordAtIndexMatchesTheArray(length: Int?, distinct: ClosedRange<Int>?) {
        let list = WordList(words: ["noon", "book", "abcd", "aaaa", "ab", "zz", "queen", "a"])
        let all = list.words(length: length, distinctLetters: distinct)
        for index in all.indices {
            #expect(list.word(at: index, length: length, distinctLetters: distinct) == all[index])
        }
        #expect(list.word(at: all.count, length: length, distinctLetters: distinct) == nil)
        #expect(list.word(at: -1, length: length, distinctLetters: distinct) == nil)
    }
}

@Suite struct WordHintTests {
    @Test func textEntriesCarryAHintAfterATabAndCommentsAreSkipped() {
        let text = "# animals: two words\naardvark\tnocturnal burrowing mammal…\n  #indented comment\ncat |  a small pet \nemu\n"
        let (list, report) = WordList.parse(Array(text.utf8))
        #expect(report == WordListReport(accepted: 3, invalid: 0, duplicates: 0))
        #expect(list.hint(for: "aardvark") == "nocturnal burrowing mammal…")
        #expect(list.hint(for: "cat") == "a small pet")
        #expect(list.hint(for: "emu") == nil)
        #expect(list.hintCount == 2)
    }

    @Test func plistStringsCarryAHintAfterABar() {
        let plist = "<plist><array><string>Zebra|striped horse of Africa</string><string>ox|</string></array></plist>"
        let (list, report) = WordList.parse(Array(plist.utf8))
        #expect(report.accepted == 2)
        #expect(list.hint(for: "zebra") == "striped horse of Africa")
        #expect(list.hint(for: "ox") == nil)
    }

    @Test func aDuplicateKeepsTheFirstHint() {
        let list = WordList(words: ["cat\tfirst", "Cat\tsecond"])
        #expect(list.count == 1 && list.hint(for: "cat") == "first")
    }
}

@Suite struct CategoryTests {
    static let library = WordLibrary(
        main: WordList(words: ["ab", "abc"]), categories: ["animals": WordList(words: ["cat\tpet", "horse"])])

    @Test func aCategoryIsPickedByNameAndNoneGoesBack() throws {
        var settings = Settings()
        try settings.setCategory("ANIMALS", library: Self.library)
        #expect(settings.category == "animals")
        #expect(Self.library.words(for: settings).contains("horse"))
        #expect(settings.described.first { $0.key == "category" }?.value == "animals")
        for none in ["none", "any"] {
            var copy = settings
            try copy.setCategory(none, library: Self.library)
            #expect(copy.category == nil && Self.library.words(for: copy).contains("ab"))
        }
    }

    @Test func anUnknownCategoryNamesTheChoices() {
        var settings = Settings()
        #expect(
            throws: SettingsError.invalidValue(
                key: "category", value: "cars", message: "no category 'cars'; categories: animals, or none")
        ) {
            try settings.setCategory("cars", library: Self.library)
        }
        #expect(settings.category == nil)
    }

    @Test func aCategoryWithoutWordsOfTheLengthIsOutOfRange() {
        var settings = Settings()
        settings.length = 2
        #expect(throws: SettingsError.self) { try settings.setCategory("animals", library: Self.library) }
        #expect(settings.category == nil)
    }
}

@Suite struct HintCostTests {
    static let ann = PlayerID("ann")
    static let bob = PlayerID("bob")

    @Test func aHintSpendsAMissAndKeepsTheTurn() throws {
        var rng = SeededRandom(seed: 1)
        var settings = Settings()
        settings.misses = 2
        var game = try Game(
            settings: settings, players: [Self.ann, Self.bob], words: WordList(words: ["ab\tletters"]), rng: &rng)
        #expect(game.roundWordHint == "letters")
        #expect(throws: GameError.notYourTurn) { try game.chargeHint(player: Self.bob) }
        try game.chargeHint(player: Self.ann)
        #expect(game.round.misses == 1 && game.turn == Self.ann)
        // One miss left: a hint would hang the man.
        #expect(throws: GameError.self) { try game.chargeHint(player: Self.ann) }
        #expect(game.round.misses == 1 && game.round.status == .playing)
    }

    @Test func evilRoundsHaveNoWordHint() throws {
        var rng = SeededRandom(seed: 1)
        var settings = Settings()
        settings.mode = .evil
        let game = try Game(settings: settings, players: [Self.ann], words: WordList(words: ["ab\tletters"]), rng: &rng)
        #expect(game.roundWordHint == nil)
    }
}
