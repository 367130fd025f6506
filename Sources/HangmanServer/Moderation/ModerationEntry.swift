/// One line of the moderation log (`modlog`): who did what, to whom, when and why.
public struct ModerationEntry: Equatable, Sendable {
    /// What was done; the raw value is what the log and JSON say.
    public enum Action: String, Sendable, CaseIterable {
        case ban, unban, mute, unmute, disconnect, announce
        case banAddress = "ban-address"
        /// A room's vote removed a player: `by` cast the deciding vote, `detail` names the room.
        case votekick
    }

    /// Wall seconds (Unix time).
    public var at: Int64
    /// The operator.
    public var by: String
    public var action: Action
    /// The name or address acted on; empty for `announce`.
    public var target: String
    /// The reason, the duration or the announced text; may be empty.
    public var detail: String

    public init(at: Int64, by: String, action: Action, target: String, detail: String) {
        self.at = at
        self.by = by
        self.action = action
        self.target = target
        self.detail = detail
    }

    /// The line the server's log gets for it.
    public var logLine: String {
        "moderation: \(by) \(action.rawValue)" + (target.isEmpty ? "" : " \(target)") + (detail.isEmpty ? "" : ": \(detail)")
    }
}

/// Wall seconds as operators read them: `2026-11-28 12:40 UTC`. Pure (the civil calendar from days).
public enum WallTime {
    public static func text(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let (year, month, day) = civil(days)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(rest / 3600)):\(two(rest % 3600 / 60)) UTC"
    }

    /// `until` as a phrase: "until 2026-11-28 12:40 UTC", or "for good" for nil.
    public static func until(_ until: Int64?) -> String { until.map { "until " + text($0) } ?? "for good" }

    /// Year, month, day of a count of days since 1970-01-01 (H. Hinnant's `civil_from_days`).
    private static func civil(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
