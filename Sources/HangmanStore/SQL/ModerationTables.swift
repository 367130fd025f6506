/// Bans, mutes, address bans (`sanctions`) and the moderation log (`moderation_log`, issue 33): the
/// same statements on SQLite and PostgreSQL.
struct ModerationTables {
    private let runner: any SQLRunner

    init(runner: any SQLRunner) { self.runner = runner }

    func saveSanction(_ sanction: StoredSanction) throws {
        _ = try runner.execute(
            """
            INSERT INTO sanctions (kind, key, target, by_name, reason, since, until) VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (kind, key) DO UPDATE SET target = excluded.target, by_name = excluded.by_name,
                reason = excluded.reason, since = excluded.since, until = excluded.until
            """,
            [
                .text(sanction.kind), .text(sanction.key), .text(sanction.target), .text(sanction.by),
                .text(sanction.reason), .integer(sanction.since), sanction.until.map { .integer($0) } ?? .null,
            ])
    }

    /// Removes the sanction; true when one in force at `now` was removed.
    func liftSanction(kind: String, key: String, now: Int64) throws -> Bool {
        let lifted = try runner.execute(
            "DELETE FROM sanctions WHERE kind = $1 AND key = $2 AND (until IS NULL OR until > $3)",
            [.text(kind), .text(key), .integer(now)])
        _ = try runner.execute("DELETE FROM sanctions WHERE kind = $1 AND key = $2", [.text(kind), .text(key)])
        return lifted > 0
    }

    /// Every sanction in force at `now`.
    func sanctions(now: Int64) throws -> [StoredSanction] {
        try runner.query(
            """
            SELECT kind, key, target, by_name, reason, since, until FROM sanctions
            WHERE until IS NULL OR until > $1 ORDER BY kind, key
            """, [.integer(now)]
        ) { row in try Self.sanction(row) }
    }

    /// The one of `kind` on `key` in force at `now`: a lookup on the table's key (kind, key).
    func sanction(kind: String, key: String, now: Int64) throws -> StoredSanction? {
        try runner.query(
            """
            SELECT kind, key, target, by_name, reason, since, until FROM sanctions
            WHERE kind = $1 AND key = $2 AND (until IS NULL OR until > $3)
            """, [.text(kind), .text(key), .integer(now)]
        ) { row in try Self.sanction(row) }.first
    }

    private static func sanction(_ row: SQLRow) throws -> StoredSanction {
        StoredSanction(
            kind: try row.text(0), key: try row.text(1), target: try row.text(2), by: try row.text(3),
            reason: try row.text(4), since: try row.int64(5), until: row.optionalText(6).flatMap { Int64($0) })
    }

    func recordModeration(_ entry: StoredModerationEntry) throws {
        _ = try runner.execute(
            "INSERT INTO moderation_log (at, by_name, action, target, detail) VALUES ($1, $2, $3, $4, $5)",
            [.integer(entry.at), .text(entry.by), .text(entry.action), .text(entry.target), .text(entry.detail)])
    }

    /// The newest `limit` entries, newest first.
    func moderationLog(limit: Int) throws -> [StoredModerationEntry] {
        try runner.query(
            "SELECT at, by_name, action, target, detail FROM moderation_log ORDER BY seq DESC LIMIT $1", [.int(limit)]
        ) { row in
            StoredModerationEntry(
                at: try row.int64(0), by: try row.text(1), action: try row.text(2), target: try row.text(3),
                detail: try row.text(4))
        }
    }
}
