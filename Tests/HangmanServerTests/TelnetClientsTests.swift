import Foundation
import Testing

@testable import HangmanServer

/// Telnet options over real sockets: a client's NAWS subnegotiation shapes the text, and the real
/// clients (Debian telnet, TinTin++, a Python crawler) run through scripts/telnet-clients when they
/// are installed.
@Suite(.timeLimit(.minutes(2)), .ownThread) struct TelnetClientsTests {
    static let iac: UInt8 = 255

    @Test func aNAWSWindowOfFortyColumnsShapesTheText() throws {
        let server = try TestServer()
        let client = try TestClient(port: server.port)
        // IAC WILL NAWS, then IAC SB NAWS 0 40 0 24 IAC SE: a 40 × 24 window.
        client.sendBytes([255, 251, 31, 255, 250, 31, 0, 40, 0, 24, 255, 240])
        _ = client.rawBytes(until: "Your name: ")
        client.line("ann")
        _ = client.rawBytes(until: "> ")
        client.line("help")
        var bytes = client.rawBytes(until: "> ")
        client.line("state")
        bytes += client.rawBytes(until: "> ")
        let lines = TerminalTests.screenLines(bytes)
        #expect(lines.contains { $0.hasPrefix("Commands") })
        #expect(lines.contains { $0.hasPrefix("Word:") })
        let wide = lines.filter { TextLayout.visibleWidth($0) > 40 }
        #expect(wide.isEmpty, "\(wide)")
    }

    /// Whether Debian telnet, TinTin++ and python3-pexpect are all installed.
    static let clientsInstalled: Bool = {
        let manager = FileManager.default
        guard manager.isExecutableFile(atPath: "/usr/bin/telnet"),
            ["/usr/games/tt++", "/usr/bin/tt++"].contains(where: manager.isExecutableFile(atPath:))
        else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import pexpect"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    @Test(
        .enabled(
            if: clientsInstalled,
            "needs Debian telnet, TinTin++ and python3-pexpect: apt-get install telnet tintin++ python3-pexpect"))
    func realTelnetClients() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", ServerProcess.root.appendingPathComponent("scripts/telnet-clients").path, "--strict"]
        var environment = ProcessInfo.processInfo.environment
        environment["HANGMAN_SERVER"] = ServerProcess.executable.path
        process.environment = environment
        process.currentDirectoryURL = ServerProcess.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(!text.contains("FAIL"), "\(text)")
    }
}
