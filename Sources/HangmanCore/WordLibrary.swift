/// Every word list a server offers: the main list and the categories (each a list of its own,
/// named after its file in the categories folder, e.g. `animals`). A room plays from the main
/// list until its host picks a category (`Settings.category`).
public struct WordLibrary: Sendable {
    /// The list rooms play by default (`--words`).
    public var main: WordList
    /// Category name (lower-case) → its list.
    public var categories: [String: WordList]

    public init(main: WordList = WordList(), categories: [String: WordList] = [:]) {
        self.main = main
        self.categories = categories
    }

    /// The category names, alphabetical.
    public var categoryNames: [String] { categories.keys.sorted() }

    /// The list a room with `settings` draws from: its category's, else the main list.
    public func words(for settings: Settings) -> WordList {
        settings.category.flatMap { categories[$0] } ?? main
    }
}
