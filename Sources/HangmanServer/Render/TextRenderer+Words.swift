/// Text for what word lists bring (and the notice of spectators, below): hints come from WordNet with "…", which a client that did not
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

extension TextRenderer {
    /// The notice of spectators coming and going: "3 people started watching arena, 1 stopped (2 watching)".
    static func spectatorChurn(room: String, started: Int, stopped: Int, watching: Int) -> String {
        func people(_ count: Int) -> String { count == 1 ? "1 person" : "\(count) people" }
        let change =
            switch (started, stopped) {
            case (_, 0): "\(people(started)) started watching \(room)"
            case (0, _): "\(people(stopped)) stopped watching \(room)"
            default: "\(people(started)) started watching \(room), \(stopped) stopped"
            }
        return change + " (\(watching) watching)"
    }
}
