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
                throw .invalidValue(key: "category", value: value, message: "no category '\(value)'; \(choices), or none")
            }
            updated.category = name
        }
        let words = library.words(for: updated)
        do throws(SettingsError) {
            try Self.checkWords(length: updated.length, difficulty: updated.difficulty, changing: "category", words: words)
        } catch {
            let lengths = CompactRanges.describe(words.lengths)
            throw .outOfRange(
                key: "category",
                message:
                    "\(updated.category ?? "the main list") has no word for \(updated.length.map { "length \($0)" } ?? "any length") at \(updated.difficulty.rawValue); its lengths: \(lengths)"
            )
        }
        self = updated
    }
}
