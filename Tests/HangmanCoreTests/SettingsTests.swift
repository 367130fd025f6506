import Foundation
import Testing

@testable import HangmanCore

/// The error's kind, to compare without spelling out messages.
enum Outcome: Equatable {
    case ok, invalid, outOfRange, unknownKey
    init(_ body: () throws(SettingsError) -> Void) {
        do {
            try body()
            self = .ok
        } catch {
            switch error {
            case .invalidValue: self = .invalid
            case .outOfRange: self = .outOfRange
            case .unknownKey: self = .unknownKey
            }
        }
    }
}

@Suite struct SettingsTests {
    /// Lengths 1, 2, 3, 4, 6 (a hole at 5); "a" has 1 distinct letter, "thumbs" 6.
    static let words = WordList(words: ["a", "be", "cat", "fish", "thumbs"])

    @Test func defaults() {
        let settings = Settings()
        #expect(settings.mode == .classic && settings.difficulty == .custom && settings.length == nil)
        #expect(settings.misses == 7 && settings.rounds == 3 && settings.turnSeconds == 60 && settings.seats == 8)
        #expect(settings.effectiveMisses == 7)
        #expect(
            Settings.keys == [
                "mode", "difficulty", "length", "misses", "rounds", "turn", "seats", "category", "language", "teams",
            ])
        #expect(settings.described.map(\.key) == Settings.keys)
        #expect(settings.described.map(\.value) == ["classic", "custom", "any", "7", "3", "60", "8", "none", "en", "2"])
    }

    @Test(arguments: [
        ("misses", "0", Outcome.outOfRange), ("misses", "1", .ok), ("misses", "26", .ok), ("misses", "27", .outOfRange),
        ("misses", "seven", .invalid), ("misses", "-1", .outOfRange), ("misses", "", .invalid), ("misses", "7.5", .invalid),
        ("misses", "99999999999999999999999", .outOfRange),
        ("rounds", "0", .outOfRange), ("rounds", "1", .ok), ("rounds", "50", .ok), ("rounds", "51", .outOfRange),
        ("rounds", "x", .invalid),
        ("turn", "0", .outOfRange), ("turn", "4", .outOfRange), ("turn", "5", .ok), ("turn", "600", .ok),
        ("turn", "601", .outOfRange), ("turn", "off", .ok), ("turn", "OFF", .ok), ("turn", "never", .invalid),
        ("seats", "0", .outOfRange), ("seats", "1", .ok), ("seats", "32", .ok), ("seats", "33", .outOfRange),
        ("seats", "many", .invalid),
        ("length", "0", .outOfRange), ("length", "1", .ok), ("length", "6", .ok), ("length", "7", .outOfRange),
        ("length", "5", .outOfRange), ("length", "any", .ok), ("length", "Any", .ok), ("length", "long", .invalid),
        ("mode", "classic", .ok), ("mode", "EVIL", .ok), ("mode", "nice", .invalid), ("mode", "1", .invalid),
        ("difficulty", "noob", .ok), ("difficulty", "very-easy", .ok), ("difficulty", "moderate", .ok),
        ("difficulty", "custom", .ok), ("difficulty", "deity", .outOfRange), ("difficulty", "godlike", .invalid),
        ("colour", "red", .unknownKey), ("", "1", .unknownKey),
    ])
    func ranges(key: String, value: String, expected: Outcome) {
        var settings = Settings()
        let before = settings
        #expect(Outcome { () throws(SettingsError) in try settings.set(key, value, words: Self.words) } == expected)
        if expected != .ok { #expect(settings == before, "a refused value changes nothing") }
    }

    @Test func appliedValues() throws {
        var settings = Settings()
        try settings.set(" Misses ", " 26 ", words: Self.words)
        try settings.set("turn", "off", words: Self.words)
        try settings.set("length", "4", words: Self.words)
        try settings.set("mode", "Evil", words: Self.words)
        try settings.set("difficulty", "VERY_EASY", words: Self.words)
        try settings.set("rounds", "50", words: Self.words)
        try settings.set("seats", "1", words: Self.words)
        #expect(settings.misses == 26 && settings.turnSeconds == nil && settings.length == 4)
        #expect(settings.mode == .evil && settings.difficulty == .veryEasy && settings.rounds == 50 && settings.seats == 1)
        #expect(settings.effectiveMisses == 9)
        #expect(
            settings.described.map(\.value) == [
                "evil", "very-easy", "4", "9 (very-easy)", "50", "off", "1", "none", "en", "2",
            ])
        try settings.set("length", "any", words: Self.words)
        #expect(settings.length == nil)
    }

    /// `set misses 5` in a deity room was answered "set misses to 3 (deity)": the host's 5 seemed
    /// refused. It is kept for `custom`, and the line says so.
    @Test func missesSetUnderALevelSayTheyAreKeptForCustom() throws {
        var settings = Settings()
        try settings.set("difficulty", "moderate", words: Self.words)
        try settings.set("misses", "5", words: Self.words)
        #expect(settings.announced("misses") == "7 (moderate; 5 with custom)")
        #expect(settings.described.first { $0.key == "misses" }?.value == "7 (moderate)", "settings shows what is in force")
        #expect(settings.announced("rounds") == "3")
        #expect(settings.values["misses"] == "5")
    }

    @Test func lengthHoleNamesTheLengthsThatExist() {
        var settings = Settings()
        #expect(throws: SettingsError.outOfRange(key: "length", message: "no words of length 5; lengths with words: 1-4, 6")) {
            try settings.set("length", "5", words: Self.words)
        }
        #expect(throws: SettingsError.outOfRange(key: "length", message: "length is 1-6 or any (lengths with words: 1-4, 6)")) {
            try settings.set("length", "7", words: Self.words)
        }
    }

    @Test func difficultyAndLengthCombination() throws {
        var settings = Settings()
        try settings.set("difficulty", "noob", words: Self.words)  // a, be, cat: 1-3 distinct
        #expect(
            throws: SettingsError.outOfRange(key: "length", message: "no noob words of length 6; noob words have lengths 1-3")
        ) {
            try settings.set("length", "6", words: Self.words)
        }
        try settings.set("difficulty", "custom", words: Self.words)
        try settings.set("length", "6", words: Self.words)
        #expect(
            throws: SettingsError.outOfRange(
                key: "difficulty", message: "no noob words of length 6; levels with words of length 6: moderate, custom")
        ) {
            try settings.set("difficulty", "noob", words: Self.words)
        }
    }

    @Test func emptyListRefusesEverythingThatNeedsAWord() {
        var settings = Settings()
        #expect(Outcome { () throws(SettingsError) in try settings.set("length", "any", words: WordList()) } == .outOfRange)
        #expect(Outcome { () throws(SettingsError) in try settings.set("length", "1", words: WordList()) } == .outOfRange)
        #expect(Outcome { () throws(SettingsError) in try settings.validate(words: WordList()) } == .outOfRange)
    }

    @Test func unknownKeyMessageListsKeys() {
        #expect(
            SettingsError.unknownKey("x").message
                == "unknown setting 'x'; settings are mode, difficulty, length, misses, rounds, turn, seats, category, language, teams"
        )
    }

    @Test func validateCatchesSettingsBuiltInCode() {
        for change in [
            { (s: inout Settings) in s.misses = 0 }, { s in s.rounds = 51 }, { s in s.seats = 33 },
            { s in s.turnSeconds = 4 }, { s in s.length = 5 }, { s in s.length = 0 },
        ] {
            var settings = Settings()
            change(&settings)
            #expect(Outcome { () throws(SettingsError) in try settings.validate(words: Self.words) } == .outOfRange)
        }
        #expect(Outcome { () throws(SettingsError) in try Settings().validate(words: Self.words) } == .ok)
    }

    @Test func valuesRoundTripThroughApply() throws {
        var settings = Settings()
        try settings.set("length", "6", words: Self.words)
        try settings.set("difficulty", "moderate", words: Self.words)
        try settings.set("misses", "12", words: Self.words)
        try settings.set("turn", "off", words: Self.words)
        var restored = Settings()
        try restored.set("difficulty", "noob", words: Self.words)  // would refuse length 6 if applied first
        let errors = restored.apply(settings.values, words: Self.words)
        #expect(errors.isEmpty)
        #expect(restored == settings)
    }

    /// Settings are stored as JSON (the store keeps a host's defaults): a value survives the trip,
    /// and the stored shape (key names, value spellings) does not change under saved rows.
    @Test func codableShapeIsStable() throws {
        var a = Settings()
        a.mode = .evil
        a.difficulty = .veryHard
        a.length = 6
        a.misses = 5
        a.rounds = 4
        a.turnSeconds = nil
        a.seats = 3
        let data = try JSONEncoder().encode(a)
        #expect(try JSONDecoder().decode(Settings.self, from: data) == a)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["mode", "difficulty", "length", "misses", "rounds", "seats"], "turn off is left out")
        #expect(object["mode"] as? String == "evil")
        #expect(object["difficulty"] as? String == "very-hard")
        #expect(object["length"] as? Int == 6)

        let stored = #"{"mode":"classic","difficulty":"custom","misses":7,"rounds":3,"turnSeconds":60,"seats":8}"#
        #expect(try JSONDecoder().decode(Settings.self, from: Data(stored.utf8)) == Settings())
    }
}
