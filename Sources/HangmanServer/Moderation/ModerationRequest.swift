import HangmanNet

/// An operator's command, parsed (`CommandParser`): what `Session+Moderation` carries out.
public enum ModerationRequest: Equatable, Sendable {
    case ban(name: String, duration: SanctionDuration, reason: String)
    case unban(name: String)
    case mute(name: String, duration: SanctionDuration, reason: String)
    case unmute(name: String)
    case disconnect(name: String, reason: String)
    case announce(String)
    case bans
    /// `modlog [n]`: nil shows up to `modlog-max`.
    case modlog(Int?)
    case banAddress(AddressPattern, duration: SanctionDuration)

    /// The text after `ban-address`, checked when parsed (`AddressBan` is made from it when it runs).
    public struct AddressPattern: Equatable, Sendable {
        public let text: String
    }

    /// The command table's row.
    var tableName: String {
        switch self {
        case .ban: "ban"
        case .unban: "unban"
        case .mute: "mute"
        case .unmute: "unmute"
        case .disconnect: "disconnect"
        case .announce: "announce"
        case .bans: "bans"
        case .modlog: "modlog"
        case .banAddress: "ban-address"
        }
    }

    /// Parses the arguments of the operator command `word` (a row name); nil for another word.
    static func parse(_ word: String, rest: String, arguments: [String]) -> Result<Command, CommandError>? {
        func usage() -> Result<Command, CommandError> {
            .failure(.invalid("usage: " + (CommandTable.row(for: word)?.usage ?? word)))
        }
        func reason(after count: Int) -> String {
            arguments.dropFirst(count).joined(separator: " ")
        }
        func timed(_ make: (String, SanctionDuration, String) -> ModerationRequest) -> Result<Command, CommandError> {
            guard arguments.count >= 2 else { return usage() }
            guard let duration = SanctionDuration(arguments[1]) else {
                return .failure(.invalid("'\(arguments[1])' is not a duration: \(SanctionDuration.usage)"))
            }
            return .success(.moderate(make(arguments[0], duration, reason(after: 2))))
        }
        switch word {
        case "ban": return timed { .ban(name: $0, duration: $1, reason: $2) }
        case "mute": return timed { .mute(name: $0, duration: $1, reason: $2) }
        case "unban", "unmute":
            guard arguments.count == 1 else { return usage() }
            return .success(.moderate(word == "unban" ? .unban(name: arguments[0]) : .unmute(name: arguments[0])))
        case "disconnect":
            guard let name = arguments.first else { return usage() }
            return .success(.moderate(.disconnect(name: name, reason: reason(after: 1))))
        case "announce":
            let text = TextSanitizer.visible(rest).trimmingSpaces()
            guard !text.isEmpty else { return usage() }
            return .success(.moderate(.announce(text)))
        case "bans": return .success(.moderate(.bans))
        case "modlog":
            switch arguments.count {
            case 0: return .success(.moderate(.modlog(nil)))
            case 1:
                guard let count = Int(arguments[0]), count > 0 else { return usage() }
                return .success(.moderate(.modlog(count)))
            default: return usage()
            }
        case "ban-address":
            guard arguments.count == 2 else { return usage() }
            guard AddressBan(arguments[0], by: "", since: 0, until: nil) != nil else {
                return .failure(.invalid("'\(arguments[0])' is not an IPv4 or IPv6 address (with an optional /bits)"))
            }
            guard let duration = SanctionDuration(arguments[1]) else {
                return .failure(.invalid("'\(arguments[1])' is not a duration: \(SanctionDuration.usage)"))
            }
            return .success(.moderate(.banAddress(AddressPattern(text: arguments[0]), duration: duration)))
        default: return nil
        }
    }
}
