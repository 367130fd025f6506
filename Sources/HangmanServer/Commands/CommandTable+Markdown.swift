extension CommandTable {
    /// Marks the generated command table in docs/PROTOCOL.md.
    static let markdownBegin = "<!-- command-table: generated from CommandTable.rows; do not edit by hand -->"
    static let markdownEnd = "<!-- end command-table -->"

    /// The command table of docs/PROTOCOL.md, between its markers. A test compares it with the
    /// document; `UPDATE_DOCS=1 swift test --filter CommandTableTests` rewrites the document.
    static func markdown() -> String {
        var lines = [
            markdownBegin,
            "| command | also | who | before a name | meaning |",
            "|---|---|---|---|---|",
        ]
        for row in rows {
            let also = row.aliases.map { "`\($0)`" }.joined(separator: ", ")
            let who: String
            switch row.access {
            case .anyone: who = "anyone"
            case .seated: who = "seated player"
            case .host: who = "host"
            case .operator: who = "operator"
            }
            let meaning = row.summary + (row.isExtension ? " *(extension)*" : "")
            lines.append("| `\(cell(row.usage))` | \(also) | \(who) | \(row.beforeLogin ? "yes" : "") | \(meaning) |")
        }
        lines.append(markdownEnd)
        return lines.joined(separator: "\n")
    }

    /// A `|` inside a table cell (even in code) must be escaped in GitHub Markdown.
    private static func cell(_ text: String) -> String {
        text.map { $0 == "|" ? "\\|" : String($0) }.joined()
    }
}
