/// Bans, mutes, address bans and the moderation log (issue 33), kept in the leaderboard database so
/// they outlast a restart and reach every server sharing it. Every call answers on a store queue within
/// the store's time limit, as the rest of `HangmanStore` does.
public protocol ModerationStore: AnyObject, Sendable {
    /// Stores `sanction`, replacing the one of its kind and key.
    func saveSanction(_ sanction: StoredSanction, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void)
    /// Removes the sanction of `kind` on `key` (already case-folded for names); true when one in force
    /// at `now` was removed.
    func liftSanction(
        kind: String, key: String, now: Int64, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void)
    /// Every sanction in force at `now` (Unix seconds).
    func sanctions(now: Int64, completion: @escaping @Sendable (Result<[StoredSanction], StoreError>) -> Void)
    /// The sanction of `kind` on `key` (case-folded for names) in force at `now`, if any: one keyed
    /// read, what a login asks instead of every sanction.
    func sanction(
        kind: String, key: String, now: Int64, completion: @escaping @Sendable (Result<StoredSanction?, StoreError>) -> Void)
    func recordModeration(_ entry: StoredModerationEntry, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void)
    /// The newest `limit` entries, newest first.
    func moderationLog(limit: Int, completion: @escaping @Sendable (Result<[StoredModerationEntry], StoreError>) -> Void)
}
