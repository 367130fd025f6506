/// One parsed input line. Parsing is pure; what a command means depends on where the session is
/// (at the name prompt a bare word is a name, in a room a bare letter is a guess).
public enum Command: Equatable, Sendable {
    case name(String)
    case password(String)
    case register(String)
    case json
    case text
    case color(Bool)
    case play
    /// `play confirm`: quick play that leaves a seat in a running game without asking first.
    case playConfirm
    /// `bell on|off`: a terminal bell when your turn comes.
    case bell(Bool)
    case rooms
    case create(room: String, password: String?)
    case join(room: String, password: String?)
    case watch(room: String, password: String?)
    case leave
    case start
    case guessLetter(Character)
    case guessWord(String)
    case say(String)
    case set(key: String, value: String)
    case settings
    case state
    case who
    case top(Int?)
    case highscores
    case history(player: String?)
    case historyDelete(gameID: Int64)
    case historyReset
    case stats(player: String?)
    case game(id: Int64)
    case kick(player: String)
    case help(topic: String?)
    case quit
    /// A line that is not a command: a name or password at a prompt, else `unknown_command`.
    case bare(String)
    /// An empty line.
    case empty
}

extension Command {
    /// Commands that work at the name prompt too (output mode, help, quit).
    var worksBeforeLogin: Bool {
        switch self {
        case .json, .text, .color, .help, .quit: true
        default: false
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
