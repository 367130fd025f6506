import Dispatch
import Foundation

/// The PostgreSQL engine (libpq): several servers share one leaderboard. Migrates once at start, then
/// opens one connection per pool lane; a connection that loses the server is reset on its next call.
struct PostgresBackend: StoreBackend {
    /// A `postgresql://` (or `postgres://`) URL in libpq's syntax; PG* environment variables fill the rest.
    let conninfo: String
    let options: StoreOptions

    var engineName: String { "postgresql" }

    /// True when `--db` names a PostgreSQL database rather than an SQLite file.
    static func isURL(_ location: String) -> Bool {
        location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
    }

    /// The URL with any password hidden, for messages and logs: the one in `user:password@` and any
    /// `password=` parameter (libpq takes `?password=…` in a URL, `password=…` in a key=value string).
    /// Found by starting the server with `--db 'postgresql://u@host/db?password=…'` and no database
    /// running: the password was printed in the error.
    static func redacted(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@"),
            let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
        {
            text = String(text[..<colon]) + ":***" + String(text[at...])
        }
        var shown = ""
        var rest = Substring(text)
        while let found = rest.range(of: "password=") {
            let before = rest[..<found.lowerBound]
            // Only a parameter's name: at the start, or after `?`, `&` or a space (not `xpassword=`).
            let isKey = before.last.map { "?& \t".contains($0) } ?? true
            shown += before + "password="
            rest = rest[found.upperBound...]
            guard isKey else { continue }
            let end = rest.firstIndex { "& \t".contains($0) } ?? rest.endIndex
            if end > rest.startIndex { shown += "***" }
            rest = rest[end...]
        }
        return shown + rest
    }

    /// Connects once, checks the server answers and applies the migrations.
    static func prepare(conninfo: String, options: StoreOptions) throws(StoreError) -> PostgresBackend {
        let backend = PostgresBackend(conninfo: conninfo, options: options)
        let shown = redacted(conninfo)
        do {
            let runner = try backend.runner(queue: nil)
            defer { runner.close() }
            try PostgresSchema.migrate(runner)
        } catch let error as StoreError {
            if case .open = error { throw error }
            throw .open(path: shown, message: error.description)
        } catch let error as PostgresError {
            throw .open(path: shown, message: error.description)
        } catch {
            throw .open(path: shown, message: "\(error)")
        }
        return backend
    }

    private func runner(queue: DispatchQueue?) throws(PostgresError) -> PostgresRunner {
        // A statement may run a little past the store's time limit (the caller has its answer by then),
        // not forever: a stuck lock or disk on the server frees the connection.
        let statementTimeout = Int(max(1, options.timeout * 2) * 1000)
        return try PostgresRunner(
            conninfo: conninfo, connectTimeout: Int(max(1, options.timeout.rounded(.up))), statementTimeoutMs: statementTimeout,
            queue: queue)
    }

    func connect(queue: DispatchQueue) throws(StoreError) -> any StoreConnection {
        do {
            return SQLDatabase(runner: try runner(queue: queue))
        } catch {
            options.log?("postgresql: cannot connect: \(error.description)")
            throw .unavailable
        }
    }
}
