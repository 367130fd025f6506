/// The `help` texts, drawn from the command table: the overview fits an 80×24 terminal (grouped,
/// at most `maxLines` lines, none over `width` columns), `help <command>` gives one row in detail.
enum Help {
    /// Columns every help line fits in.
    static let width = 80
    /// Lines the overview may take, leaving room on a 24-line screen for the prompt and a line of chat.
    static let maxLines = 20

    /// The rows `help <topic>` is about: every row for no topic, one row for a command word or
    /// alias (a leading `/` is fine), nil for anything else. Operator commands only for an operator.
    static func rows(for topic: String?, operator: Bool = false) -> [CommandSpec]? {
        guard let topic else { return visible(operator: `operator`) }
        return CommandTable.row(for: topic).flatMap { $0.access != .operator || `operator` ? [$0] : nil }
    }

    /// The rows `help` shows: all of them to an operator, the operator commands left out for anyone else.
    static func visible(operator: Bool) -> [CommandSpec] {
        `operator` ? CommandTable.rows : CommandTable.rows.filter { $0.access != .operator }
    }

    /// The lines for `help` (topic nil) or `help <command>`; nil when there is no such command.
    static func text(for topic: String?, operator: Bool = false) -> [String]? {
        guard let topic else { return overview(operator: `operator`) }
        return rows(for: topic, operator: `operator`)?.first.map(detail)
    }

    /// One block per group: the title, then each command's usage, wrapped under the title's column.
    static func overview(width: Int = Help.width, operator: Bool = false) -> [String] {
        let indent = 10
        var lines = ["Commands (help <command> for details and examples; a leading / is fine):"]
        for group in CommandSpec.Group.allCases {
            let usages = visible(operator: `operator`).filter { $0.group == group }.map(\.usage)
            guard !usages.isEmpty else { continue }
            var line = TextRenderer.pad(group.title + ":", indent)
            var lineHasUsage = false
            for usage in usages {
                let piece = (lineHasUsage ? ", " : "") + usage
                if lineHasUsage, line.count + piece.count + 1 > width {  // + 1: the trailing comma
                    lines.append(line + ",")
                    line = String(repeating: " ", count: indent) + usage
                } else {
                    line += piece
                }
                lineHasUsage = true
            }
            lines.append(line)
        }
        lines.append("On your turn just type a letter. Also: help name, help password, help register.")
        return lines
    }

    /// `help <command>`: usage, summary, who may use it, aliases, details and examples.
    static func detail(_ row: CommandSpec) -> [String] {
        var lines = ["usage: " + row.usage, row.summary]
        switch row.access {
        case .anyone: break
        case .seated: lines.append("Only for a player seated in a room.")
        case .host: lines.append("Only the room's host may use it.")
        case .operator: lines.append("Only for the server's operators, logged in with their password.")
        }
        if row.beforeLogin, row.name != "name", row.name != "password" { lines.append("Works before you choose a name too.") }
        if !row.aliases.isEmpty { lines.append("Also: " + row.aliases.joined(separator: ", ")) }
        lines += row.details
        return lines + ["examples:"] + row.examples.map { "  " + $0 }
    }
}
