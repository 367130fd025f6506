import HangmanCore

/// A ban or a mute on a name: who set it, when, why, and when it ends (nil: never).
public struct Sanction: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The name may not log in; online, it is closed.
        case ban
        /// The name's `say` reaches nobody.
        case mute
    }

    public var kind: Kind
    /// The name as the operator typed it (its case-folded key is `PlayerID(target).key`).
    public var target: String
    /// The operator who set it.
    public var by: String
    public var reason: String
    /// Wall seconds (Unix time) when it was set.
    public var since: Int64
    /// Wall seconds when it ends by itself; nil: never (`forever`).
    public var until: Int64?

    public init(kind: Kind, target: String, by: String, reason: String, since: Int64, until: Int64?) {
        self.kind = kind
        self.target = target
        self.by = by
        self.reason = reason
        self.since = since
        self.until = until
    }

    /// In force at `now` (wall seconds): set, and not yet at its end.
    public func isActive(at now: Int64) -> Bool { until.map { now < $0 } ?? true }

    /// The case-folded key of the name it applies to.
    public var key: String { PlayerID(target).key }
}

/// The bans and mutes in force, by kind and name. A value: set, lift and ask with the time passed in;
/// a sanction past its end is never answered and is dropped by `expire(at:)`.
public struct SanctionBook: Equatable, Sendable {
    private var byKind: [Sanction.Kind: [String: Sanction]] = [:]

    public init(_ sanctions: [Sanction] = []) {
        for sanction in sanctions { set(sanction) }
    }

    /// Sets (or replaces) the sanction of its kind on its name.
    public mutating func set(_ sanction: Sanction) {
        byKind[sanction.kind, default: [:]][sanction.key] = sanction
    }

    /// Lifts the `kind` on `name`; the sanction that was in force at `now`, if any.
    @discardableResult
    public mutating func lift(_ kind: Sanction.Kind, on name: String, at now: Int64) -> Sanction? {
        let removed = byKind[kind]?.removeValue(forKey: PlayerID(name).key)
        return removed.flatMap { $0.isActive(at: now) ? $0 : nil }
    }

    /// The `kind` in force on `name` at `now`, if any.
    public func active(_ kind: Sanction.Kind, on name: String, at now: Int64) -> Sanction? {
        byKind[kind]?[PlayerID(name).key].flatMap { $0.isActive(at: now) ? $0 : nil }
    }

    /// Every sanction in force at `now`: bans first, then mutes, each by name.
    public func all(at now: Int64) -> [Sanction] {
        Sanction.Kind.allCases.flatMap { kind in
            (byKind[kind] ?? [:]).values.filter { $0.isActive(at: now) }.sorted { $0.key < $1.key }
        }
    }

    /// Drops every sanction that has ended by `now`.
    public mutating func expire(at now: Int64) {
        for kind in Array(byKind.keys) { byKind[kind] = byKind[kind]?.filter { $0.value.isActive(at: now) } }
    }
}
