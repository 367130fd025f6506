/// Accounts (password hashes) and saved settings, the `players` columns that only they use: the same
/// statements for SQLite and PostgreSQL. Each write is one statement, so its check and its write are
/// atomic even across servers. `created` (Unix seconds) is given by the caller: a new player's row.
struct AccountTables {
    private let runner: any SQLRunner

    init(runner: any SQLRunner) { self.runner = runner }

    func passwordHash(key: String) throws -> (known: Bool, hash: String?) {
        let row = try runner.first("SELECT password_hash FROM players WHERE key = $1", [.text(key)]) { $0.optionalText(0) }
        return (row != nil, row ?? nil)
    }

    func accountName(key: String) throws -> String? {
        try runner.first("SELECT name FROM players WHERE key = $1 AND password_hash IS NOT NULL", [.text(key)]) {
            try $0.text(0)
        }
    }

    /// One statement text for every call (`StatementShape.rowsPerStatement` keys, the last repeated to fill it), so it
    /// is prepared once: a server asks for its online accounts' hashes every `account-check-seconds`.
    func passwordHashes(keys: [String]) throws -> [String: String] {
        var found: [String: String] = [:]
        let wanted = Set(keys).sorted()
        var start = 0
        while start < wanted.count {
            var chunk = Array(wanted[start..<min(start + StatementShape.rowsPerStatement, wanted.count)])
            start += chunk.count
            if let last = chunk.last { chunk += Array(repeating: last, count: StatementShape.rowsPerStatement - chunk.count) }
            _ = try runner.query(Self.passwordHashesText, chunk.map { .text($0) }) { row in
                found[try row.text(0)] = try row.text(1)
            }
        }
        return found
    }

    static let passwordHashesText =
        "SELECT key, password_hash FROM players WHERE password_hash IS NOT NULL AND key IN ("
        + (1...StatementShape.rowsPerStatement).map { "$\($0)" }.joined(separator: ", ") + ")"

    func setPasswordHash(name: String, key: String, hash: String, created: Int64) throws -> Bool {
        // One statement, so the "not yet registered" check and the write are atomic even across servers.
        try runner.execute(
            """
            INSERT INTO players (name, key, password_hash, created) VALUES ($1, $2, $3, $4)
            ON CONFLICT (key) DO UPDATE SET password_hash = excluded.password_hash, name = excluded.name
            WHERE players.password_hash IS NULL
            """,
            [.text(name), .text(key), .text(hash), .integer(created)]) > 0
    }

    func replacePasswordHash(key: String, old: String, new: String) throws -> Bool {
        // Compare and set in one statement: the hash the old password was checked against must still
        // be the stored one, so of two changes that raced (two servers) exactly one lands.
        try runner.execute(
            "UPDATE players SET password_hash = $3 WHERE key = $1 AND password_hash = $2",
            [.text(key), .text(old), .text(new)]) > 0
    }

    func saveSettings(name: String, key: String, json: String, created: Int64) throws {
        try runner.execute(
            """
            INSERT INTO players (name, key, settings, created) VALUES ($1, $2, $3, $4)
            ON CONFLICT (key) DO UPDATE SET settings = excluded.settings, name = excluded.name
            """,
            [.text(name), .text(key), .text(json), .integer(created)])
    }

    func loadSettings(key: String) throws -> String? {
        try runner.first("SELECT settings FROM players WHERE key = $1", [.text(key)]) { $0.optionalText(0) } ?? nil
    }
}
