/// Every word list a server offers: the main list (English), the categories (each a list of its
/// own, named after its file in the categories folder, e.g. `animals`; English) and the other
/// languages' lists (`de`, `fr`, `es`; each with its `Alphabet`). A room plays from the main list
/// until its host picks a category (`Settings.category`) or a language (`Settings.language`).
public struct WordLibrary: Sendable {
    /// The list rooms play by default (`--words`).
    public var main: WordList
    /// Category name (lower-case) → its list.
    public var categories: [String: WordList]
    /// Language code → its list (English is `main`).
    public var languages: [String: WordList]

    public init(main: WordList = WordList(), categories: [String: WordList] = [:], languages: [String: WordList] = [:]) {
        self.main = main
        self.categories = categories
        self.languages = languages
    }

    /// The language of `main`: `en`.
    public static let mainLanguage = "en"

    /// The language codes a room may pick: `en` and the loaded ones, alphabetical.
    public var languageNames: [String] {
        ([Self.mainLanguage] + languages.keys.filter { $0 != Self.mainLanguage }).sorted()
    }

    /// The category names, alphabetical.
    public var categoryNames: [String] { categories.keys.sorted() }

    /// The list a room with `settings` draws from: its category's, else the main list.
    public func words(for settings: Settings) -> WordList {
        if let language = settings.language, let list = languages[language] { return list }
        return settings.category.flatMap { categories[$0] } ?? main
    }
}
