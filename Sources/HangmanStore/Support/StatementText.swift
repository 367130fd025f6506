/// A statement's text as a dictionary key for the runners' prepared-statement caches, hashed by its
/// length and its first and last 64 bytes instead of every byte: the merge's multi-row statements are
/// kilobytes long (64 rows of `VALUES`), and hashing all of them at every call cost more than looking
/// the statement up should. Equal keys still compare the whole text.
struct StatementText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    /// Bytes hashed at each end.
    static let hashedBytes = 64

    func hash(into hasher: inout Hasher) {
        let utf8 = text.utf8
        hasher.combine(utf8.count)
        let done = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            let raw = UnsafeRawBufferPointer(bytes)
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.prefix(Self.hashedBytes)))
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.suffix(Self.hashedBytes)))
            return true
        }
        if done == nil { hasher.combine(text) }
    }
}
