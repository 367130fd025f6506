/// One row of the command table (`CommandTable.rows`): everything the parser, `help` (text and
/// JSON) and docs/PROTOCOL.md say about a command, written once.
public struct CommandSpec: Sendable, Equatable {
    /// Who may use a command.
    public enum Access: String, Sendable, CaseIterable {
        /// Any logged-in player (or anyone, for the commands that also work before login).
        case anyone
        /// A player sitting in a room (spectators and lobby players get an error).
        case seated
        /// The host of the room.
        case host
        /// A server operator (`operators`) logged in with its account's password; `help` shows these
        /// rows to operators only.
        case `operator`
    }

    /// The heading `help` lists a command under, in the order `help` shows them.
    public enum Group: String, Sendable, CaseIterable {
        case playing, rooms, host, chat, scores, account, display, other, operators

        var title: String {
            switch self {
            case .playing: "Playing"
            case .rooms: "Rooms"
            case .host: "Host"
            case .chat: "Chat"
            case .scores: "Scores"
            case .account: "Account"
            case .display: "Display"
            case .other: "Other"
            case .operators: "Operator"
            }
        }
    }

    /// The command word as `help` and the docs show it.
    public let name: String
    /// Other words (or the `'` prefix) that mean the same command.
    public let aliases: [String]
    /// The arguments after the command word, e.g. `<room> [password]`; empty when none.
    public let arguments: String
    public let access: Access
    /// Works at the name prompt too (before a name is accepted).
    public let beforeLogin: Bool
    public let group: Group
    /// One line, at most about 60 columns.
    public let summary: String
    /// More lines for `help <command>`: forms, rules, keys (each fits 80 columns).
    public let details: [String]
    /// Lines a player could type, for `help <command>`.
    public let examples: [String]
    /// Marked *(extension)* in docs/PROTOCOL.md: beyond the wire contract every client may rely on.
    public let isExtension: Bool

    init(
        _ name: String, aliases: [String] = [], arguments: String = "", access: Access = .anyone,
        beforeLogin: Bool = false, group: Group, summary: String, details: [String] = [], examples: [String],
        isExtension: Bool = false
    ) {
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.access = access
        self.beforeLogin = beforeLogin
        self.group = group
        self.summary = summary
        self.details = details
        self.examples = examples
        self.isExtension = isExtension
    }

    /// `name arguments`, as a usage line.
    public var usage: String { arguments.isEmpty ? name : name + " " + arguments }
}
