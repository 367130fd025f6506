import Testing

@testable import HangmanCore

/// The one table of settings (`SettingKey`) drives parsing, validation and the shown values: these
/// tests walk every row at its edges, so a row whose range or word changes is tested as it stands.
@Suite struct SettingKeyTests {
    /// Lengths 1...6; with words of every length so that any length in range has words.
    static let words = WordList(words: ["a", "be", "cat", "fish", "horse", "thumbs"])

    /// The keys whose whole-number range does not depend on the word list.
    static let fixedNumberKeys = SettingKey.offered.filter { $0.kind == .number && $0 != .length }

    @Test func theKeysAreTheTablesInOrder() {
        #expect(Settings.keys == SettingKey.offered.map(\.rawValue))
        #expect(Settings().described.map(\.key) == SettingKey.names)
        #expect(SettingKey(name: "  MiSSes ") == .misses)
        #expect(SettingKey(name: "colour") == nil)
        #expect(SettingKey.applyOrder.count == SettingKey.allCases.count)
        #expect(Set(SettingKey.applyOrder) == Set(SettingKey.allCases), "apply covers every key, once")
        #expect(SettingKey.offered.map(\.defaultValue) == ["classic", "custom", "any", "7", "3", "60", "8", "none", "en", "2"])
    }

    /// The wire texts of the range errors are pinned: clients and tests read them.
    @Test func rangeMessagesAreTheContracts() {
        #expect(Settings.allowed(.misses, longest: 0) == "misses is 1-26")
        #expect(Settings.allowed(.rounds, longest: 0) == "rounds is 1-50")
        #expect(Settings.allowed(.turn, longest: 0) == "turn is 5-600 or off")
        #expect(Settings.allowed(.seats, longest: 0) == "seats is 1-32")
        #expect(Settings.allowed(.length, longest: 6) == "length is 1-6 or any")
        #expect(Settings.allowed(.length, longest: 0) == "length is any")
    }

    /// Every number key at each edge of its range: the edges are taken, shown and validated; one
    /// past either edge is `out_of_range` naming the range, and changes nothing.
    @Test(arguments: fixedNumberKeys)
    func numberKeysAtTheirEdges(key: SettingKey) throws {
        let range = try #require(key.range)
        for value in [range.lowerBound, range.upperBound] {
            var settings = Settings()
            try settings.set(key, "\(value)", words: Self.words, library: WordLibrary(main: Self.words))
            #expect(settings.number(key) == value)
            #expect(settings.text(key) == "\(value)")
            #expect(settings.savedText(key) == "\(value)")
            try settings.validate(words: Self.words)
            var restored = Settings()
            #expect(restored.apply(settings.values, words: Self.words).isEmpty)
            #expect(restored == settings, "\(key.name) \(value) saved and applied back")
        }
        for value in [range.lowerBound - 1, range.upperBound + 1] {
            var settings = Settings()
            #expect(throws: SettingsError.outOfRange(key: key.name, message: Settings.allowed(key, longest: 0))) {
                try settings.set(key, "\(value)", words: Self.words, library: WordLibrary(main: Self.words))
            }
            #expect(settings == Settings(), "a refused \(key.name) changes nothing")
        }
        var settings = Settings()
        #expect(throws: SettingsError.invalidValue(key: key.name, value: "x", message: Settings.allowed(key, longest: 0))) {
            try settings.set(key, "x", words: Self.words, library: WordLibrary(main: Self.words))
        }
    }

    /// Settings built in code out of a range are refused by `validate`, naming the key's range.
    @Test func validateUsesEachRange() {
        let paths: [SettingKey: WritableKeyPath<Settings, Int>] = [.misses: \.misses, .rounds: \.rounds, .seats: \.seats]
        for (key, path) in paths {
            guard let range = key.range else { continue }
            for value in [range.lowerBound - 1, range.upperBound + 1] {
                var settings = Settings()
                settings[keyPath: path] = value
                #expect(throws: SettingsError.outOfRange(key: key.name, message: Settings.allowed(key, longest: 0))) {
                    try settings.validate(words: Self.words)
                }
            }
        }
        var turn = Settings()
        turn.turnSeconds = 4
        #expect(throws: SettingsError.outOfRange(key: "turn", message: "turn is 5-600 or off")) {
            try turn.validate(words: Self.words)
        }
    }

    /// The length's range is the list's: 1 and the longest are taken, 0 and one past are not.
    @Test func lengthAtTheEdgesOfTheList() throws {
        var settings = Settings()
        try settings.set(.length, "1", words: Self.words, library: WordLibrary(main: Self.words))
        #expect(settings.text(.length) == "1")
        try settings.set(.length, "6", words: Self.words, library: WordLibrary(main: Self.words))
        #expect(settings.number(.length) == 6)
        for value in ["0", "7"] {
            #expect(throws: SettingsError.self) {
                try settings.set(.length, value, words: Self.words, library: WordLibrary(main: Self.words))
            }
        }
        #expect(settings.length == 6)
    }

    /// Each key's word (`length any`, `turn off`, `category none`) clears the value and is shown back.
    @Test(arguments: SettingKey.allCases.filter { $0.word != nil })
    func theWordOfAKey(key: SettingKey) throws {
        var settings = Settings()
        if key.kind == .number {
            try settings.set(key, "5", words: Self.words, library: WordLibrary(main: Self.words))
            #expect(settings.number(key) == 5)
        }
        try settings.set(key, key.word?.uppercased() ?? "", words: Self.words, library: WordLibrary(main: Self.words))
        #expect(settings.number(key) == nil)
        #expect(settings.text(key) == key.word)
    }

    /// Every choice of a choice key is taken and shown as written; anything else is `invalid_input`.
    @Test(arguments: SettingKey.allCases.filter { $0.kind == .choice })
    func everyChoiceIsTaken(key: SettingKey) throws {
        let everyLength = WordList(words: ["a", "be", "cat", "fish", "horse", "thumbs", "quickly", "abcdefgh", "abcdefghij"])
        for choice in key.choices {
            var settings = Settings()
            try settings.set(key, choice.uppercased(), words: everyLength, library: WordLibrary(main: everyLength))
            #expect(settings.text(key) == choice)
        }
        var settings = Settings()
        #expect(throws: SettingsError.self) {
            try settings.set(key, "nonesuch", words: everyLength, library: WordLibrary(main: everyLength))
        }
    }
}
