import HangmanCore
import HangmanStore

/// One parsed input line. Parsing is pure; what a command means depends on where the session is
/// (at the name prompt a bare word is a name, in a room a bare letter is a guess).
public enum Command: Equatable, Sendable {
    case name(String)
    case password(String)
    case register(String)
    case json
    case text
    case color(Bool)
    /// `bell on|off`: ring the terminal bell when this player's turn comes.
    case bell(Bool)
    /// `screenreader on|off`: text said for a screen reader (`SpokenText`).
    case screenReader(Bool)
    case play
    /// `play confirm`: quick play that leaves a seat in a running game without asking first.
    case playConfirm
    case rooms
    case create(room: String, password: String?)
    case join(room: String, password: String?)
    case watch(room: String, password: String?)
    case leave
    case start
    case guessLetter(Character)
    case guessWord(String)
    /// A player's own word for the round and optional hint (`word <word> [hint…]`).
    case setWord(word: String, hint: String?)
    /// `team <n>`: the team to play in at the next teams game (as typed; the room checks it).
    case team(String)
    /// `hint`: reveal the round's hint, at the cost of a miss.
    case hint
    /// `words`, `words add …`, `words clear`: the room's own words.
    case words(WordsRequest)
    case say(String)
    case set(key: String, value: String)
    case settings
    case state
    case who
    case top(Int?)
    /// `top rating [n]`: the skill-rating board (issue 32).
    case topRating(Int?)
    /// `top month [n]` (month nil: the current month, UTC) or `top YYYY-MM [n]`: a month's board.
    case topMonth(LeaderboardMonth?, count: Int?)
    case highscores
    case history(player: String?)
    case historyDelete(gameID: Int64)
    case historyReset
    case stats(player: String?)
    case game(id: Int64)
    case kick(player: String)
    /// `bot add [level]`: the host seats a house bot.
    case botAdd(BotLevel)
    /// `bot remove [name]`: the host removes a house bot (nil: the one added last).
    case botRemove(String?)
    /// `votekick <player>`: a seated player's vote to remove another from the room.
    case votekick(player: String)
    /// An operator's command (`ban`, `mute`, `bans`, …): `ModerationRequest` says which.
    case moderate(ModerationRequest)
    case help(topic: String?)
    case quit
    /// A line that is not a command: a name or password at a prompt, else `unknown_command`.
    case bare(String)
    /// An empty line.
    case empty
}

extension Command {
    /// The command table's row name for this command; nil for a bare line or an empty one.
    var tableName: String? {
        switch self {
        case .name: "name"
        case .password: "password"
        case .register: "register"
        case .json: "json"
        case .text: "text"
        case .color: "color"
        case .bell: "bell"
        case .screenReader: "screenreader"
        case .play, .playConfirm: "play"
        case .rooms: "rooms"
        case .create: "create"
        case .join: "join"
        case .watch: "watch"
        case .leave: "leave"
        case .start: "start"
        case .guessLetter, .guessWord: "guess"
        case .setWord: "word"
        case .hint: "hint"
        case .team: "team"
        case .words: "words"
        case .say: "say"
        case .set: "set"
        case .settings: "settings"
        case .state: "state"
        case .who: "who"
        case .top, .topMonth, .topRating: "top"
        case .highscores: "highscores"
        case .history, .historyDelete, .historyReset: "history"
        case .stats: "stats"
        case .game: "game"
        case .kick: "kick"
        case .botAdd, .botRemove: "bot"
        case .votekick: "votekick"
        case .moderate(let request): request.tableName
        case .help: "help"
        case .quit: "quit"
        case .bare, .empty: nil
        }
    }

    /// Commands that work at the name prompt too (output mode, help, quit), as the command table says.
    /// `name` and `password` are the prompt's own answers, handled there.
    var worksBeforeLogin: Bool {
        switch self {
        case .name, .password: false
        default: tableName.flatMap(CommandTable.row(for:))?.beforeLogin ?? false
        }
    }
}

/// Why a line could not be parsed; each maps to a protocol error code.
public enum CommandError: Error, Equatable, Sendable {
    /// `unknown_command`
    case unknown(String)
    /// `invalid_input`: the command exists but its arguments are wrong; the message says how to use it.
    case invalid(String)

    public var code: ErrorCode {
        switch self {
        case .unknown: .unknownCommand
        case .invalid: .invalidInput
        }
    }

    public var message: String {
        switch self {
        case .unknown(let word): "unknown command '\(word)'; type help for the list"
        case .invalid(let message): message
        }
    }
}
