import Foundation
import HangmanStore
import Testing

/// The real executable: start-up errors, SIGTERM, and kill -9 followed by a restart.
@Suite(.serialized, .timeLimit(.minutes(3))) struct ProcessTests {
    @Test func sigtermTellsPlayersAndExitsZero() throws {
        let directory = try ServerProcess.temporaryDirectory()
        let server = try ServerProcess(arguments: ["--db", directory.appendingPathComponent("h.sqlite").path])
        let alice = try TestClient.player("alice", port: server.port)
        let bob = try TestClient(port: server.port)  // still at the name prompt
        _ = bob.rawBytes(window: 0.2)
        let started = Date()
        server.signal(SIGTERM)
        let notice = try alice.expect("info") { ($0["message"] as? String)?.contains("shutting down") == true }
        #expect(notice["type"] as? String == "info")
        #expect(alice.waitForClose(timeout: 5))
        #expect(String(decoding: bob.rawBytes(window: 1), as: UTF8.self).contains("shutting down"), "told at the name prompt too")
        #expect(bob.waitForClose(timeout: 5))
        #expect(server.waitForExit(timeout: 10) == 0)
        #expect(Date().timeIntervalSince(started) < 6, "the shutdown is bounded by shutdown-seconds")
        // Nothing listens any more.
        #expect(throws: (any Error).self) { _ = try TestClient(port: server.port) }
    }

    @Test func aSecondSignalExitsAtOnce() throws {
        let directory = try ServerProcess.temporaryDirectory()
        let server = try ServerProcess(arguments: ["--db", directory.appendingPathComponent("h.sqlite").path])
        server.signal(SIGINT)
        server.signal(SIGINT)
        let status = server.waitForExit(timeout: 5)
        #expect(status == 0 || status == 1, "status \(String(describing: status)) \(server.errorOutput)")
    }

    @Test func killDashNineLosesNoFinishedGame() throws {
        let directory = try ServerProcess.temporaryDirectory()
        let db = directory.appendingPathComponent("h.sqlite").path
        let arguments = ["--db", db, "--rounds", "1", "--commands-per-second", "500", "--command-burst", "1000"]
        var finished: [[String: Any]] = []
        do {
            let server = try ServerProcess(arguments: arguments)
            for name in ["alice", "bob"] {
                let client = try TestClient.player(name, port: server.port)
                client.line("create room-\(name)")
                _ = try client.expect("state") { $0["room"] as? String == "room-\(name)" }
                client.line("start")
                let outcome = try Bots.playToGameOver(observer: client, clients: [name: client])
                #expect(outcome.gameOver["saved"] as? Bool == true)
                finished.append(outcome.gameOver)
            }
            // A third game is in the middle of a round when the server dies.
            let carol = try TestClient.player("carol", port: server.port)
            carol.line("e")
            _ = try carol.expect("guess")
            server.signal(SIGKILL)
            _ = server.waitForExit(timeout: 5)
        }
        // The file is intact and holds both finished games.
        let store = try SQLiteStore(path: db)
        #expect(try store.integrityCheck() == ["ok"])
        store.close()

        let restarted = try ServerProcess(arguments: arguments)
        let viewer = try TestClient.player("viewer", port: restarted.port)
        viewer.line("top")
        let top = try viewer.expect("leaderboard")
        let names = Set((top["entries"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(names == ["alice", "bob"])
        for game in finished {
            let scores = game["scores"] as? [[String: Any]] ?? []
            let name = scores.first?["name"] as? String ?? ""
            viewer.line("history \(name)")
            let history = try viewer.expect("history")
            #expect((history["entries"] as? [[String: Any]])?.count == 1)
            viewer.line("game \(game["game"] as? Int ?? 0)")
            let detail = try viewer.expect("game")
            #expect((detail["scores"] as? [[String: Any]])?.first?["score"] as? Int == scores.first?["score"] as? Int)
        }
    }

    @Test(arguments: [
        (["--port", "70000"], "port"),
        (["--misses", "0"], "misses"),
        (["--mode", "sneaky"], "mode"),
        (["--nonsense", "1"], "nonsense"),
        (["--length", "40"], "length"),
        (["--words", "/nonexistent/words.plist"], "words"),
    ])
    func invalidSettingsExitTwoNamingTheSetting(arguments: [String], setting: String) throws {
        let (code, stderr) = try ServerProcess.run(arguments: ["--port", "0", "--db", "/tmp/never-used.sqlite"] + arguments)
        #expect(code == 2, "\(stderr)")
        #expect(stderr.contains(setting), "\(stderr)")
    }

    @Test func environmentOverridesTheConfigFile() throws {
        let (code, stderr) = try ServerProcess.run(arguments: ["--help"])
        #expect(code == 0)
        _ = stderr
        let process = Process()
        process.executableURL = ServerProcess.executable
        process.currentDirectoryURL = ServerProcess.root
        process.arguments = ["--port", "0"]
        process.environment = ["HANGMAN_MISSES": "99"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("HANGMAN_MISSES"), "\(text)")
    }

    @Test func anUnusableDatabaseIsAClearErrorNotACrash() throws {
        let directory = try ServerProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let corrupt = directory.appendingPathComponent("corrupt.sqlite")
        try Data(repeating: 0x42, count: 8192).write(to: corrupt)
        for path in [file.appendingPathComponent("h.sqlite").path, corrupt.path, directory.path] {
            let (code, stderr) = try ServerProcess.run(arguments: ["--port", "0", "--db", path])
            #expect(code == 1, "\(path): \(stderr)")
            #expect(stderr.contains("db"), "\(stderr)")
            #expect(!stderr.contains("Fatal error"), "\(stderr)")
        }
    }
}
