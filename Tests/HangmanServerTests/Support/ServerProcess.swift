import Foundation

/// The real `hangman-server` executable, started as a child process on port 0 for tests that need a
/// whole process: signals, kill -9, exit codes. The binary is built next to the test bundle.
final class ServerProcess {
    let process = Process()
    let port: Int
    private let stdout = Pipe()
    private let stderr = Pipe()
    /// Everything the server wrote to stderr so far (read when it exits, or on demand).
    private(set) var errorOutput = ""
    /// What the server printed on stdout at start: `listening on …` and the connect hints.
    private(set) var startupOutput = ""

    static var executable: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var directory = Bundle.main.bundleURL
        if !FileManager.default.fileExists(atPath: directory.appendingPathComponent("hangman-server").path) {
            directory = bundle
        }
        return directory.appendingPathComponent("hangman-server")
    }

    /// The repository's root (for `Config/words.plist`).
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// How long the server may take to start (or, for `run`, to exit). Built with TSan it loaded its
    /// word lists in 18 s alone at a load of 5 (the three languages take 5 s each), so 20 s ran out
    /// whenever other tests shared the two cores: under a sanitizer it is 60 s.
    static let startTimeout: Double = HonestProbe.underSanitizer ? 60 : 20

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hangman-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Starts the server and waits for its `listening on` line and the `Play here with` hint after it.
    /// `directory` is the working directory (the package root by default); `--host` defaults to 127.0.0.1
    /// `--telnet-port` to 0 (none) and `--http-port` to off; with a web port it waits for its `Watch here at` line too.
    init(
        arguments: [String], directory: URL? = nil, environment: [String: String] = [:], timeout: Double = startTimeout
    ) throws {
        process.executableURL = Self.executable
        process.currentDirectoryURL = directory ?? Self.root
        process.environment = Self.environment(adding: environment)
        let host = arguments.contains("--host") ? [] : ["--host", "127.0.0.1"]
        // No second (telnet) listener unless a test asks: parallel servers would race for port 4001.
        let telnet = arguments.contains("--telnet-port") ? [] : ["--telnet-port", "0"]
        // Nor a web listener: parallel servers would race for port 8080.
        let web = arguments.contains("--http-port") ? [] : ["--http-port", "off"]
        let watchLine = arguments.contains("--http-port") && !arguments.contains("off")
        process.arguments = host + telnet + web + ["--port", "0", "--log-level", "warning"] + arguments
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let handle = stdout.fileHandleForReading
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        var found: Int?
        while found == nil || !text.contains("Play here with") || (watchLine && !text.contains("Watch here at")),
            Date() < deadline, process.isRunning
        {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening on ") }),
                let colon = line.lastIndex(of: ":"), let port = Int(line[line.index(after: colon)...])
            {
                found = port
            }
        }
        startupOutput = text
        guard let found else {
            process.terminate()
            throw TestClient.ClientError.timeout("listening on (stdout: \(text))")
        }
        port = found
    }

    /// Runs the server to completion (for start-up failures) and returns its exit code and stderr.
    static func run(arguments: [String], environment: [String: String] = [:], timeout: Double = startTimeout) throws -> (
        code: Int32, stderr: String
    ) {
        let process = Process()
        let errors = Pipe()
        process.executableURL = executable
        process.environment = Self.environment(adding: environment)
        process.currentDirectoryURL = root
        process.arguments = arguments
        process.standardOutput = Pipe()
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            throw TestClient.ClientError.timeout("the server to exit")
        }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, text)
    }

    /// This process's environment without `HANGMAN_*` settings (a developer's own must not leak into
    /// a test), plus `extra`.
    static func environment(adding extra: [String: String]) -> [String: String] {
        var result = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HANGMAN_") }
        for (key, value) in extra { result[key] = value }
        return result
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the process to exit; returns its status, or nil on timeout.
    func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { return nil }
        errorOutput = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
