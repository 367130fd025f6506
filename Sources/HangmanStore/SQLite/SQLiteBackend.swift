import CSQLite
import Dispatch
import Foundation

/// The store's tables in one SQLite file: opening with its checks and pragmas, migrations, the batch
/// merge and every query. Synchronous and confined to the engine's queue; `SQLiteStore` is its face.
final class SQLiteBackend: StoreBackend {
    let connection: SQLiteConnection
    let path: String

    private init(connection: SQLiteConnection, path: String) {
        self.connection = connection
        self.path = path
    }

    /// Opens or creates the database, checks it, sets the pragmas and migrates. Never leaves a handle open
    /// on failure; every failure is `.open` with a message meant for the person starting the server.
    static func open(path: String, options: SQLiteStore.Options, queue: DispatchQueue?) throws(StoreError) -> SQLiteBackend {
        guard !path.isEmpty else { throw .open(path: path, message: "the path is empty") }
        try prepareFolder(for: path)
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, busyTimeout: options.busyTimeout, queue: queue)
        } catch {
            throw .open(path: path, message: explain(error))
        }
        let backend = SQLiteBackend(connection: connection, path: path)
        do {
            try backend.configure(options)
            try backend.migrate()
        } catch let error as StoreError {
            connection.close()
            throw error
        } catch let error as SQLiteError {
            connection.close()
            throw .open(path: path, message: explain(error))
        } catch {
            connection.close()
            throw .open(path: path, message: "\(error)")
        }
        return backend
    }

    private static func prepareFolder(for path: String) throws(StoreError) {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .open(path: path, message: "it is a directory, not a database file")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if files.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .open(path: path, message: "\(folder) is not a folder") }
            return
        }
        do {
            try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .open(path: path, message: "cannot create the folder \(folder): \(error.localizedDescription)")
        }
    }

    private static func explain(_ error: SQLiteError) -> String {
        switch error.primaryCode {
        case SQLITE_NOTADB: "\(error.message): the file is corrupt or not an SQLite database"
        case SQLITE_CORRUPT: "\(error.message): the database file is corrupt"
        case SQLITE_CANTOPEN: "\(error.message): check that the path is writable"
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: "\(error.message): the database is not writable"
        case SQLITE_BUSY: "\(error.message): another process holds the database locked"
        default: error.description
        }
    }

    private func configure(_ options: SQLiteStore.Options) throws {
        // Read first: a file of garbage fails here (SQLITE_NOTADB) before anything is written to it.
        let check = try connection.query("PRAGMA quick_check") { row in row.text(0) ?? "" }
        guard check == ["ok"] else {
            throw StoreError.open(
                path: path, message: "the database fails its integrity check: \(check.prefix(3).joined(separator: "; "))")
        }
        let mode = try connection.queryFirst("PRAGMA journal_mode = WAL") { row in row.text(0) ?? "" }
        guard mode?.lowercased() == "wal" else {
            throw StoreError.open(path: path, message: "cannot use write-ahead logging here (journal mode \(mode ?? "unknown"))")
        }
        try connection.execute("PRAGMA synchronous = \(options.synchronous.rawValue)")
        try connection.execute("PRAGMA foreign_keys = ON")
    }

    /// Applies the migrations the file lacks. A file newer than this code is refused rather than guessed at.
    private func migrate() throws {
        for _ in 0..<SQLiteSchema.migrations.count {
            let done = try connection.writeTransaction { () throws(SQLiteError) -> Bool in
                let version = try userVersion()
                if version > SQLiteSchema.currentVersion {
                    throw SQLiteError(
                        code: SQLITE_ERROR,
                        message: "schema version \(version) is newer than this server's \(SQLiteSchema.currentVersion)")
                }
                guard version < SQLiteSchema.currentVersion else { return true }
                try connection.execute(SQLiteSchema.migrations[version])
                try connection.execute("PRAGMA user_version = \(version + 1)")
                return false
            }
            if done { return }
        }
    }

    func userVersion() throws(SQLiteError) -> Int {
        try connection.queryFirst("PRAGMA user_version") { row in row.int(0) } ?? 0
    }

    func close() { connection.close() }

    // MARK: - Merge

    func insertGames(_ records: [GameRecord]) throws -> [Int64] {
        let now = Int64(Date().timeIntervalSince1970)
        return try connection.writeTransaction { () throws(SQLiteError) -> [Int64] in
            var ids: [Int64] = []
            ids.reserveCapacity(records.count)
            for record in records { ids.append(try insert(record, now: now)) }
            return ids
        }
    }

    private func insert(_ record: GameRecord, now: Int64) throws(SQLiteError) -> Int64 {
        try connection.run(
            """
            INSERT INTO games (room, mode, difficulty, round_count, mistakes, words_solved, started, ended)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(record.room), .text(record.mode), .text(record.difficulty), .int(record.rounds.count),
                .int(record.totalMistakes), .int(record.wordsSolved), .integer(record.started), .integer(record.ended),
            ])
        let gameID = connection.lastInsertRowID
        for (index, round) in record.rounds.enumerated() {
            try connection.run(
                "INSERT INTO rounds (game_id, number, word, won, mistakes, solver) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    .integer(gameID), .int(index + 1), .text(round.word), .bool(round.won), .int(round.mistakes),
                    .optionalText(round.solver),
                ])
        }
        for (position, result) in record.uniqueResults.enumerated() {
            let playerID = try upsertPlayer(name: result.name, now: now)
            try connection.run(
                """
                INSERT INTO game_results (game_id, player_id, position, score, rank, solved, failed)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .integer(gameID), .integer(playerID), .int(position), .int(result.score), .int(result.rank),
                    .int(result.solved), .int(result.failed),
                ])
        }
        return gameID
    }

    /// The player's id, creating the row or updating its display name.
    private func upsertPlayer(name: String, now: Int64) throws(SQLiteError) -> Int64 {
        let id = try connection.queryFirst(
            """
            INSERT INTO players (name, key, created) VALUES (?1, ?2, ?3)
            ON CONFLICT (key) DO UPDATE SET name = excluded.name
            RETURNING id
            """,
            [.text(name), .text(HangmanStoreKey.key(for: name)), .integer(now)]
        ) { row in row.int64(0) }
        guard let id else { throw SQLiteError(code: SQLITE_ERROR, message: "upsert of player \(name) returned no id") }
        return id
    }

    // MARK: - Queries

    /// Every player with at least one result, numbered in leaderboard order. Ties: score desc, wins desc,
    /// games asc, key asc — so positions are unique and stable.
    private static let rankedPlayers = """
        WITH totals AS (
            SELECT player_id, SUM(score) AS score, COUNT(*) AS games,
                   SUM(rank = 1 AND score > 0) AS wins, MAX(score) AS best,
                   SUM(solved) AS solved, SUM(failed) AS failed
            FROM game_results GROUP BY player_id
        ), ranked AS (
            SELECT ROW_NUMBER() OVER (ORDER BY t.score DESC, t.wins DESC, t.games ASC, p.key ASC) AS position,
                   p.name, p.key, t.score, t.games, t.wins, t.best, t.solved, t.failed
            FROM totals t JOIN players p ON p.id = t.player_id
        )
        """

    func leaderboard(limit: Int, key: String?) throws -> LeaderboardPage {
        let limit = max(0, limit)
        let rows = try connection.query(
            Self.rankedPlayers
                + "SELECT position, name, score, games, wins, key FROM ranked WHERE position <= ?1 OR key = ?2 ORDER BY position",
            [.int(limit), .optionalText(key)]
        ) { row throws(SQLiteError) in
            (
                LeaderboardEntry(
                    rank: row.int(0), name: try row.requiredText(1), score: row.int(2), games: row.int(3), wins: row.int(4)),
                row.text(5)
            )
        }
        let entries = rows.filter { $0.0.rank <= limit }.map(\.0)
        let mine = rows.first { $0.0.rank > limit && key != nil && $0.1 == key }?.0
        return LeaderboardPage(entries: entries, mine: mine)
    }

    func highScores(limit: Int) throws -> [HighScore] {
        let rows = try connection.query(
            """
            SELECT r.game_id, p.name, r.score, g.mistakes, g.words_solved, g.difficulty
            FROM game_results r
            JOIN games g ON g.id = r.game_id
            JOIN players p ON p.id = r.player_id
            ORDER BY r.score DESC, g.mistakes ASC, g.ended ASC, r.game_id ASC, r.position ASC
            LIMIT ?
            """,
            [.int(max(0, limit))]
        ) { row throws(SQLiteError) in
            (
                id: row.int64(0), name: try row.requiredText(1), score: row.int(2), mistakes: row.int(3), solved: row.int(4),
                difficulty: try row.requiredText(5)
            )
        }
        var words: [Int64: [String]] = [:]
        var scores: [HighScore] = []
        for (index, row) in rows.enumerated() {
            let gameWords: [String]
            if let cached = words[row.id] {
                gameWords = cached
            } else {
                gameWords = try self.words(gameID: row.id)
                words[row.id] = gameWords
            }
            scores.append(
                HighScore(
                    rank: index + 1, name: row.name, score: row.score, gameID: row.id, words: gameWords, mistakes: row.mistakes,
                    solved: row.solved, difficulty: row.difficulty, failed: row.solved == 0))
        }
        return scores
    }

    private func words(gameID: Int64) throws(SQLiteError) -> [String] {
        try connection.query("SELECT word FROM rounds WHERE game_id = ? ORDER BY number", [.integer(gameID)]) {
            row throws(SQLiteError) in
            try row.requiredText(0)
        }
    }

    func history(key: String, limit: Int) throws -> [HistoryEntry] {
        try connection.query(
            """
            SELECT g.id, g.ended, g.room, rd.word, rd.mistakes, rd.won
            FROM players p
            JOIN game_results r ON r.player_id = p.id
            JOIN games g ON g.id = r.game_id
            JOIN rounds rd ON rd.game_id = g.id
            WHERE p.key = ?
            ORDER BY g.ended DESC, g.id DESC, rd.number ASC
            LIMIT ?
            """,
            [.text(key), .int(max(0, limit))]
        ) { row throws(SQLiteError) in
            HistoryEntry(
                gameID: row.int64(0), ended: row.int64(1), room: try row.requiredText(2), word: try row.requiredText(3),
                mistakes: row.int(4), won: row.bool(5))
        }
    }

    func game(id: Int64) throws -> GameDetail? {
        let header = try connection.queryFirst(
            "SELECT room, mode, difficulty, started, ended FROM games WHERE id = ?", [.integer(id)]
        ) { row throws(SQLiteError) in
            (
                room: try row.requiredText(0), mode: try row.requiredText(1), difficulty: try row.requiredText(2),
                started: row.int64(3), ended: row.int64(4)
            )
        }
        guard let header else { return nil }
        let rounds = try connection.query(
            "SELECT word, won, mistakes, solver FROM rounds WHERE game_id = ? ORDER BY number", [.integer(id)]
        ) { row throws(SQLiteError) in
            RoundRecord(word: try row.requiredText(0), won: row.bool(1), mistakes: row.int(2), solver: row.text(3))
        }
        let results = try connection.query(
            """
            SELECT p.name, r.score, r.rank, r.solved, r.failed
            FROM game_results r JOIN players p ON p.id = r.player_id
            WHERE r.game_id = ? ORDER BY r.position
            """,
            [.integer(id)]
        ) { row throws(SQLiteError) in
            PlayerResult(
                name: try row.requiredText(0), score: row.int(1), rank: row.int(2), solved: row.int(3), failed: row.int(4))
        }
        let record = GameRecord(
            room: header.room, mode: header.mode, difficulty: header.difficulty, rounds: rounds, results: results,
            started: header.started, ended: header.ended)
        return GameDetail(id: id, record: record)
    }

    func stats(key: String) throws -> PlayerStats? {
        let name = try connection.queryFirst("SELECT name FROM players WHERE key = ?", [.text(key)]) { row in row.text(0) }
        guard let name else { return nil }
        let ranked = try connection.queryFirst(
            Self.rankedPlayers + "SELECT position, games, wins, score, best, solved, failed FROM ranked WHERE key = ?",
            [.text(key)]
        ) { row in
            PlayerStats(
                name: name ?? key, games: row.int(1), wins: row.int(2), score: row.int(3), best: row.int(4), solved: row.int(5),
                failed: row.int(6), rank: row.int(0))
        }
        return ranked ?? PlayerStats(name: name ?? key, games: 0, wins: 0, score: 0, best: 0, solved: 0, failed: 0, rank: nil)
    }

    func deleteResult(key: String, gameID: Int64) throws -> Bool {
        try connection.run(
            "DELETE FROM game_results WHERE game_id = ? AND player_id = (SELECT id FROM players WHERE key = ?)",
            [.integer(gameID), .text(key)]) > 0
    }

    func deleteResults(key: String) throws -> Int {
        try connection.run("DELETE FROM game_results WHERE player_id = (SELECT id FROM players WHERE key = ?)", [.text(key)])
    }

    // MARK: - Accounts

    func passwordHash(key: String) throws -> (known: Bool, hash: String?) {
        let row = try connection.queryFirst("SELECT password_hash FROM players WHERE key = ?", [.text(key)]) { row in row.text(0)
        }
        return (row != nil, row ?? nil)
    }

    func setPasswordHash(name: String, key: String, hash: String) throws -> Bool {
        // One statement, so the "not yet registered" check and the write are atomic even across processes.
        try connection.run(
            """
            INSERT INTO players (name, key, password_hash, created) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (key) DO UPDATE SET password_hash = excluded.password_hash, name = excluded.name
            WHERE players.password_hash IS NULL
            """,
            [.text(name), .text(key), .text(hash), .integer(Int64(Date().timeIntervalSince1970))]) > 0
    }

    func saveSettings(name: String, key: String, json: String) throws {
        try connection.run(
            """
            INSERT INTO players (name, key, settings, created) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (key) DO UPDATE SET settings = excluded.settings, name = excluded.name
            """,
            [.text(name), .text(key), .text(json), .integer(Int64(Date().timeIntervalSince1970))])
    }

    func loadSettings(key: String) throws -> String? {
        try connection.queryFirst("SELECT settings FROM players WHERE key = ?", [.text(key)]) { row in row.text(0) } ?? nil
    }

    // MARK: - Diagnostics

    /// `PRAGMA integrity_check` rows ("ok" when healthy).
    func integrityCheck() throws(SQLiteError) -> [String] {
        try connection.query("PRAGMA integrity_check") { row in row.text(0) ?? "" }
    }
}
