/// The text and JSON renderings of the moderation events (`bans`, `modlog`, announcements). Each text line is short enough for an 80-column window; `TextLayout` wraps a long
/// reason.
enum ModerationRendering {
    static func json(_ event: Outbound) -> [UInt8]? {
        switch event {
        case .sanctions(let sanctions, let addresses):
            var w = JSONWriter(type: "bans")
            JSONRenderer.objectList(&w, "sanctions", sanctions) { w, sanction in
                w.field("kind", sanction.kind.rawValue)
                w.field("name", sanction.target)
                w.field("by", sanction.by)
                w.field("reason", sanction.reason)
                w.field("since", sanction.since)
                w.field("until", sanction.until)
            }
            JSONRenderer.objectList(&w, "addresses", addresses) { w, address in
                w.field("network", address.network)
                w.field("by", address.by)
                w.field("since", address.since)
                w.field("until", address.until)
            }
            return w.finish()
        case .modlog(let entries):
            var w = JSONWriter(type: "modlog")
            JSONRenderer.objectList(&w, "entries", entries) { w, entry in
                w.field("at", entry.at)
                w.field("by", entry.by)
                w.field("action", entry.action.rawValue)
                w.field("target", entry.target)
                w.field("detail", entry.detail)
            }
            return w.finish()
        case .announcement(let from, let text):
            var w = JSONWriter(type: "announcement")
            w.field("from", from)
            w.field("text", text)
            return w.finish()
        case .votekick(let room, let target, let by, let yes, let needed, let passed):
            var w = JSONWriter(type: "votekick")
            w.field("room", room)
            w.field("target", target)
            w.field("by", by)
            w.field("yes", yes)
            w.field("needed", needed)
            w.field("passed", passed)
            return w.finish()
        default: return nil
        }
    }

    static func text(_ event: Outbound) -> [String]? {
        switch event {
        case .sanctions(let sanctions, let addresses):
            guard !sanctions.isEmpty || !addresses.isEmpty else { return ["No bans or mutes in force."] }
            var lines = sanctions.isEmpty ? [] : ["Bans and mutes in force:"]
            for s in sanctions {
                let reason = s.reason.isEmpty ? "" : ": \(s.reason)"
                lines.append("  \(s.kind.rawValue) \(s.target) \(WallTime.until(s.until)), by \(s.by)\(reason)")
            }
            if !addresses.isEmpty { lines.append("Refused addresses:") }
            for a in addresses { lines.append("  \(a.network) \(WallTime.until(a.until)), by \(a.by)") }
            return lines
        case .modlog(let entries):
            guard !entries.isEmpty else { return ["The moderation log is empty."] }
            return ["Moderation log, newest first:"]
                + entries.map { e in
                    let target = e.target.isEmpty ? "" : " \(e.target)"
                    let detail = e.detail.isEmpty ? "" : ": \(e.detail)"
                    return "  \(WallTime.text(e.at).dropLast(4)) \(e.by) \(e.action.rawValue)\(target)\(detail)"
                }
        case .announcement(let from, let text):
            return ["*** Announcement from \(from): \(text)"]
        case .votekick(_, let target, let by, let yes, let needed, let passed):
            if passed { return ["The vote passed: \(target) leaves the room."] }
            return ["\(by) votes to kick \(target): \(yes) of \(needed) needed (votekick \(target) to agree)."]
        default: return nil
        }
    }
}

/// The sentences players read about their own ban or mute, and a duration as the log writes it.
enum ModerationText {
    static func ban(_ ban: Sanction, online: Bool) -> String {
        let reason = ban.reason.isEmpty ? "" : " Reason: \(ban.reason)."
        return (online ? "You were banned" : "\(ban.target) is banned") + " \(WallTime.until(ban.until)) by \(ban.by).\(reason)"
    }

    static func mute(_ mute: Sanction) -> String {
        let reason = mute.reason.isEmpty ? "" : " Reason: \(mute.reason)."
        return "You are muted \(WallTime.until(mute.until)) by \(mute.by): nobody sees your chat.\(reason)"
    }

    /// `2h flooding` as the log shows a ban's length and reason.
    static func duration(_ duration: SanctionDuration, reason: String) -> String {
        let length: String
        switch duration {
        case .forever: length = "forever"
        case .seconds(let seconds):
            let units: [(Int64, String)] = [(86_400, "d"), (3600, "h"), (60, "m")]
            length = units.first { seconds % $0.0 == 0 }.map { "\(seconds / $0.0)\($0.1)" } ?? "\(seconds)s"
        }
        return reason.isEmpty ? length : "\(length) \(reason)"
    }
}
