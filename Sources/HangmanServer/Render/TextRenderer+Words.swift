/// Text for what word lists bring: hints come from WordNet with "…", which a client that did not
/// say it shows UTF-8 gets as "...".
extension TextRenderer {
    static func hintText(_ hint: String, _ layout: TextLayout) -> String {
        layout.unicode ? hint : hint.split(separator: "…", omittingEmptySubsequences: false).joined(separator: "...")
    }
}
