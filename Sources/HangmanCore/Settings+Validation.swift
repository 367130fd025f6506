extension Settings {
    /// Applies `set <key> <value>`; key and value are case-insensitive and trimmed.
    ///
    /// Throws `.unknownKey` for a key not in `keys`, `.invalidValue` for a value of the wrong kind
    /// (a word where a number belongs, an unknown mode or level) and `.outOfRange` for a number
    /// outside its range or a length/difficulty that leaves no word in `words`. On error the
    /// settings are unchanged.
    public mutating func set(_ key: String, _ value: String, words: WordList) throws(SettingsError) {
        let key = Self.trimmed(key).lowercased()
        let raw = Self.trimmed(value)
        let value = raw.lowercased()
        switch key {
        case "mode":
            guard let mode = Mode(rawValue: value), mode.isOffered else {
                throw .invalidValue(key: key, value: raw, message: "mode is \(Mode.names)")
            }
            self.mode = mode
        case "difficulty":
            guard let level = Difficulty(name: value) else {
                let names = Difficulty.allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalidValue(key: key, value: raw, message: "difficulty is one of \(names)")
            }
            try Self.checkWords(length: length, difficulty: level, changing: key, words: words)
            difficulty = level
        case "length":
            if value == "any" {
                try Self.checkWords(length: nil, difficulty: difficulty, changing: key, words: words)
                length = nil
                return
            }
            let longest = words.longest
            let allowed = longest > 0 ? "length is 1-\(longest) or any" : "length is any"
            let number = try Self.number(key: key, raw: raw, kind: allowed)
            guard number >= 1 && number <= longest else {
                throw .outOfRange(
                    key: key, message: "\(allowed) (lengths with words: \(CompactRanges.describe(words.lengths)))")
            }
            try Self.checkWords(length: number, difficulty: difficulty, changing: key, words: words)
            length = number
        case "misses":
            misses = try Self.number(key: key, raw: raw, in: Self.missesRange)
        case "rounds":
            rounds = try Self.number(key: key, raw: raw, in: Self.roundsRange)
        case "turn":
            turnSeconds = value == "off" ? nil : try Self.number(key: key, raw: raw, in: Self.turnRange, or: "off")
        case "seats":
            seats = try Self.number(key: key, raw: raw, in: Self.seatsRange)
        case "teams" where Mode.teams.isOffered:
            teams = try Self.teams(raw)
        default:
            throw .unknownKey(key)
        }
    }

    /// Applies saved `values` (as from `values`), skipping unknown keys, in an order that cannot trip
    /// over itself: the length is checked as if custom, then the difficulty against that length.
    /// Returns the errors of the values refused; those settings keep their previous value (a
    /// previous difficulty that no longer fits the new length falls back to custom).
    @discardableResult
    public mutating func apply(_ values: [String: String], words: WordList) -> [SettingsError] {
        var errors: [SettingsError] = []
        let previousDifficulty = difficulty
        difficulty = .custom
        var difficultySet = false
        for key in ["mode", "length", "difficulty", "misses", "rounds", "turn", "seats", "teams"] {
            guard let value = values[key] else { continue }
            do {
                try set(key, value, words: words)
                if key == "difficulty" { difficultySet = true }
            } catch {
                errors.append(error)
            }
        }
        if !difficultySet,
            words.count(length: length, distinctLetters: previousDifficulty.distinctLetters) > 0
        {
            difficulty = previousDifficulty
        }
        return errors
    }

    /// Applies saved `values` (as from `values`), every key: the word list first (`language`, then
    /// `category`), then the rest as `apply(_:words:)` does against the words that list holds, so a
    /// length only the chosen list has is kept. Returns the errors of the values refused.
    @discardableResult
    public mutating func apply(_ values: [String: String], library: WordLibrary) -> [SettingsError] {
        var errors: [SettingsError] = []
        do throws(SettingsError) {
            if let language = values["language"] { try setLanguage(language, library: library) }
        } catch {
            errors.append(error)
        }
        do throws(SettingsError) {
            if let category = values["category"] { try setCategory(category, library: library) }
        } catch {
            errors.append(error)
        }
        return errors + apply(values, words: library.words(for: self))
    }

    /// Checks every field against its range and the word list (for settings built in code).
    public func validate(words: WordList) throws(SettingsError) {
        if let length, length < 1 || length > max(words.longest, 1) {
            throw .outOfRange(
                key: "length",
                message: "length is 1-\(words.longest) or any (lengths with words: \(CompactRanges.describe(words.lengths)))")
        }
        try Self.checkWords(length: length, difficulty: difficulty, changing: "length", words: words)
        for (key, value, range) in [
            ("misses", misses, Self.missesRange), ("rounds", rounds, Self.roundsRange),
            ("seats", seats, Self.seatsRange),
        ] where !range.contains(value) {
            throw .outOfRange(key: key, message: "\(key) is \(range.lowerBound)-\(range.upperBound)")
        }
        if let turnSeconds, !Self.turnRange.contains(turnSeconds) {
            throw .outOfRange(key: "turn", message: "turn is \(Self.turnRange.lowerBound)-\(Self.turnRange.upperBound) or off")
        }
    }

    /// Throws `.outOfRange` naming what exists if no word has `length` (nil = any) at `difficulty`.
    static func checkWords(length: Int?, difficulty: Difficulty, changing key: String, words: WordList)
        throws(SettingsError)
    {
        guard words.count(length: length, distinctLetters: difficulty.distinctLetters) == 0 else { return }
        if words.count == 0 {
            throw .outOfRange(key: key, message: "the word list is empty")
        }
        let lengthText = length.map { " of length \($0)" } ?? ""
        if key == "difficulty" {
            let levels = Difficulty.allCases.filter {
                words.count(length: length, distinctLetters: $0.distinctLetters) > 0
            }
            throw .outOfRange(
                key: key,
                message: "no \(difficulty.rawValue) words\(lengthText); levels with words\(lengthText): "
                    + levels.map(\.rawValue).joined(separator: ", "))
        }
        if difficulty == .custom || words.count(length: length, distinctLetters: nil) == 0 {
            throw .outOfRange(
                key: key,
                message: "no words\(lengthText); lengths with words: \(CompactRanges.describe(words.lengths))")
        }
        let lengths = words.lengths(distinctLetters: difficulty.distinctLetters)
        throw .outOfRange(
            key: key,
            message: "no \(difficulty.rawValue) words\(lengthText); \(difficulty.rawValue) words have lengths "
                + CompactRanges.describe(lengths))
    }

    /// Parses an integer setting and checks it against `range`.
    private static func number(key: String, raw: String, in range: ClosedRange<Int>, or word: String? = nil)
        throws(SettingsError) -> Int
    {
        let allowed = "\(key) is \(range.lowerBound)-\(range.upperBound)" + (word.map { " or \($0)" } ?? "")
        let value = try number(key: key, raw: raw, kind: allowed)
        guard range.contains(value) else { throw .outOfRange(key: key, message: allowed) }
        return value
    }

    /// `set teams <raw>`'s value: a count in `teamsRange`, nil for the default (saved settings keep
    /// their shape).
    static func teams(_ raw: String) throws(SettingsError) -> Int? {
        let count = try number(key: "teams", raw: raw, in: teamsRange)
        return count == defaultTeams ? nil : count
    }

    /// Parses an integer; digits too many for `Int` are out of range, anything else invalid.
    private static func number(key: String, raw: String, kind: String) throws(SettingsError) -> Int {
        if let value = Int(raw) { return value }
        let digits = raw.hasPrefix("-") || raw.hasPrefix("+") ? raw.dropFirst() : raw[...]
        if !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw .outOfRange(key: key, message: kind)
        }
        throw .invalidValue(key: key, value: raw, message: kind)
    }

    private static func trimmed(_ text: String) -> String {
        var slice = text[...]
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
