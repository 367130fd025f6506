/// A record as the merge reads it, what it needs computed once: the id's text and the results kept
/// (`uniqueResults`) with their store keys. The merge used to fold every name again at each of its
/// steps (players, results, misses, month totals) and to print the UUID twice.
struct MergeRecord {
    let record: GameRecord
    /// `record.id.uuidString`.
    let uid: String
    /// `record.uniqueResults`, in order, each with `HangmanStoreKey.key(for:)` of its name.
    let results: [(result: PlayerResult, key: String)]

    init(_ record: GameRecord) {
        self.record = record
        uid = record.id.uuidString
        var seen: Set<String> = []
        var results: [(result: PlayerResult, key: String)] = []
        results.reserveCapacity(record.results.count)
        for result in record.results {
            let key = HangmanStoreKey.key(for: result.name)
            if seen.insert(key).inserted { results.append((result, key)) }
        }
        self.results = results
    }
}
