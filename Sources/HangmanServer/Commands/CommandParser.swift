import HangmanCore
import HangmanNet

/// Turns a sanitized input line into a `Command`. Pure: no state, no I/O.
public enum CommandParser {
    /// Words that are commands, hence never names (lower-case): the command table's names and aliases.
    public static var commandWords: Set<String> { CommandTable.words }

    public static func parse(_ line: String) -> Result<Command, CommandError> {
        // The hot path: a line that is one letter is a guess (no command word is one letter:
        // `noCommandWordIsOneLetter`). The same answer as the general path below, without trimming,
        // splitting and lowercasing the line.
        if let only = line.first, line.utf8.count <= 4, line.count == 1, only.isLetter,
            let letter = only.lowercased().first, letter.isLetter
        {
            return .success(.guessLetter(letter))
        }
        let trimmed = line.trimmingSpaces()
        if trimmed.isEmpty { return .success(.empty) }
        if trimmed.hasPrefix("'") {
            return .success(.say(TextSanitizer.visible(String(trimmed.dropFirst())).trimmingSpaces()))
        }
        var body = Substring(trimmed)
        let slashed = body.hasPrefix("/")
        if slashed { body = body.dropFirst() }
        let (head, rest) = splitFirstWord(body)
        let word = head.lowercased()
        let arguments = rest.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // The table decides what is a command word (aliases included); `/` was stripped above already.
        let command = word.hasPrefix("/") ? nil : CommandTable.row(for: word)
        // The table decides: a row without arguments refuses any (`quit now` as `rooms please`).
        if let command, command.arguments.isEmpty, !arguments.isEmpty {
            return .failure(.invalid("usage: \(word) (no arguments)"))
        }

        switch command?.name {
        case "name":
            guard !rest.isEmpty else { return .failure(.invalid("usage: name <name>")) }
            return .success(.name(rest))
        case "password":
            guard !rest.isEmpty else { return .failure(.invalid("usage: password <secret>")) }
            return .success(.password(rest))
        case "register":
            guard !rest.isEmpty else { return .failure(.invalid("usage: register <password>")) }
            return .success(.register(rest))
        case "json": return .success(.json)
        case "text": return .success(.text)
        case "color":
            switch arguments.first?.lowercased() {
            case "on" where arguments.count == 1: return .success(.color(true))
            case "off" where arguments.count == 1: return .success(.color(false))
            default: return .failure(.invalid("usage: color on|off"))
            }
        case "play":
            if arguments.count == 1, arguments[0].lowercased() == "confirm" { return .success(.playConfirm) }
            guard arguments.isEmpty else { return .failure(.invalid("usage: play [confirm]")) }
            return .success(.play)
        case "bell":
            switch arguments.first?.lowercased() {
            case "on" where arguments.count == 1: return .success(.bell(true))
            case "off" where arguments.count == 1: return .success(.bell(false))
            default: return .failure(.invalid("usage: bell on|off"))
            }
        case "screenreader":
            switch arguments.first?.lowercased() {
            case "on" where arguments.count == 1: return .success(.screenReader(true))
            case "off" where arguments.count == 1: return .success(.screenReader(false))
            default: return .failure(.invalid("usage: screenreader on|off"))
            }
        case "rooms": return .success(.rooms)
        case "create", "join":
            guard (1...2).contains(arguments.count) else {
                return .failure(.invalid("usage: \(word) <room> [password]"))
            }
            let password = arguments.count == 2 ? arguments[1] : nil
            return .success(
                word == "create"
                    ? .create(room: arguments[0], password: password)
                    : .join(room: arguments[0], password: password))
        case "watch":
            guard (1...2).contains(arguments.count) else { return .failure(.invalid("usage: watch <room> [password]")) }
            return .success(.watch(room: arguments[0], password: arguments.count == 2 ? arguments[1] : nil))
        case "leave": return .success(.leave)
        case "start": return .success(.start)
        case "guess":
            guard arguments.count == 1 else { return .failure(.invalid("usage: guess <letter> or guess <word>")) }
            return guess(arguments[0])
        case "solve":
            guard arguments.count == 1 else { return .failure(.invalid("usage: solve <word>")) }
            return guess(arguments[0])
        case "hint": return .success(.hint)
        case "team":
            guard arguments.count == 1 else { return .failure(.invalid("usage: team <n>")) }
            return .success(.team(arguments[0]))
        case "words":
            switch arguments.first?.lowercased() {
            case nil: return .success(.words(.count))
            case "clear" where arguments.count == 1: return .success(.words(.clear))
            case "add" where arguments.count > 1: return .success(.words(.add(Array(arguments.dropFirst()))))
            default: return .failure(.invalid("usage: words | words add <word> [word ...] | words clear"))
            }
        case "say":
            // Chat and a player's hint lose their invisible characters here, where they enter.
            return .success(.say(TextSanitizer.visible(rest).trimmingSpaces()))
        case "word":
            guard let answer = wordAnswer(rest) else { return .failure(.invalid("usage: word <word> [hint]")) }
            return .success(answer)
        case "set":
            guard arguments.count == 2 else {
                return .failure(.invalid("usage: set <key> <value>; keys: " + SettingKey.names.joined(separator: " ")))
            }
            return .success(.set(key: arguments[0].lowercased(), value: arguments[1].lowercased()))
        case "settings": return .success(.settings)
        case "state": return .success(.state)
        case "who": return .success(.who)
        case "top": return top(arguments)
        case "highscores": return .success(.highscores)
        case "history":
            switch arguments.count {
            case 0: return .success(.history(player: nil))
            case 1 where arguments[0].lowercased() == "reset": return .success(.historyReset)
            case 1: return .success(.history(player: arguments[0]))
            case 2 where arguments[0].lowercased() == "delete":
                guard let id = Int64(arguments[1]), id > 0 else {
                    return .failure(.invalid("usage: history delete <game id> (the number `history` shows)"))
                }
                return .success(.historyDelete(gameID: id))
            default: return .failure(.invalid("usage: history [player] | history delete <game id> | history reset"))
            }
        case "stats":
            guard arguments.count <= 1 else { return .failure(.invalid("usage: stats [player]")) }
            return .success(.stats(player: arguments.first))
        case "game":
            guard arguments.count == 1, let id = Int64(arguments[0]), id > 0 else {
                return .failure(.invalid("usage: game <id>"))
            }
            return .success(.game(id: id))
        case "kick":
            guard arguments.count == 1 else { return .failure(.invalid("usage: kick <player>")) }
            return .success(.kick(player: arguments[0]))
        case "bot":
            return bot(arguments)
        case "votekick":
            guard arguments.count == 1 else { return .failure(.invalid("usage: votekick <player>")) }
            return .success(.votekick(player: arguments[0]))
        case "help":
            guard arguments.count <= 1 else { return .failure(.invalid("usage: help [command]")) }
            return .success(.help(topic: arguments.first?.lowercased()))
        case "quit": return .success(.quit)
        case let name? where command?.access == .operator:
            return ModerationRequest.parse(name, rest: rest, arguments: arguments) ?? .failure(.unknown(name))
        default:
            // A table row the parser does not know is a defect: the "every row parses" test catches it.
            if let command { return .failure(.unknown(command.name)) }
            if slashed { return .failure(.unknown(head)) }
            // A single letter on its own is a guess; anything else is for the caller to judge.
            // Any letter: the room's alphabet decides (ä in German, é in French).
            if rest.isEmpty, head.count == 1, let letter = head.lowercased().first, letter.isLetter {
                return .success(.guessLetter(letter))
            }
            return .success(.bare(trimmed))
        }
    }

