/// A ban, a mute or an address ban as the store keeps it (`sanctions`): one per kind and key.
public struct StoredSanction: Equatable, Sendable {
    /// `ban`, `mute` or `address`.
    public var kind: String
    /// The case-folded name (`HangmanStoreKey.key(for:)`), or the network of an address ban.
    public var key: String
    /// The name as typed, or the network.
    public var target: String
    public var by: String
    public var reason: String
    /// Unix seconds.
    public var since: Int64
    /// Unix seconds when it ends; nil: never.
    public var until: Int64?

    public init(kind: String, key: String, target: String, by: String, reason: String, since: Int64, until: Int64?) {
        self.kind = kind
        self.key = key
        self.target = target
        self.by = by
        self.reason = reason
        self.since = since
        self.until = until
    }
}

/// One line of the moderation log (`moderation_log`).
public struct StoredModerationEntry: Equatable, Sendable {
    /// Unix seconds.
    public var at: Int64
    public var by: String
    public var action: String
    public var target: String
    public var detail: String

    public init(at: Int64, by: String, action: String, target: String, detail: String) {
        self.at = at
        self.by = by
        self.action = action
        self.target = target
        self.detail = detail
    }
}
