/// The `help` texts: a summary of every command, and usage with examples per command.
enum Help {
    struct Entry {
        let names: [String]
        let usage: String
        let summary: String
        let examples: [String]
    }

    static let entries: [Entry] = [
        Entry(
            names: ["guess", "solve"], usage: "<letter> | guess <letter> | guess <word> | solve <word>",
            summary: "guess a letter or the whole word, on your turn", examples: ["e", "guess e", "solve hangman"]),
        Entry(names: ["play"], usage: "play", summary: "quick play: sit in a public room and start at once", examples: ["play"]),
        Entry(names: ["rooms"], usage: "rooms", summary: "list the rooms", examples: ["rooms"]),
        Entry(
            names: ["create"], usage: "create <room> [password]",
            summary: "make a room and host it (a password makes it private)",
            examples: ["create friday", "create friday s3cret"]),
        Entry(names: ["join"], usage: "join <room> [password]", summary: "take a seat in a room", examples: ["join friday"]),
        Entry(
            names: ["watch"], usage: "watch <room> [password]", summary: "spectate a room (you cannot guess)",
            examples: ["watch friday", "watch den s3cret"]),
        Entry(names: ["leave", "lobby"], usage: "leave", summary: "go back to the lobby", examples: ["leave"]),
        Entry(names: ["start", "new"], usage: "start", summary: "host: start a new game", examples: ["start"]),
        Entry(
            names: ["say", "'"], usage: "say <text> | '<text>", summary: "chat to your room (or the lobby)",
            examples: ["say good luck!", "'nice one"]),
        Entry(
            names: ["set"], usage: "set <key> <value>",
            summary: "host: change a setting (help set lists them)",
            examples: [
                "set mode evil", "set difficulty hard", "set length 6", "set length any", "set misses 5",
                "set rounds 5", "set turn 30", "set turn off", "set seats 4",
            ]),
        Entry(names: ["settings"], usage: "settings", summary: "show the room's settings", examples: ["settings"]),
        Entry(names: ["state"], usage: "state", summary: "show the game as it stands", examples: ["state"]),
        Entry(names: ["who"], usage: "who", summary: "who is in your room and in the lobby", examples: ["who"]),
        Entry(names: ["kick"], usage: "kick <player>", summary: "host: remove a player from the room", examples: ["kick bob"]),
        Entry(
            names: ["top"], usage: "top [n]", summary: "the global leaderboard (default 10 rows)", examples: ["top", "top 25"]),
        Entry(
            names: ["highscores"], usage: "highscores", summary: "the 10 best games: player, words, mistakes, score",
            examples: ["highscores"]),
        Entry(
            names: ["history"], usage: "history [player] | history delete <game> | history reset",
            summary: "recent words with mistakes, or FAILED (delete: if registered)",
            examples: ["history", "history alice", "history delete 12", "history reset"]),
        Entry(names: ["stats"], usage: "stats [player]", summary: "totals and rank", examples: ["stats", "stats alice"]),
        Entry(names: ["game"], usage: "game <id>", summary: "one game's words and scores", examples: ["game 12"]),
        Entry(
            names: ["register"], usage: "register <password>", summary: "protect your name with a password",
            examples: ["register correct-horse"]),
        Entry(names: ["color", "colour"], usage: "color on|off", summary: "ANSI colours in text mode", examples: ["color on"]),
        Entry(
            names: ["json", "text"], usage: "json | text", summary: "switch output to JSON lines (for bots) or back to text",
            examples: ["json", "text"]),
        Entry(
            names: ["help"], usage: "help [command]", summary: "this list, or one command with examples", examples: ["help set"]),
        Entry(names: ["quit", "exit"], usage: "quit", summary: "leave the server", examples: ["quit"]),
    ]

    /// The lines for `help` (topic nil) or `help <command>`; nil when there is no such command.
    static func text(for topic: String?) -> [String]? {
        guard var topic else {
            var lines = ["Commands (type help <command> for examples; a leading / is fine):"]
            for entry in entries {
                lines.append("  " + TextRenderer.pad(entry.names[0], 11) + entry.summary)
            }
            lines.append("On your turn just type a letter.")
            return lines
        }
        if topic.hasPrefix("/") { topic.removeFirst() }
        guard let entry = entries.first(where: { $0.names.contains(topic) }) else { return nil }
        var lines = ["usage: " + entry.usage, entry.summary]
        if entry.names[0] == "set" {
            lines += [
                "keys: mode classic|evil, difficulty noob|very-easy|easy|moderate|hard|",
                "      very-hard|deity|custom, length 1..n|any, misses 1-26, rounds 1-50,",
                "      turn 5-600|off, seats 1-32",
            ]
        }
        return lines + ["examples:"] + entry.examples.map { "  " + $0 }
    }
}
