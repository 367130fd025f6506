import Foundation
import HangmanSync
import Synchronization

/// Finished games that could not reach the database, kept in a local SQLite file until they are merged.
///
/// A record is written here (committed, `synchronous=FULL`) before the room is told "will be synced",
/// and removed only after the database has committed it, so a kill -9 at any moment leaves every game
/// either merged, or here to be replayed; the merge is idempotent by `GameRecord.id`, so a game both
/// merged and still here (killed between the two) is counted once.
final class Outbox: Sendable {
    let path: String
    // One connection, used under the lock from whichever store queue needs it (appends are rare).
    private let connection: Locked<SQLiteConnection>
    /// False once a look found nothing to replay, true again at the next append: lets the writer ask
    /// after every commit whether there is anything to replay without reading the file.
    private let mayHold = Atomic<Bool>(true)

    init(path: String) throws(StoreError) {
        self.path = path
        try SQLiteBackend.prepareFolder(for: path)
        let opened: SQLiteConnection
        do {
            opened = try SQLiteConnection(path: path, busyTimeout: 5, queue: nil)
            try opened.execute("PRAGMA journal_mode = WAL")
            try opened.execute("PRAGMA synchronous = FULL")
            try opened.execute(
                """
                CREATE TABLE IF NOT EXISTS outbox (
                    uid    TEXT PRIMARY KEY,    -- GameRecord.id
                    record TEXT NOT NULL,       -- the GameRecord as JSON
                    queued INTEGER NOT NULL     -- unix seconds
                )
                """)
            _ = try opened.query("SELECT COUNT(*) FROM outbox") { $0.int(0) }
        } catch {
            throw .open(path: path, message: "the outbox file cannot be used: \(error.message)")
        }
        connection = Locked(opened)
    }

    /// Adds records (one already there is kept as is). Durable when it returns.
    func append(_ records: [GameRecord]) throws {
        guard !records.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let rows = try records.map { ($0.id.uuidString, String(decoding: try encoder.encode($0), as: UTF8.self)) }
        let now = Int64(Date().timeIntervalSince1970)
        try connection.withLock { db throws(SQLiteError) in
            // A deleted outbox would take records into a file gone at exit: refused, they stay in memory.
            if db.hasMoved {
                throw SQLiteError(
                    code: SQLiteFileGuard.movedCode, message: "the outbox file \(path) was deleted, moved or replaced")
            }
            try db.writeTransaction { () throws(SQLiteError) in
                for (uid, json) in rows {
                    try db.run(
                        "INSERT OR IGNORE INTO outbox (uid, record, queued) VALUES (?, ?, ?)",
                        [.text(uid), .text(json), .integer(now)])
                }
            }
            mayHold.store(true, ordering: .relaxed)  // under the lock, as `peek`'s look
        }
    }

    /// Whether a replay may find something: false only after `peek` found no row, until the next append.
    var mayHoldRecords: Bool { mayHold.load(ordering: .relaxed) }

    /// The oldest `limit` records. A row that no longer decodes is logged through `unreadable` and left.
    func peek(limit: Int, unreadable: (String) -> Void = { _ in }) throws -> [GameRecord] {
        let rows = try connection.withLock { db throws(SQLiteError) -> [String] in
            let rows = try db.query("SELECT record FROM outbox ORDER BY queued, uid LIMIT ?", [.int(limit)]) { $0.text(0) ?? "" }
            if rows.isEmpty { mayHold.store(false, ordering: .relaxed) }
            return rows
        }
        let decoder = JSONDecoder()
        return rows.compactMap { json in
            do {
                return try decoder.decode(GameRecord.self, from: Data(json.utf8))
            } catch {
                unreadable(json)
                return nil
            }
        }
    }

    func remove(_ ids: [UUID]) throws {
        guard !ids.isEmpty else { return }
        try connection.withLock { db throws(SQLiteError) in
            try db.writeTransaction { () throws(SQLiteError) in
                for id in ids { try db.run("DELETE FROM outbox WHERE uid = ?", [.text(id.uuidString)]) }
            }
        }
    }

    var count: Int {
        (try? connection.withLock { db throws(SQLiteError) -> Int in
            try db.queryFirst("SELECT COUNT(*) FROM outbox") { $0.int(0) } ?? 0
        }) ?? 0
    }

    func close() { connection.withLock { $0.close() } }
}
