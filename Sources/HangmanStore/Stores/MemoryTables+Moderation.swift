/// The memory engine's `sanctions` and `moderation_log`, as the SQL engines keep them.
struct MemoryModeration {
    private var sanctionsByKey: [String: StoredSanction] = [:]
    private var entries: [StoredModerationEntry] = []

    private static func slot(_ kind: String, _ key: String) -> String { kind + "\u{0}" + key }

    mutating func save(_ sanction: StoredSanction) {
        sanctionsByKey[Self.slot(sanction.kind, sanction.key)] = sanction
    }

    mutating func lift(kind: String, key: String, now: Int64) -> Bool {
        guard let removed = sanctionsByKey.removeValue(forKey: Self.slot(kind, key)) else { return false }
        return removed.until.map { $0 > now } ?? true
    }

    func sanctions(now: Int64) -> [StoredSanction] {
        sanctionsByKey.values.filter { $0.until.map { $0 > now } ?? true }.sorted { ($0.kind, $0.key) < ($1.kind, $1.key) }
    }

    func sanction(kind: String, key: String, now: Int64) -> StoredSanction? {
        sanctionsByKey[Self.slot(kind, key)].flatMap { sanction in sanction.until.map { $0 > now } ?? true ? sanction : nil }
    }

    mutating func record(_ entry: StoredModerationEntry) { entries.append(entry) }

    func log(limit: Int) -> [StoredModerationEntry] { Array(entries.suffix(max(0, limit)).reversed()) }
}
