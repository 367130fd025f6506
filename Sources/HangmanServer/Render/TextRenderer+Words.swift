/// Text for what word lists bring: hints come from WordNet with "…", which a client that did not
/// say it shows UTF-8 gets as "...".
extension TextRenderer {
    static func hintText(_ hint: String, _ layout: TextLayout) -> String {
        layout.unicode ? hint : hint.split(separator: "…", omittingEmptySubsequences: false).joined(separator: "...")
    }
}

extension TextRenderer {
    /// A letter upper-cased in one column: a letter whose capital is two letters (`ß` → `SS`) stays
    /// as it is, so a pattern keeps one column a letter and `ß` is not shown as a guess of `ss`.
    static func capital(_ letter: Character) -> String {
        let capital = String(letter).uppercased()
        return capital.count == 1 ? capital : String(letter)
    }
}