    /// A player name: 1-16 of `A-Z a-z 0-9 _ -`, not a command word.
    public static func validateName(_ name: String) -> String? {
        guard (1...16).contains(name.utf8.count), name.utf8.allSatisfy(isNameByte) else {
            return "a name is 1-16 characters of A-Z a-z 0-9 _ -"
        }
        guard !name.lowercased().hasPrefix(houseBotPrefix) else {
            return "names starting with \(houseBotPrefix) are kept for the house bots, choose another name"
        }
        guard !commandWords.contains(name.lowercased()) else {
            return "'\(name)' is a command word, choose another name"
        }
        return nil
    }

    /// The house bots' names start with this (`bot-strong-1`): no person may take one, so a bot
    /// never clashes with a player.
    public static let houseBotPrefix = "bot-"

    /// A room name: 1-24 of `A-Z a-z 0-9 _ -`.
    public static func validateRoomName(_ name: String) -> String? {
        guard (1...24).contains(name.utf8.count), name.utf8.allSatisfy(isNameByte) else {
            return "a room name is 1-24 characters of A-Z a-z 0-9 _ -"
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static func guess(_ text: String) -> Result<Command, CommandError> {
        let lower = text.lowercased()
        guard !lower.isEmpty, lower.allSatisfy(\.isLetter) else {
            return .failure(.invalid("guess one letter a-z, or a whole word of letters a-z"))
        }
        if lower.count == 1, let letter = lower.first { return .success(.guessLetter(letter)) }
        return .success(.guessWord(lower))
    }

    /// `bot add [easy|fair|strong]` (fair when no level is given) or `bot remove [name]`.
    private static func bot(_ arguments: [String]) -> Result<Command, CommandError> {
        let usage = "usage: bot add [easy|fair|strong] or bot remove [name]"
        switch (arguments.first?.lowercased(), arguments.count) {
        case ("add", 1): return .success(.botAdd(.fair))
        case ("add", 2):
            guard let level = BotLevel(name: arguments[1]) else {
                return .failure(.invalid("unknown bot level '\(arguments[1])': easy, fair or strong"))
            }
            return .success(.botAdd(level))
        case ("remove", 1): return .success(.botRemove(nil))
        case ("remove", 2): return .success(.botRemove(arguments[1]))
        default: return .failure(.invalid(usage))
        }
    }

    /// The answer of a player asked for the round's word, `<word> [hint…]`: after `word`, or a bare
    /// line while its player is asked (issue 34 item 3; the room decides whether they are). Nil for
    /// an empty line.
    public static func wordAnswer(_ text: String) -> Command? {
        let (first, hint) = splitFirstWord(Substring(text.trimmingSpaces()))
        guard !first.isEmpty else { return nil }
        return .setWord(word: first.lowercased(), hint: hint.isEmpty ? nil : TextSanitizer.visible(hint))
    }

    private static func splitFirstWord(_ text: Substring) -> (String, String) {
        guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (String(text), "") }
        return (String(text[..<space]), String(text[space...]).trimmingSpaces())
    }
}

extension Character {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension String {
    /// Trims spaces and tabs at both ends (the framer already removed every other control character).
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
