import Foundation
import HangmanNet
import HangmanServer
import Testing

/// Delay, not drop: lines over the command rate wait and run in order (issue 12, item 1).
@Suite(.timeLimit(.minutes(1)), .ownThread) struct RateBacklogTests {
    /// The commands a client sends and what answers each: alternating a store query (the session
    /// waits for it, so later lines queue behind it) and a `help` whose topic names the line (the
    /// commands a player has help on: the operators' are not listed to others).
    static let topics = CommandTable.rows.filter { $0.access != .operator }.map(\.name)

    @Test func sixtyCommandsAtOnceWithTheShippedLimitsAreAllAnsweredInOrder() throws {
        let shipped = ServerConfig()
        #expect(shipped.limits.commandsPerSecond == 10 && shipped.limits.commandBurst == 20)
        let server = try TestServer { $0.limits = shipped.limits }
        let bot = try TestClient.player("robot", port: server.port)  // `bot` is a command word
        var lines: [String] = []
        var expected: [String] = []
        for index in 0..<60 {
            if index % 3 == 0 {
                lines.append("top")
                expected.append("leaderboard")
            } else {
                let topic = Self.topics[index % Self.topics.count]
                lines.append("help \(topic)")
                expected.append("help:\(topic)")
            }
        }
        bot.send(lines.map { $0 + "\r\n" }.joined())
        var seen: [String] = []
        while seen.count < 60 {
            // 40 lines over the burst at 10 a second: about 4 s.
            let event = try bot.readJSON(timeout: 15) { ["leaderboard", "help", "error"].contains($0["type"] as? String ?? "") }
            switch event["type"] as? String {
            case "help": seen.append("help:\(event["topic"] as? String ?? "")")
            case "error": seen.append("error:\(event["code"] as? String ?? "")")
            default: seen.append(event["type"] as? String ?? "")
            }
        }
        #expect(seen == expected)
    }
}
