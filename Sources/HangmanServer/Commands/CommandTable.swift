import HangmanCore

/// The one table of commands. The parser looks command words up here (aliases included), `help`
/// renders it in text and JSON, and the command table of docs/PROTOCOL.md is generated from it
/// (`CommandTable.markdown()`; a test fails when the document drifts).
public enum CommandTable {
    public static let rows: [CommandSpec] = [
        // Playing
        CommandSpec(
            "guess", arguments: "<letter>|<word>", access: .seated, group: .playing,
            summary: "guess a letter or the whole word, on your turn",
            details: ["On your turn a letter on its own is a guess too: just type e."],
            examples: ["e", "guess e", "guess hangman"]),
        CommandSpec(
            "solve", arguments: "<word>", access: .seated, group: .playing, summary: "guess the whole word, on your turn",
            examples: ["solve hangman"]),
        CommandSpec(
            "play", arguments: "[confirm]", group: .playing, summary: "quick play: sit in a public room and start at once",
            details: [
                "Leaves the room you are in first. Seated in a running game, play asks",
                "first: play again (or play confirm) leaves your seat and score.",
            ],
            examples: ["play", "play confirm"]),
        CommandSpec(
            "hint", access: .seated, group: .playing, summary: "show the word's hint to the room; it costs a miss",
            details: [
                "On your turn, in a round whose word has a hint (a category's words do).",
                "The first hint of a round costs the room one miss (refused when it would",
                "hang the man) and keeps your turn; after that hint shows it again for free.",
            ],
            examples: ["hint"], isExtension: true),
        CommandSpec("state", group: .playing, summary: "show the game as it stands", examples: ["state"]),
        .word,
        CommandSpec(
            "team", arguments: "<n>", access: .seated, group: .playing,
            summary: "choose your team for the next game (teams mode)",
            details: [
                "Teams are numbered 1 to the room's teams setting. Players who chose none",
                "join the smallest team at start; the teams stay fixed for the game.",
            ],
            examples: ["team 2"], isExtension: true),
        CommandSpec(
            "bell", arguments: "on|off", group: .playing, summary: "ring the terminal bell when your turn comes",
            examples: ["bell on", "bell off"], isExtension: true),
        // Rooms
        CommandSpec("rooms", group: .rooms, summary: "list the rooms", examples: ["rooms"]),
        CommandSpec(
            "create", arguments: "<room> [password]", group: .rooms,
            summary: "make a room and host it (a password makes it private)",
            details: [
                "A room name is 1-24 of A-Z a-z 0-9 _ -. The room waits until its host",
                "types start. Leaves the room you are in first.",
            ],
            examples: ["create friday", "create friday s3cret"]),
        CommandSpec(
            "join", arguments: "<room> [password]", group: .rooms, summary: "take a seat in a room",
            details: ["A private room needs its password."], examples: ["join friday", "join den s3cret"]),
        CommandSpec(
            "watch", arguments: "<room> [password]", group: .rooms, summary: "spectate a room (you cannot guess)",
            examples: ["watch friday", "watch den s3cret"]),
        CommandSpec("leave", aliases: ["lobby"], group: .rooms, summary: "go back to the lobby", examples: ["leave"]),
        CommandSpec("who", group: .rooms, summary: "who is in your room and in the lobby", examples: ["who"]),
        CommandSpec("settings", group: .rooms, summary: "show the room's settings", examples: ["settings"]),
        CommandSpec(
            "words", arguments: "[add <word>...|clear]", group: .rooms,
            summary: "how many words the room has of its own; the host adds them",
            details: [
                "The host of a private room adds words for that room only (letters of the",
                "room's language); while it has any, games draw from them alone and stay off",
                "the global leaderboard. words shows the count, never the words.",
            ],
            examples: ["words", "words add gnocchi risotto", "words clear"], isExtension: true),
        // Host
        CommandSpec(
            "start", aliases: ["new"], access: .host, group: .host, summary: "start a new game (not while one runs)",
            examples: ["start"]),
        CommandSpec(
            "set", arguments: "<key> <value>", access: .host, group: .host,
            summary: "change a setting, from the next round",
            details: SettingsHelp.lines,
            // Each mode `set mode` offers but the default (classic), from the registry.
            examples: Mode.allCases.filter { $0.isOffered && $0 != .classic }.map { "set mode \($0.rawValue)" } + [
                "set difficulty hard", "set length any", "set misses 5", "set turn off", "set category animals",
                "set language de",
            ]),
        CommandSpec(
            "kick", arguments: "<player>", access: .host, group: .host, summary: "remove a player from the room",
            examples: ["kick bob"], isExtension: true),
        CommandSpec(
            "bot", arguments: "add [level] | remove [name]", access: .host, group: .host,
            summary: "seat a computer player (house bot), or remove one",
            details: [
                "levels: easy (a beginner), fair, strong (plays the likeliest letter); fair",
                "when none is given. A bot takes a seat and its turns like anyone else and",
                "leaves with the last person. Its games never reach the leaderboard.",
                "bot remove without a name removes the bot added last.",
            ],
            examples: ["bot add", "bot add strong", "bot remove", "bot remove bot-easy"], isExtension: true),
        CommandSpec(
            "votekick", arguments: "<player>", access: .seated, group: .rooms,
            summary: "vote to remove a seated player from the room",
            details: [
                "It passes when most of the other seated players vote so within a minute;",
                "the player then leaves the room and may not sit there again for a while.",
                "Spectators and bots have no vote. One vote-kick a minute per player.",
            ],
            examples: ["votekick bob"], isExtension: true),
        // Chat
        CommandSpec(
            "say", aliases: ["'"], arguments: "<text>", group: .chat, summary: "chat to your room (or the lobby)",
            details: ["'<text> is short for say <text>."], examples: ["say good luck!", "'nice one"]),
        // Scores
        CommandSpec(
            "top", arguments: "[month|YYYY-MM|rating] [n]", group: .scores,
            summary: "the global leaderboard (default 10 rows), or a month's",
            details: [
                "top month    this month's board (UTC): the games that ended in it",
                "top YYYY-MM  a given month's board, e.g. top 2026-05",
                "top rating   the skill ratings (mu - 3 sigma), settled players only",
            ],
            examples: ["top", "top 25", "top month", "top 2026-05 20", "top rating"]),
        CommandSpec(
            "highscores", group: .scores, summary: "the 10 best games: player, words, mistakes, score",
            examples: ["highscores"]),
        CommandSpec(
            "history", arguments: "[player]", group: .scores, summary: "recent words with their mistakes, or FAILED",
            details: [
                "history delete <game>  remove one of your games (registered names only)",
                "history reset          remove all of your games (registered names only)",
            ],
            examples: ["history", "history alice", "history delete 12", "history reset"]),
        CommandSpec(
            "stats", arguments: "[player]", group: .scores, summary: "totals, best game and rank",
            examples: ["stats", "stats alice"], isExtension: true),
        CommandSpec(
            "game", arguments: "<id>", group: .scores, summary: "one game's words, mistakes and scores",
            examples: ["game 12"], isExtension: true),
        // Account
        CommandSpec(
            "name", arguments: "<name>", beforeLogin: true, group: .account, summary: "choose your name (at the name prompt)",
            details: [
                "1-16 of A-Z a-z 0-9 _ -, unique ignoring case; command words are not names.",
                "At the name prompt a bare line is taken as the name.",
                "To change names later, quit and connect again.",
            ],
            examples: ["name alice", "alice"]),
        CommandSpec(
            "password", arguments: "<secret> | <old> <new>", beforeLogin: true, group: .account,
            summary: "answer the password prompt; logged in: change your password",
            details: [
                "A bare line at the password prompt works too. A wrong password asks again;",
                "the third wrong answer closes the connection.",
                "Logged in under a registered name, password <old> <new> changes its password:",
                "type your whole old password (spaces and all), then the new one (one word,",
                "4-72 bytes). A wrong old one counts as a wrong password at login; a line that",
                "cannot hold your old password costs nothing. Your screen shows what you type.",
            ],
            examples: ["password correct-horse", "correct-horse", "password correct-horse battery-staple"]),
        CommandSpec(
            "register", arguments: "<secret>", group: .account, summary: "protect your name with a password",
            details: [
                "The password is 4-72 bytes. From then on the name needs it to log in;",
                "it is stored only as a hash. nc shows what you type on your own screen.",
            ],
            examples: ["register correct-horse"]),
        // Display
        CommandSpec(
            "json", beforeLogin: true, group: .display, summary: "switch output to JSON lines (for programs)",
            examples: ["json"]),
        CommandSpec("text", beforeLogin: true, group: .display, summary: "switch output back to text", examples: ["text"]),
        CommandSpec(
            "color", aliases: ["colour"], arguments: "on|off", beforeLogin: true, group: .display,
            summary: "ANSI colours in text mode", examples: ["color on", "color off"], isExtension: true),
        CommandSpec(
            "screenreader", arguments: "on|off", beforeLogin: true, group: .display,
            summary: "text said for a screen reader: no drawings, the word in words",
            details: [
                "Saved with your settings. A client that says it is a screen reader (MTTS)",
                "turns it on by itself. JSON output is the same either way.",
            ],
            examples: ["screenreader on", "screenreader off"], isExtension: true),
        // Operators
        CommandSpec(
            "ban", arguments: "<name> <duration> [reason]", access: .operator, group: .operators,
            summary: "keep a name off the server (closes it if online)",
            details: ["Durations: 30s, 10m, 2h, 7d or forever. Stored: it outlasts a restart."],
            examples: ["ban mallory 2h flooding the chat", "ban mallory forever"], isExtension: true),
        CommandSpec(
            "unban", arguments: "<name>", access: .operator, group: .operators, summary: "lift a name's ban",
            examples: ["unban mallory"], isExtension: true),
        CommandSpec(
            "mute", arguments: "<name> <duration> [reason]", access: .operator, group: .operators,
            summary: "silence a name's chat for a while",
            details: ["Durations: 30s, 10m, 2h, 7d or forever. A muted say reaches nobody."],
            examples: ["mute mallory 10m calm down"], isExtension: true),
        CommandSpec(
            "unmute", arguments: "<name>", access: .operator, group: .operators, summary: "lift a name's mute",
            examples: ["unmute mallory"], isExtension: true),
        CommandSpec(
            "disconnect", arguments: "<name> [reason]", access: .operator, group: .operators,
            summary: "close an online player's connection", examples: ["disconnect mallory go to bed"],
            isExtension: true),
        CommandSpec(
            "announce", arguments: "<text>", access: .operator, group: .operators,
            summary: "a message to everyone on this server", examples: ["announce restart at 18:00 UTC"],
            isExtension: true),
        CommandSpec(
            "bans", access: .operator, group: .operators, summary: "the bans and mutes in force: who set each, when it ends",
            examples: ["bans"], isExtension: true),
        CommandSpec(
            "modlog", arguments: "[n]", access: .operator, group: .operators,
            summary: "the latest moderation actions, newest first", examples: ["modlog", "modlog 5"], isExtension: true),
        CommandSpec(
            "ban-address", arguments: "<address>[/bits] <duration>", access: .operator, group: .operators,
            summary: "refuse connections from an address or network",
            details: ["They are refused before the name prompt, with one line saying so."],
            examples: ["ban-address 203.0.113.7 1h", "ban-address 203.0.113.0/24 7d"], isExtension: true),
        // Other
        CommandSpec(
            "help", aliases: ["?"], arguments: "[command]", beforeLogin: true, group: .other,
            summary: "the command list, or one command with examples", examples: ["help", "help set", "help new"]),
        CommandSpec("quit", aliases: ["exit"], beforeLogin: true, group: .other, summary: "leave the server", examples: ["quit"]),
    ]

    /// The row for a command word or alias (case-insensitive, a leading `/` allowed), or nil.
    public static func row(for word: String) -> CommandSpec? {
        var key = word.lowercased()
        if key.hasPrefix("/") { key.removeFirst() }
        return byWord[key]
    }

    /// Every command word and alias, lower-case: never a name.
    public static let words: Set<String> = Set(byWord.keys)

    private static let byWord: [String: CommandSpec] = {
        var table: [String: CommandSpec] = [:]
        for row in rows {
            for word in [row.name] + row.aliases { table[word] = row }
        }
        return table
    }()
}
