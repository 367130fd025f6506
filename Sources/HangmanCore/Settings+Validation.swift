extension Settings {
    /// Applies `set <key> <value>`; key and value are case-insensitive and trimmed. A category or
    /// language is looked up in a library of `words` alone (`set(_:_:words:library:)` with the
    /// server's library is what a room calls).
    ///
    /// Throws `.unknownKey` for a key not in `SettingKey`, else as `set(_:_:words:library:)`.
    public mutating func set(_ name: String, _ value: String, words: WordList) throws(SettingsError) {
        guard let key = SettingKey(name: name) else { throw .unknownKey(name.trimmingSpaces.lowercased()) }
        try set(key, value, words: words, library: WordLibrary(main: words))
    }

    /// Applies `set <key> <value>`; the value is case-insensitive and trimmed. `words` is the list
    /// the room draws from (its own words, when it has some); `library` holds the categories and
    /// languages `category` and `language` pick from.
    ///
    /// Throws `.invalidValue` for a value of the wrong kind (a word where a number belongs, an
    /// unknown mode, level, category or language) and `.outOfRange` for a number outside its range
    /// or a length/difficulty that leaves no word in `words`. On error the settings are unchanged.
    public mutating func set(_ key: SettingKey, _ value: String, words: WordList, library: WordLibrary)
        throws(SettingsError)
    {
        let raw = value.trimmingSpaces
        let value = raw.lowercased()
        switch key {
        case .mode:
            guard let mode = Mode(rawValue: value), mode.isOffered else {
                throw .invalidValue(key: key.name, value: raw, message: "\(key.name) is \(Mode.names)")
            }
            self.mode = mode
        case .difficulty:
            guard let level = Difficulty(name: value) else {
                throw .invalidValue(
                    key: key.name, value: raw, message: "\(key.name) is one of \(key.choices.joined(separator: ", "))")
            }
            try Self.checkWords(length: length, difficulty: level, changing: key, words: words)
            difficulty = level
        case .length:
            if value == key.word {
                try Self.checkWords(length: nil, difficulty: difficulty, changing: key, words: words)
                length = nil
                return
            }
            let allowed = Self.allowed(key, longest: words.longest)
            let number = try Self.number(key: key, raw: raw, kind: allowed)
            guard number >= 1 && number <= words.longest else {
                throw .outOfRange(
                    key: key.name, message: "\(allowed) (lengths with words: \(CompactRanges.describe(words.lengths)))")
            }
            try Self.checkWords(length: number, difficulty: difficulty, changing: key, words: words)
            length = number
        case .misses:
            misses = try Self.number(key: key, raw: raw)
        case .rounds:
            rounds = try Self.number(key: key, raw: raw)
        case .turn:
            turnSeconds = value == key.word ? nil : try Self.number(key: key, raw: raw)
        case .seats:
            seats = try Self.number(key: key, raw: raw)
        case .category:
            try setCategory(raw, library: library)
        case .language:
            try setLanguage(raw, library: library)
        case .teams:
            teams = try Self.teams(raw)
        }
    }

    /// `key`'s whole-number value (nil for `any`/`off`, and for the keys that are not numbers).
    public func number(_ key: SettingKey) -> Int? {
        switch key {
        case .length: length
        case .misses: misses
        case .rounds: rounds
        case .turn: turnSeconds
        case .seats: seats
        case .teams: teamCount
        case .mode, .difficulty, .category, .language: nil
        }
    }

    /// Applies saved `values` (as from `values`), skipping unknown keys and the word-list keys, in
    /// `SettingKey.applyOrder`, which cannot trip over itself: the length is checked as if custom,
    /// then the difficulty against that length. Returns the errors of the values refused; those
    /// settings keep their previous value (a previous difficulty that no longer fits the new length
    /// falls back to custom).
    @discardableResult
    public mutating func apply(_ values: [String: String], words: WordList) -> [SettingsError] {
        var errors: [SettingsError] = []
        let previousDifficulty = difficulty
        difficulty = .custom
        var difficultySet = false
        for key in SettingKey.applyOrder where key.kind != .name && key.isOffered {
            guard let value = values[key.name] else { continue }
            do {
                try set(key, value, words: words, library: WordLibrary(main: words))
                if key == .difficulty { difficultySet = true }
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
        for key in SettingKey.applyOrder where key.kind == .name && key.isOffered {
            guard let value = values[key.name] else { continue }
            do throws(SettingsError) {
                try set(key, value, words: library.words(for: self), library: library)
            } catch {
                errors.append(error)
            }
        }
        return errors + apply(values, words: library.words(for: self))
    }

    /// Checks every field against its range and the word list (for settings built in code).
    public func validate(words: WordList) throws(SettingsError) {
        if let length, length < 1 || length > max(words.longest, 1) {
            throw .outOfRange(
                key: SettingKey.length.name,
                message: "\(Self.allowed(.length, longest: words.longest)) "
                    + "(lengths with words: \(CompactRanges.describe(words.lengths)))")
        }
        try Self.checkWords(length: length, difficulty: difficulty, changing: .length, words: words)
        for key in SettingKey.offered where key.kind == .number && key != .length {
            if let value = number(key), let range = key.range, !range.contains(value) {
                throw .outOfRange(key: key.name, message: Self.allowed(key, longest: words.longest))
            }
        }
    }

    /// What a number key allows, as messages say it: `misses is 1-26`, `turn is 5-600 or off`,
    /// `length is 1-12 or any` (`length is any` while the list is empty).
    public static func allowed(_ key: SettingKey, longest: Int) -> String {
        let word = key.word.map { " or \($0)" } ?? ""
        if key == .length {
            return longest > 0 ? "\(key.name) is 1-\(longest)\(word)" : "\(key.name) is \(key.word ?? "")"
        }
        guard let range = key.range else { return "\(key.name) is \(key.valuesSummary)" }
        return "\(key.name) is \(range.lowerBound)-\(range.upperBound)\(word)"
    }

    /// Throws `.outOfRange` naming what exists if no word has `length` (nil = any) at `difficulty`.
    static func checkWords(length: Int?, difficulty: Difficulty, changing setting: SettingKey, words: WordList)
        throws(SettingsError)
    {
        let key = setting.name
        guard words.count(length: length, distinctLetters: difficulty.distinctLetters) == 0 else { return }
        if words.count == 0 {
            throw .outOfRange(key: key, message: "the word list is empty")
        }
        let lengthText = length.map { " of length \($0)" } ?? ""
        if setting == .difficulty {
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

    /// Parses a number key's value and checks it against the key's range.
    private static func number(key: SettingKey, raw: String) throws(SettingsError) -> Int {
        let allowed = allowed(key, longest: 0)
        let value = try number(key: key, raw: raw, kind: allowed)
        guard key.range?.contains(value) ?? false else { throw .outOfRange(key: key.name, message: allowed) }
        return value
    }

    /// `set teams <raw>`'s value: a count in `teamsRange`, nil for the default (saved settings keep
    /// their shape).
    static func teams(_ raw: String) throws(SettingsError) -> Int? {
        let count = try number(key: .teams, raw: raw)
        return count == defaultTeams ? nil : count
    }

    /// Parses an integer; digits too many for `Int` are out of range, anything else invalid.
    private static func number(key: SettingKey, raw: String, kind: String) throws(SettingsError) -> Int {
        if let value = Int(raw) { return value }
        let digits = raw.hasPrefix("-") || raw.hasPrefix("+") ? raw.dropFirst() : raw[...]
        if !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw .outOfRange(key: key.name, message: kind)
        }
        throw .invalidValue(key: key.name, value: raw, message: kind)
    }
}
