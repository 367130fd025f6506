import Foundation
import Synchronization

@testable import HangmanStore

/// A throwaway PostgreSQL cluster for the tests: `initdb` into a temporary folder and `pg_ctl start`
/// listening only on a Unix socket in that folder, started once per test process on first use and
/// stopped (and removed) when the process exits. As root, the server binaries run as `postgres`
/// (`runuser`), since initdb refuses root. Each test gets its own database (`freshDatabase()`).
enum PostgresCluster {
    /// The folder holding initdb, pg_ctl… (`HANGMAN_PG_BIN`, else the newest /usr/lib/postgresql/N/bin), nil when absent.
    static let binaries: String? = {
        let files = FileManager.default
        if let bin = ProcessInfo.processInfo.environment["HANGMAN_PG_BIN"], files.isExecutableFile(atPath: bin + "/initdb") {
            return bin
        }
        let root = "/usr/lib/postgresql"
        let versions = ((try? files.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted(by: >)
        return versions.map { "\(root)/\($0)/bin" }.first { files.isExecutableFile(atPath: $0 + "/initdb") }
    }()

    /// True under CI: there a missing PostgreSQL fails the run instead of skipping its tests.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether the PostgreSQL cases run: always under CI (failing if the binaries are missing).
    static var enabled: Bool { binaries != nil || required }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// The running cluster's socket folder, started on first use.
    static let socketFolder: Result<String, Failure> = start()
    static let port = 5433

    private static let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "hangman-pg-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")

    /// A new empty database on the cluster, as a libpq URL.
    static func freshDatabase() throws -> String {
        let socket = try socketFolder.get()
        let name = "t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        let admin = try PostgresRunner(
            conninfo: url(socket: socket, database: "postgres"), connectTimeout: 5, statementTimeoutMs: 0, queue: nil)
        defer { admin.close() }
        try admin.executeScript("CREATE DATABASE \(name)")
        return url(socket: socket, database: name)
    }

    static func url(socket: String, database: String) -> String {
        "postgresql://postgres@/\(database)?host=\(socket)&port=\(port)"
    }

    private static func start() -> Result<String, Failure> {
        guard let bin = binaries else {
            return .failure(Failure(description: "PostgreSQL server binaries not found (apt-get install postgresql)"))
        }
        let data = folder.appendingPathComponent("data").path
        let socket = folder.path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if getuid() == 0 { _ = try run("/bin/chown", ["-R", "postgres:postgres", folder.path], asPostgres: false) }
            try run(bin + "/initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
            try run(
                bin + "/pg_ctl",
                [
                    "-D", data, "-l", folder.appendingPathComponent("log").path, "-w", "-t", "60", "-o",
                    "-k \(socket) -p \(port) -c listen_addresses='' -c fsync=off -c max_connections=200",
                    "start",
                ])
        } catch {
            return .failure(Failure(description: "cannot start a throwaway PostgreSQL cluster: \(error)"))
        }
        stopCommand = (bin + "/pg_ctl", data)
        atexit {
            guard let (pgctl, data) = PostgresCluster.stopCommand else { return }
            _ = try? PostgresCluster.run(pgctl, ["-D", data, "-m", "immediate", "-w", "stop"])
            try? FileManager.default.removeItem(at: PostgresCluster.folder)
        }
        return .success(socket)
    }

    nonisolated(unsafe) private static var stopCommand: (String, String)?

    /// Runs a tool (as `postgres` when we are root) and waits for it with `waitpid`; its output goes to a
    /// file, not a pipe: the server pg_ctl starts inherits the descriptor and would hold a pipe open.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], asPostgres: Bool = true) throws -> String {
        let argv = (asPostgres && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", tool] : [tool]) + arguments
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("hangman-pg-out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: capture) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, capture, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
        guard spawned == 0 else { throw Failure(description: "cannot start \(tool): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: capture, encoding: .utf8)) ?? ""
        guard status == 0 else { throw Failure(description: "\(tool) failed (status \(status)): \(text.suffix(500))") }
        return text
    }
}
