import Dispatch
import HangmanSync
import Testing

@testable import HangmanNet

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

private let IAC: UInt8 = 255
private let DO: UInt8 = 253
private let WILL: UInt8 = 251
private let SB: UInt8 = 250
private let SE: UInt8 = 240

/// Records what the telnet side of a connection reports, and obeys a few commands.
final class TelnetTestHandler: ConnectionHandler {
    let terminals = Locked<[TerminalInfo]>([])
    let gmcp = Locked<[String]>([])

    func connectionDidOpen(_ connection: Connection) { connection.send("hello\r\n") }

    func connection(_ connection: Connection, received event: InputEvent) {
        guard case .line(let text) = event else { return }
        switch text {
        case "login":
            connection.setEchoHidden(true)
            connection.send(prompt: "Password: ")
        case "prompt":
            connection.send(prompt: "> ")
        case "gmcp":
            let sent = connection.sendGMCP(package: "Hangman.State", json: "{\"word\":\"_ _\"}")
            connection.send("gmcp:\(sent)\r\n")
        case "size":
            let terminal = connection.terminal
            connection.send("size:\(terminal.width)x\(terminal.height)\r\n")
        default:
            connection.send("echo:\(text)\r\n")
        }
    }

    func connectionDidClose(_ connection: Connection, reason: CloseReason) {}

    func connection(_ connection: Connection, terminalChanged terminal: TerminalInfo) {
        terminals.withLock { $0.append(terminal) }
    }

    func connection(_ connection: Connection, gmcp package: String, json: String) {
        gmcp.withLock { $0.append("\(package) \(json)") }
    }
}

private func makeTelnetServer(_ limits: TransportLimits = TransportLimits()) throws -> (TransportServer, TelnetTestHandler) {
    let handler = TelnetTestHandler()
    let server = try TransportServer(host: "127.0.0.1", port: 0, limits: limits, logger: Logger(level: .error)) { _ in
        handler
    }
    try server.start()
    return (server, handler)
}

extension TestClient {
    /// Reads until `bytes` arrived (true) or `timeout` passes.
    func waitFor(bytes: [UInt8], timeout: Double = 5) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while firstIndex(of: bytes) == nil {
            let now = DispatchTime.now().uptimeNanoseconds
            if sawEOF || now >= deadline { return false }
            pump(Double(deadline - now) / 1e9)
        }
        return true
    }

    /// Where `bytes` first start in what was received.
    func firstIndex(of bytes: [UInt8]) -> Int? {
        guard !bytes.isEmpty, bytes.count <= received.count else { return nil }
        for start in 0...(received.count - bytes.count) where Array(received[start..<(start + bytes.count)]) == bytes {
            return start
        }
        return nil
    }
}

@Suite(.ownThread) struct TelnetConnectionTests {
    @Test func ctrlCThreeTimesThenACommandIsAnswered() throws {
        let (server, _) = try makeTelnetServer()
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        #expect(client.waitFor("hello\r\n"))
        client.send(Array("half a li".utf8))
        for _ in 0..<3 {
            client.send([IAC, 244, IAC, DO, 6])  // what Debian's telnet sends for Ctrl-C
            usleep(10_000)
        }
        client.send("who\r\n")
        #expect(client.waitFor("echo:who\r\n"))  // the partial line went with the interrupt
        var marks = 0
        for i in 0..<max(0, client.received.count - 2) where Array(client.received[i..<(i + 3)]) == [IAC, WILL, 6] {
            marks += 1
        }
        #expect(marks == 3)
    }

    @Test func breakDiscardsThePartialLineAndAYTIsAnswered() throws {
        let (server, _) = try makeTelnetServer()
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        client.send(Array("abc".utf8) + [IAC, 243] + Array("def\r\n".utf8) + [IAC, 246])
        #expect(client.waitFor("echo:def\r\n"))
        #expect(client.waitFor("[yes]\r\n"))
    }

    @Test func negotiateFirstListenerHidesThePassword() throws {
        var limits = TransportLimits()
        limits.telnetNegotiateFirst = true
        let (server, _) = try makeTelnetServer(limits)
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        #expect(client.waitFor("hello\r\n"))
        #expect(Array(client.received.prefix(telnetOffers.count)) == telnetOffers)  // before any text
        client.send("login\r\n")
        #expect(client.waitFor("Password: "))
        guard let echo = client.firstIndex(of: [IAC, WILL, 1]), let prompt = client.firstIndex(of: Array("Password".utf8))
        else {
            Issue.record("no IAC WILL ECHO")
            return
        }
        #expect(echo < prompt)
        #expect(client.waitFor(bytes: Array("Password: ".utf8) + [IAC, 249]))  // GA: EOR not agreed
    }

    @Test func plainPortStaysSilentForNC() throws {
        let (server, _) = try makeTelnetServer()
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        client.send("login\nprompt\ngmcp\nsize\n")
        #expect(client.waitFor("size:80x24\r\n"))
        #expect(!client.received.contains(IAC))
        #expect(client.lines == ["hello", "Password: > gmcp:false", "size:80x24"])
    }

    @Test func windowSizeReachesTheHandlerAndTheConnection() throws {
        let (server, handler) = try makeTelnetServer()
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        client.send([IAC, WILL, 31, IAC, SB, 31, 0, 40, 0, 20, IAC, SE] + Array("size\r\n".utf8))
        #expect(client.waitFor("size:40x20\r\n"))
        #expect(waitUntil { handler.terminals.withLock { $0.last?.width } == 40 })
    }

    @Test func promptsEndWithEORWhenAgreed() throws {
        let (server, _) = try makeTelnetServer()
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        client.send([IAC, DO, 25] + Array("prompt\r\n".utf8))
        #expect(client.waitFor(bytes: Array("> ".utf8) + [IAC, 239]))
    }

    @Test func gmcpBothWays() throws {
        let (server, handler) = try makeTelnetServer()
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        client.send([IAC, DO, 201, IAC, SB, 201] + Array("Core.Hello {\"client\":\"t\"}".utf8) + [IAC, SE])
        client.send("gmcp\r\n")
        #expect(client.waitFor("gmcp:true\r\n"))
        #expect(client.firstIndex(of: [IAC, SB, 201] + Array("Hangman.State {\"word\":\"_ _\"}".utf8) + [IAC, SE]) != nil)
        #expect(waitUntil { handler.gmcp.withLock { $0 } == ["Core.Hello {\"client\":\"t\"}"] })
    }

    @Test func msspFromTheServersProvider() throws {
        let (server, _) = try makeTelnetServer()
        defer { server.stopAccepting() }
        server.setMSSP { [("NAME", "Hangman"), ("PLAYERS", "2")] }
        let client = try TestClient(port: server.boundPort)
        client.send([IAC, DO, 70])
        #expect(client.waitFor(bytes: [IAC, SB, 70, 1] + Array("NAME".utf8) + [2] + Array("Hangman".utf8) + [1]))
        #expect(client.waitFor(bytes: Array("PLAYERS".utf8) + [2, 0x32, IAC, SE]))
    }
}
