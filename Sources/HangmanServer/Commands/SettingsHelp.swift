import HangmanCore

/// `help set` and docs/PROTOCOL.md's settings table, both from the one table of settings
/// (`SettingKey`).
enum SettingsHelp {
    /// The lines `help set` shows under the summary: one a key, with the values it takes.
    static var lines: [String] {
        let width = (SettingKey.names.map(\.count).max() ?? 0) + 2
        var lines = ["keys (settings shows the room's; an unknown value lists the choices):"]
        for key in SettingKey.offered {
            lines.append("  " + key.name + String(repeating: " ", count: max(1, width - key.name.count)) + key.valuesSummary)
        }
        lines.append("A change during a game applies from the next round; seats at once.")
        return lines
    }

    /// Marks the generated settings table in docs/PROTOCOL.md.
    static let markdownBegin = "<!-- settings-table: generated from SettingKey; do not edit by hand -->"
    static let markdownEnd = "<!-- end settings-table -->"

    /// The settings table of docs/PROTOCOL.md, between its markers. A test compares it with the
    /// document; `UPDATE_DOCS=1 swift test --filter SettingKeyDocumentTests` rewrites the document.
    static func markdown() -> String {
        var lines = [
            markdownBegin,
            "| key | values | default | changed during a game |",
            "|---|---|---|---|",
        ]
        for key in SettingKey.offered {
            let name = "`\(key.name)`" + (key.isExtension ? " *(extension)*" : "")
            let applies: String
            switch key.applies {
            case .now: applies = "at once"
            case .nextRound: applies = "from the next round"
            case .nextGame: applies = "from the next game"
            }
            lines.append("| \(name) | \(values(key)); \(key.help)\(note(key)) | `\(key.defaultValue)` | \(applies) |")
        }
        lines.append(markdownEnd)
        return lines.joined(separator: "\n")
    }

    /// The values a key takes, as the docs write them.
    private static func values(_ key: SettingKey) -> String {
        let word = key.word.map { " or `\($0)`" } ?? ""
        switch key.kind {
        case .choice:
            return key.choices.map { "`\($0)`" }.joined(separator: ", ")
        case .number where key == .length:
            return "1..n (n = the longest word in the list)" + word
        case .number:
            let range = key.range.map { "\($0.lowerBound)..\($0.upperBound)" } ?? ""
            return range + word
        case .name where key == .language:
            return "`\(WordLibrary.mainLanguage)`, or a language the server offers"
        case .name:
            return "a category's name" + word
        }
    }

    /// What the docs add to a key's help line.
    private static func note(_ key: SettingKey) -> String {
        switch key {
        case .mode: " (see \"Modes\")"
        case .difficulty: " (docs/RULES.md has the levels)"
        case .language:
            " (`de`, `fr`, `es`; an unknown one is `invalid_input` listing them); a single-letter guess is then any "
                + "letter of its alphabet, accents folded (docs/RULES.md, \"Languages\")"
        case .category:
            " (`settings` shows the room's; an unknown name is `invalid_input` listing them); `none` or `any`: the main list"
        case .length, .misses, .rounds, .turn, .seats, .teams: ""
        }
    }
}
