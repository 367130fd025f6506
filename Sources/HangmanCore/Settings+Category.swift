/// Picking a room's category (`set category animals`; `none` or `any` goes back to the main list).
extension Settings {
    /// The values that mean "no category: the main list".
    public static let noCategory: Set<String> = ["none", "any", "off"]

    /// Sets `category` to `value` (case-insensitive) from `library`. Throws `.invalidValue` naming
    /// the categories for an unknown one, and `.outOfRange` (naming what exists) when the current
    /// length or difficulty leaves no word in that category; on error nothing changes.
    public mutating func setCategory(_ value: String, library: WordLibrary) throws(SettingsError) {
        let name = value.lowercased()
        var updated = self
        if Self.noCategory.contains(name) {
            updated.category = nil
        } else {
            guard library.categories[name] != nil else {
                let names = library.categoryNames
                let choices = names.isEmpty ? "this server has no categories" : "categories: " + names.joined(separator: ", ")
                throw .invalidValue(
                    key: SettingKey.category.name, value: value, message: "no category '\(value)'; \(choices), or none")
            }
            updated.category = name
            updated.language = nil  // the categories are English
        }
        try updated.checkList(key: .category, name: updated.category ?? "the main list", library: library)
        self = updated
    }

    /// Sets `language` to `value` (`en` or a loaded language, case-insensitive); a category is
    /// dropped (they are English). Throws as `setCategory` does.
    public mutating func setLanguage(_ value: String, library: WordLibrary) throws(SettingsError) {
        let code = value.lowercased()
        guard library.languageNames.contains(code) else {
            throw .invalidValue(
                key: SettingKey.language.name, value: value,
                message: "no language '\(value)'; languages: \(library.languageNames.joined(separator: ", "))")
        }
        var updated = self
        updated.language = code == WordLibrary.mainLanguage ? nil : code
        updated.category = nil
        try updated.checkList(key: .language, name: code, library: library)
        self = updated
    }

    /// `.outOfRange` when the length or difficulty leaves no word in the list these settings pick.
    private func checkList(key: SettingKey, name: String, library: WordLibrary) throws(SettingsError) {
        let words = library.words(for: self)
        do throws(SettingsError) {
            try Self.checkWords(length: length, difficulty: difficulty, changing: key, words: words)
        } catch {
            throw .outOfRange(
                key: key.name,
                message: "\(name) has no word for \(length.map { "length \($0)" } ?? "any length") at "
                    + "\(difficulty.rawValue); its lengths: \(CompactRanges.describe(words.lengths))")
        }
    }
}
