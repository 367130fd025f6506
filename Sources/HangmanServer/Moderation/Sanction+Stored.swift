import HangmanCore
import HangmanStore

/// Sanctions and log entries as the store keeps them (`StoredSanction`, `StoredModerationEntry`) and back.
extension Sanction {
    var stored: StoredSanction {
        StoredSanction(kind: kind.rawValue, key: key, target: target, by: by, reason: reason, since: since, until: until)
    }

    /// Nil for a row of another kind (an address ban) or one this server does not know.
    init?(_ row: StoredSanction) {
        guard let kind = Kind(rawValue: row.kind) else { return nil }
        self.init(kind: kind, target: row.target, by: row.by, reason: row.reason, since: row.since, until: row.until)
    }
}

extension AddressBan {
    /// The store's kind for address bans.
    static let storedKind = "address"

    var stored: StoredSanction {
        StoredSanction(kind: Self.storedKind, key: network, target: network, by: by, reason: "", since: since, until: until)
    }

    init?(_ row: StoredSanction) {
        guard row.kind == Self.storedKind else { return nil }
        self.init(row.target, by: row.by, since: row.since, until: row.until)
    }
}

extension ModerationEntry {
    var stored: StoredModerationEntry {
        StoredModerationEntry(at: at, by: by, action: action.rawValue, target: target, detail: detail)
    }

    /// Nil for an action this server does not know (a newer server's).
    init?(_ row: StoredModerationEntry) {
        guard let action = Action(rawValue: row.action) else { return nil }
        self.init(at: row.at, by: row.by, action: action, target: row.target, detail: row.detail)
    }
}
