import Foundation
import HangmanCore
import HangmanNet
import HangmanSync
import Testing

@testable import HangmanServer

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Hostile clients over real sockets against an in-process server. Each test asserts that the server
/// stays up (a newcomer can still log in and play), that memory stays bounded, and that an honest
/// player in another room keeps getting prompt answers (`HonestProbe`: worst `state` round trip
/// under a generous bound; the real figures are printed as `ABUSE …` lines for docs/RELIABILITY.md).
@Suite(.serialized, .timeLimit(.minutes(3)), .ownThreadAlways) struct AbuseTests {
    /// Generous: other suites run in parallel in the same process, and sanitizer builds use more.
    static let memoryBound = (HonestProbe.underSanitizer ? 1024 : 256) * 1_048_576
    /// The real server's own growth under abuse (it starts near 30 MiB).
    static let processMemoryBound = (HonestProbe.underSanitizer ? 512 : 64) * 1_048_576

    /// The checks every abuse test ends with.
    func expectHealthy(_ server: TestServer, _ result: HonestProbe.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.failures.isEmpty, "\(result.failures)", sourceLocation: sourceLocation)
        #expect(result.samples >= 3, sourceLocation: sourceLocation)
        #expect(result.worst < HonestProbe.latencyBound, "worst round trip \(result.worst) s", sourceLocation: sourceLocation)
        #expect(result.rssPeak - result.rssBefore < Self.memoryBound, "\(result)", sourceLocation: sourceLocation)
        // Still up: a newcomer logs in and gets a game.
        let name = "late\(Int.random(in: 1000...9999))"
        #expect(throws: Never.self, sourceLocation: sourceLocation) { _ = try TestClient.player(name, port: server.port) }
    }

    /// Every byte a text-mode client was sent that could drive a terminal: ESC, BEL, BS, other C0
    /// (except CR, LF, tab), DEL, and C1 controls (U+0080–U+009F, encoded C2 80–C2 9F).
    static func terminalControls(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        for (index, byte) in bytes.enumerated() {
            if (byte < 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09) || byte == 0x7F {
                found.append(String(format: "0x%02X at %d", byte, index))
            } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                found.append(String(format: "C1 0x%02X at %d", bytes[index + 1], index))
            }
        }
        return found
    }

    @Test func randomBytes() throws {
        let server = try TestServer()
        let probe = try HonestProbe(port: server.port)
        var rng = SeededRandom(seed: 2026)
        var received = 0
        for _ in 0..<8 {
            let client = try TestClient(port: server.port)
            for _ in 0..<32 {
                client.sendBytes((0..<8192).map { _ in UInt8.random(in: 0...255, using: &rng) })
                received += client.rawBytes(window: 0.005).count
            }
            received += client.rawBytes(window: 0.1).count
            client.close()
        }
        let result = probe.finish()
        report("random bytes (8 clients × 256 KiB)", result, "\(received) bytes sent back in all")
        expectHealthy(server, result)
    }

    @Test func iacFloodAndUnterminatedSubnegotiation() throws {
        let server = try TestServer()
        let probe = try HonestProbe(port: server.port)
        // Every option asked and offered, over and over, with NOPs and finished subnegotiations.
        let flooder = try TestClient(port: server.port)
        var flood: [UInt8] = []
        for option in 0...255 {
            let byte = UInt8(option)
            flood += [255, 253, byte, 255, 251, byte, 255, 254, byte, 255, 252, byte, 255, 241, 255, 250, byte, 1, 2, 255, 240]
        }
        for _ in 0..<64 { flooder.sendBytes(flood) }  // 64 × 5.3 KiB
        let answers = flooder.rawBytes(window: 0.5)
        // The banner and prompt, one refusal per refused option and verb, and RFC 1143's answers
        // for the few options we support as the flood turns them on and off: no amplification.
        var refusals = Set<[UInt8]>()
        var index = 0
        while index + 2 < answers.count {
            if answers[index] == 255, answers[index + 1] == 250 {  // a subnegotiation (TTYPE SEND, CHARSET)
                index += 2
                while index + 1 < answers.count, !(answers[index] == 255 && answers[index + 1] == 240) { index += 1 }
                index += 2
            } else if answers[index] == 255 {
                let command = Array(answers[index...index + 2])
                let supported: Set<UInt8> = [0, 1, 6, 24, 25, 31, 42, 70, 201]
                if !supported.contains(command[2]) {
                    #expect(refusals.insert(command).inserted, "repeated \(command)")
                }
                index += 3
            } else {
                index += 1
            }
        }
        #expect(answers.count < 64 * flood.count / 8, "\(answers.count) bytes answered to \(64 * flood.count)")

        // A megabyte of subnegotiation is skipped, not stored, up to its IAC SE: what follows is input.
        let deaf = try TestClient(port: server.port)
        deaf.sendBytes([255, 250, 24] + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + [255, 240])
        deaf.line("")
        deaf.line("json")
        deaf.line("name subneg")
        let login = try deaf.expect("logged_in", timeout: 10)
        #expect(login["name"] as? String == "subneg")
        let result = probe.finish()
        report("IAC flood + unterminated SB", result, "\(answers.count) bytes answered to \(64 * flood.count) flood bytes")
        expectHealthy(server, result)
    }

    @Test func aMegabyteLine() throws {
        let server = try TestServer()
        let probe = try HonestProbe(port: server.port)
        let big = try TestClient.player("big", port: server.port)
        big.sendBytes([UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20))
        big.line("")
        #expect(try big.expectError(timeout: 10) == "line_too_long")
        big.line("state")
        _ = try big.expect("state", timeout: 10)
        // Reported once, not once per read.
        #expect(big.transcript.filter { $0.contains("line_too_long") }.count == 1)
        let result = probe.finish()
        report("1 MiB line", result)
        expectHealthy(server, result)
    }

    /// Found by the real-process test below: `line_too_long` overtook the lines typed before it while
    /// the session was busy, so it came in text although `json` had been sent first.
    @Test func lineTooLongWaitsForTheLinesBeforeIt() throws {
        let server = try TestServer()
        for _ in 0..<10 {
            let client = try TestClient(port: server.port)
            client.sendBytes(Array("json\nname".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1000) + [10])
            #expect(try client.expectError() == "line_too_long", "\(client.transcript)")
            #expect(!client.transcript.contains { $0.contains("that line was longer") && !$0.hasPrefix("{") })
        }
    }

    @Test func invalidUTF8AndNULBytes() throws {
        let server = try TestServer()
        let probe = try HonestProbe(port: server.port)
        let observer = try TestClient.player("observer", port: server.port)
        observer.line("create den")
        _ = try observer.expect("state") { $0["room"] as? String == "den" }
        let bad = try TestClient(port: server.port)
        bad.line("json")
        bad.sendBytes(Array("name m\u{0}al".utf8) + [0xFF, 0xC0, 0xAF, 0xED, 0xA0, 0x80] + Array("lory\0\r\n".utf8))
        let login = try bad.expect("logged_in")
        #expect(login["name"] as? String == "mallory")
        bad.line("join den")
        _ = try observer.expect("joined") { $0["player"] as? String == "mallory" }
        bad.sendBytes(
            Array("say he\u{0}llo".utf8) + [0xF4, 0x90, 0x80, 0x80, 0xC3, 0x28, 0xE2, 0x82] + Array(" w\u{0}orld\n".utf8))
        let chat = try observer.expect("chat")
        #expect(chat["text"] as? String == "hello( world", "\(chat)")
        let result = probe.finish()
        report("invalid UTF-8 and NUL", result)
        expectHealthy(server, result)
    }

    @Test func terminalEscapesNeverReachAnotherClient() throws {
        let server = try TestServer()
        let probe = try HonestProbe(port: server.port)
        // The victim uses plain text (no colour): any escape in its bytes came from an attacker.
        let victim = try TestClient(port: server.port)
        victim.line("victim")
        victim.line("create den")
        _ = victim.rawBytes(window: 0.3)
        let attacker = try TestClient(port: server.port)
        attacker.sendBytes(Array("name \u{1B}]0;owned\u{07}\u{1B}[31mmal\u{1B}c".utf8) + [0xC2, 0x9B] + Array("2Jlory\r\n".utf8))
        attacker.line("create \u{1B}[2Jevil\u{9B}1;1H\u{1B}Pdcs\u{1B}\\room")
        usleep(200_000)
        victim.line("rooms")
        var bytes = victim.rawBytes(until: "evilroom")
        attacker.line("join den")
        attacker.sendBytes(
            Array("say \u{1B}[2J\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{07} \u{07}\u{08}\u{7F}".utf8)
                + [0xC2, 0x9D] + Array("0;t\u{07} \u{1B}(0 \u{1B}#8 hi".utf8) + [0xC2, 0x85, 0xC2, 0x9C] + Array("\r\n".utf8))
        attacker.line("'\u{1B}[6n\u{1B}[?1049h bye")
        let attackerText = attacker.drain(until: "Hello")
        bytes += victim.rawBytes(until: "bye")
        victim.line("who")
        bytes += victim.rawBytes(window: 0.5)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("link"), "\(text)")
        #expect(text.contains("hi"), "\(text)")
        #expect(text.contains("bye"), "\(text)")
        #expect(text.contains("evilroom"), "\(text)")
        #expect(text.contains("mallory"), "\(text)")
        #expect(Self.terminalControls(in: bytes).isEmpty, "\(Self.terminalControls(in: bytes)) in \(text.debugDescription)")
        #expect(attackerText.contains("Hello"), "the attacker got in under a cleaned name: \(attackerText)")
        // JSON carries the same cleaned text.
        let watcher = try TestClient.player("watcher", port: server.port)
        watcher.line("join den")
        _ = try watcher.expect("joined")
        attacker.line("say \u{1B}[31mred\u{1B}[0m")
        let chat = try watcher.expect("chat")
        #expect(chat["text"] as? String == "red")
        let result = probe.finish()
        report("terminal escapes in names, rooms, chat", result)
        expectHealthy(server, result)
    }

    @Test func tenThousandCommandsInOneWrite() throws {
        // The shipped limits: 10 commands a second, a burst of 20, 200 waiting; then the server
        // stops reading the spammer (TCP pushes back), and the lines of the read that filled the
        // backlog wait too. Nothing is dropped and nobody is cut off: the spammer is answered at
        // the command rate (it used to get 20 answers, then rate_limited, then was closed), and the
        // honest player notices nothing.
        let server = try TestServer {
            $0.limits.commandsPerSecond = 10
            $0.limits.commandBurst = 20
        }
        let probe = try HonestProbe(port: server.port)
        let spammer = try TestClient.player("spammer", port: server.port)
        spammer.sendBytes(Array(String(repeating: "state\n", count: 10_000).utf8))
        let answer = String(decoding: spammer.rawBytes(window: 5), as: UTF8.self)
        let states = answer.components(separatedBy: "\"type\":\"state\"").count - 1
        let limited = answer.components(separatedBy: "rate_limited").count - 1
        #expect(states >= 20, "the burst is answered at once")
        #expect(states <= 20 + 10 * 7, "then at most the rate (5 s, and some slack)")
        #expect(limited == 0, "nothing is dropped")
        #expect(!spammer.waitForClose(timeout: 0.5), "nobody is cut off for lines that wait")
        let result = probe.finish()
        report(
            "10,000 commands in one write", result,
            "the spammer got \(states) states in 5 s and \(limited) rate_limited, and stays connected")
        expectHealthy(server, result)
    }

    @Test func halfOpenAndVanishingConnections() throws {
        // 45 connections from one address: what is tested is that each goes away, not the
        // per-address cap (16), which closes still waiting their turn could otherwise hit under the
        // thread sanitizer's slowness (seen: a login refused as the 17th connection).
        let server = try TestServer { $0.limits.maxPerAddress = 64 }
        let probe = try HonestProbe(port: server.port)
        let baseline = server.transport.connectionCount
        var clients: [TestClient] = []
        for index in 0..<15 {
            // Sends a whole login, then shuts its write side and never reads.
            let client = try TestClient(port: server.port)
            client.line("json")
            client.line("name half\(index)")
            client.shutdownWrite()
            clients.append(client)
            // Sends half a line, then shuts its write side.
            let partial = try TestClient(port: server.port)
            partial.send("name partial\(index)")
            partial.shutdownWrite()
            clients.append(partial)
            // Logs in, then vanishes with a reset.
            let vanishing = try TestClient.player("gone\(index)", port: server.port, waitForState: false)
            vanishing.reset()
        }
        let deadline = Date().addingTimeInterval(5)
        while server.transport.connectionCount > baseline, Date() < deadline { usleep(50_000) }
        #expect(server.transport.connectionCount == baseline, "\(server.transport.connectionCount) open, \(baseline) before")
        for client in clients { #expect(client.waitForClose(timeout: 2)) }
        let result = probe.finish()
        report("half-open and reset connections (45)", result)
        expectHealthy(server, result)
    }

    @Test func slowloris() throws {
        let server = try TestServer {
            $0.limits.idleLoginSeconds = 1
            $0.limits.idleSeconds = 2
            $0.limits.maxLineBytes = 64
        }
        let probe = try HonestProbe(port: server.port)
        // Lower bounds: the server can only have accepted (or read the name line) after these instants.
        let anonymousConnecting = Date()
        let anonymous = try TestClient(port: server.port)
        _ = anonymous.rawBytes(window: 0.1)
        let namedConnecting = Date()
        let named = try TestClient.player("slow", port: server.port)
        var anonymousClosed: Double?
        var namedClosed: Double?
        // One byte a second of a line that never ends: bytes are not lines, the idle clock runs on.
        for second in 0..<5 where anonymousClosed == nil || namedClosed == nil {
            let byte = [UInt8(ascii: "a") + UInt8(second)]
            if anonymousClosed == nil {
                anonymous.sendBytes(byte)
                if anonymous.waitForClose(timeout: 0.5) { anonymousClosed = Date().timeIntervalSince(anonymousConnecting) }
            }
            if namedClosed == nil {
                named.sendBytes(byte)
                if named.waitForClose(timeout: 0.5) { namedClosed = Date().timeIntervalSince(namedConnecting) }
            }
        }
        #expect(anonymousClosed != nil, "closed after idle-login-seconds (1) despite a byte a second")
        #expect(namedClosed != nil, "closed after idle-seconds (2) despite a byte a second")
        // Not before the limits either: bytes without a line end must not count as silence ending early.
        #expect(
            (anonymousClosed ?? 0) >= 0.95, "closed \(anonymousClosed ?? -1) s after connecting, before idle-login-seconds (1)")
        #expect((namedClosed ?? 0) >= 1.95, "closed \(namedClosed ?? -1) s after its name line, before idle-seconds (2)")
        let result = probe.finish()
        report(
            "slowloris (1 byte/s)", result,
            String(
                format: "closed %.1f s after connecting (before a name) and %.1f s after the name line (logged in)",
                anonymousClosed ?? -1, namedClosed ?? -1)
        )
        expectHealthy(server, result)
    }

    @Test func connectCloseStorm() throws {
        let server = try TestServer { $0.limits.maxPerAddress = 64 }
        let probe = try HonestProbe(port: server.port)
        let baseline = server.transport.connectionCount
        let sockets = HonestProbe.serverSockets(port: server.port)
        let port = server.port
        let connected = Locked(0)
        let group = DispatchGroup()
        for worker in 0..<4 {
            group.enter()
            Thread {
                defer { group.leave() }
                for index in 0..<500 {
                    guard let client = try? TestClient(port: port) else { continue }
                    connected.withLock { $0 += 1 }
                    if index % 3 == 0 { client.line("storm\(worker)x\(index)") }
                    if index % 5 == 0 { client.reset() } else { client.close() }
                }
            }.start()
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        let deadline = Date().addingTimeInterval(5)
        while server.transport.connectionCount > baseline, Date() < deadline { usleep(50_000) }
        #expect(server.transport.connectionCount == baseline)
        // No socket of the server's is left open (ESTABLISHED or CLOSE_WAIT on its port): counted
        // from /proc/net/tcp, as other suites in this process open descriptors meanwhile.
        var after = HonestProbe.serverSockets(port: server.port)
        let socketDeadline = Date().addingTimeInterval(5)
        while after > sockets, Date() < socketDeadline {
            usleep(50_000)
            after = HonestProbe.serverSockets(port: server.port)
        }
        #expect(after == sockets, "\(sockets) server sockets before, \(after) after")
        let result = probe.finish()
        report(
            "connect/close storm (2,000)", result, "\(connected.withLock { $0 }) connected; server sockets \(sockets) → \(after)")
        expectHealthy(server, result)
    }
}
