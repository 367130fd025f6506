import Foundation
import Testing

/// docs/examples/bot.py is the bot we show people: it must play a whole game against the real server.
@Suite(.timeLimit(.minutes(2)), .ownThread) struct ExampleBotTests {
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: python != nil, "python3 is not installed")) func theExampleBotPlaysAWholeGame() throws {
        let directory = try ServerProcess.temporaryDirectory()
        let server = try ServerProcess(arguments: [
            "--db", directory.appendingPathComponent("h.sqlite").path, "--rounds", "2", "--seed", "7",
        ])
        let bot = Process()
        bot.executableURL = URL(fileURLWithPath: Self.python ?? "")
        bot.arguments = [
            ServerProcess.root.appendingPathComponent("docs/examples/bot.py").path, "--host", "127.0.0.1", "--port",
            "\(server.port)", "--name", "pybot", "--games", "1",
        ]
        let output = Pipe()
        bot.standardOutput = output
        try bot.run()
        let deadline = Date().addingTimeInterval(90)
        while bot.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if bot.isRunning { bot.terminate() }
        bot.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(bot.terminationStatus == 0, "\(text)")
        #expect(text.contains("round 1 "), "\(text)")
        #expect(text.contains("round 2 "), "\(text)")
        #expect(text.contains("game over: pybot "), "\(text)")
    }
}
