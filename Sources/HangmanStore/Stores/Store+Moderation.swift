/// `ModerationStore` on the pool: each call one statement (or two) on a reader connection, within the
/// time limit.
extension Store {
    public func saveSanction(_ sanction: StoredSanction, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        perform("save sanction", completion) { try $0.saveSanction(sanction) }
    }

    public func liftSanction(
        kind: String, key: String, now: Int64, completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void
    ) {
        perform("lift sanction", completion) { try $0.liftSanction(kind: kind, key: key, now: now) }
    }

    public func sanctions(now: Int64, completion: @escaping @Sendable (Result<[StoredSanction], StoreError>) -> Void) {
        perform("read sanctions", completion) { try $0.sanctions(now: now) }
    }

    public func sanction(
        kind: String, key: String, now: Int64, completion: @escaping @Sendable (Result<StoredSanction?, StoreError>) -> Void
    ) {
        perform("read sanction", completion) { try $0.sanction(kind: kind, key: key, now: now) }
    }

    public func recordModeration(
        _ entry: StoredModerationEntry, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void
    ) {
        perform("record moderation", completion) { try $0.recordModeration(entry) }
    }

    public func moderationLog(
        limit: Int, completion: @escaping @Sendable (Result<[StoredModerationEntry], StoreError>) -> Void
    ) {
        perform("read moderation log", completion) { try $0.moderationLog(limit: limit) }
    }
}
