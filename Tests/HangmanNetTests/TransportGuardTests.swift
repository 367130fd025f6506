import Dispatch
import Testing

@testable import HangmanNet

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The login deadline, the pool of connections logging in, per-address groups and keepalive, on
/// real sockets (127.0.0.0/8 gives distinct source addresses). The echo handler's `login` line
/// calls `Connection.loginCompleted`.
@Suite(.serialized, .ownThread) struct TransportGuardTests {
    init() { Signals.ignorePipe() }

    @Test func loginDeadlineFiresEvenWithInput() throws {
        var limits = TransportLimits()
        limits.loginDeadlineSeconds = 1
        limits.idleLoginSeconds = 120
        let (server, recorder) = try makeServer(limits)
        defer { server.stopAccepting() }
        let start = DispatchTime.now().uptimeNanoseconds
        let nameless = try TestClient(port: server.boundPort)
        let player = try TestClient(port: server.boundPort)
        player.send("login\n")
        #expect(player.waitFor("in\r\n"))
        for i in 0..<8 {  // an empty line every 0.2 s for 1.6 s: never idle
            nameless.send("\n")
            player.send("p\(i)\n")
            usleep(200_000)
        }
        #expect(nameless.waitForEOF(timeout: 4))
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(elapsed >= 0.9 && elapsed < 5, "closed after \(elapsed) s")  // not early; late only under heavy load
        #expect(waitUntil { recorder.closedReasons == [.loginDeadline] })
        player.send("still\n")
        #expect(player.waitFor("echo:still\r\n"))
        #expect(!player.sawEOF)
        #expect(server.loginPendingCount == 0)
    }

    @Test func fullLoginPoolDisplacesTheFloodNeverAPlayer() throws {
        var limits = TransportLimits()
        limits.maxLoginConnections = 4
        limits.maxPerAddress = 100
        let (server, recorder) = try makeServer(limits)
        defer { server.stopAccepting() }
        let player = try TestClient(port: server.boundPort, source: "127.0.9.9")
        player.send("login\n")
        #expect(player.waitFor("in\r\n"))
        var flood: [TestClient] = []
        for _ in 0..<4 {
            let client = try TestClient(port: server.boundPort, source: "127.0.2.2")
            #expect(client.waitFor("hello\r\n"))
            flood.append(client)
        }
        #expect(server.loginPendingCount == 4)
        // The flood's own address cannot displace itself.
        let more = try TestClient(port: server.boundPort, source: "127.0.2.2")
        #expect(more.waitForEOF())
        #expect(String(decoding: more.received, as: UTF8.self).hasPrefix("server busy"))
        // A newcomer from another address gets in; the flood's oldest goes.
        let newcomer = try TestClient(port: server.boundPort, source: "127.0.3.3")
        #expect(newcomer.waitFor("hello\r\n"))
        #expect(flood[0].waitForEOF())
        #expect(waitUntil { recorder.closedReasons.contains(.loginDisplaced) })
        newcomer.send("login\n")
        #expect(newcomer.waitFor("in\r\n"))
        #expect(waitUntil { server.loginPendingCount == 3 })
        // The players were never touched.
        player.send("ping\n")
        #expect(player.waitFor("echo:ping\r\n"))
        #expect(!player.sawEOF && !newcomer.sawEOF)
        #expect(flood[1...].allSatisfy { !$0.sawEOF })
    }

    @Test func theLoginPoolCountsANetworkAsOne() throws {
        var limits = TransportLimits()
        limits.maxLoginConnections = 4
        limits.maxPerAddress = 100
        let (server, recorder) = try makeServer(limits)
        defer { server.stopAccepting() }
        // Four addresses of one /24 (the pool's IPv4 grouping) fill the pool.
        var flood: [TestClient] = []
        for host in 1...4 {
            let client = try TestClient(port: server.boundPort, source: "127.0.5.\(host)")
            #expect(client.waitFor("hello\r\n"))
            flood.append(client)
        }
        // A fifth address of that /24 is that network again: it cannot displace its own.
        let sameNetwork = try TestClient(port: server.boundPort, source: "127.0.5.9")
        #expect(sameNetwork.waitForEOF())
        #expect(String(decoding: sameNetwork.received, as: UTF8.self).hasPrefix("server busy"))
        // Another /24 displaces the network's oldest.
        let elsewhere = try TestClient(port: server.boundPort, source: "127.0.6.1")
        #expect(elsewhere.waitFor("hello\r\n"))
        #expect(flood[0].waitForEOF())
        #expect(waitUntil { recorder.closedReasons == [.loginDisplaced] })

        // With the pool counting exact addresses, the fifth address of the /24 is a newcomer too.
        limits.loginPoolIPv4PrefixBits = 32
        let (exact, _) = try makeServer(limits)
        defer { exact.stopAccepting() }
        let first = try TestClient(port: exact.boundPort, source: "127.0.5.1")
        let second = try TestClient(port: exact.boundPort, source: "127.0.5.1")
        let third = try TestClient(port: exact.boundPort, source: "127.0.5.2")
        let fourth = try TestClient(port: exact.boundPort, source: "127.0.5.3")
        #expect(
            first.waitFor("hello\r\n") && second.waitFor("hello\r\n") && third.waitFor("hello\r\n") && fourth.waitFor("hello\r\n")
        )
        let fifth = try TestClient(port: exact.boundPort, source: "127.0.5.9")
        #expect(fifth.waitFor("hello\r\n"))
        #expect(first.waitForEOF())
    }

    @Test func aServerFullOfPlayersRefusesRatherThanDisplaces() throws {
        var limits = TransportLimits()
        limits.maxConnections = 3
        limits.maxLoginConnections = 3
        limits.maxPerAddress = 100
        let (server, _) = try makeServer(limits)
        defer { server.stopAccepting() }
        var players: [TestClient] = []
        for _ in 0..<3 {
            let client = try TestClient(port: server.boundPort)
            client.send("login\n")
            #expect(client.waitFor("in\r\n"))
            players.append(client)
        }
        let late = try TestClient(port: server.boundPort, source: "127.0.0.5")
        #expect(late.waitForEOF())
        #expect(String(decoding: late.received, as: UTF8.self) == "server full\r\n")
        for (i, player) in players.enumerated() {
            player.send("still\(i)\n")
            #expect(player.waitFor("echo:still\(i)\r\n"))
        }
    }

    @Test func acceptedSocketsHaveKeepalive() throws {
        var limits = TransportLimits()
        limits.keepaliveIdleSeconds = 45
        limits.keepaliveIntervalSeconds = 7
        limits.keepaliveProbes = 4
        let (server, _) = try makeServer(limits)
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        #expect(client.waitFor("hello\r\n"))
        var options: [[Int32]] = []
        server.forEachConnection { connection in
            let read = { (level: Int32, name: Int32) in (try? Posix.getOption(connection.fd, level: level, name: name)) ?? -1 }
            let tcp = Int32(IPPROTO_TCP)
            options.append([
                read(SOL_SOCKET, SO_KEEPALIVE), read(tcp, TCP_KEEPIDLE), read(tcp, TCP_KEEPINTVL), read(tcp, TCP_KEEPCNT),
            ])
        }
        #expect(options == [[1, 45, 7, 4]])

        limits.keepaliveIdleSeconds = 0
        let (plain, _) = try makeServer(limits)
        defer { plain.stopAccepting() }
        let other = try TestClient(port: plain.boundPort)
        #expect(other.waitFor("hello\r\n"))
        var off: [Int32] = []
        plain.forEachConnection { off.append((try? Posix.getOption($0.fd, level: SOL_SOCKET, name: SO_KEEPALIVE)) ?? -1) }
        #expect(off == [0])
    }

    @Test func connectionsKnowTheirAddressGroup() throws {
        var limits = TransportLimits()
        limits.ipv4PrefixBits = 24
        limits.maxPerAddress = 2
        let (server, _) = try makeServer(limits)
        defer { server.stopAccepting() }
        let a = try TestClient(port: server.boundPort, source: "127.0.0.2")
        let b = try TestClient(port: server.boundPort, source: "127.0.0.3")
        #expect(a.waitFor("hello\r\n") && b.waitFor("hello\r\n"))
        var groups: [String] = []
        server.forEachConnection { groups.append($0.addressGroup) }
        #expect(groups == ["127.0.0.0/24", "127.0.0.0/24"])
        // Two addresses of one /24 share its per-address limit.
        let third = try TestClient(port: server.boundPort, source: "127.0.0.4")
        #expect(third.waitForEOF())
        #expect(String(decoding: third.received, as: UTF8.self) == "too many connections from your address\r\n")
    }
}

/// `close-flush-ms` (`TransportLimits.closeFlushMilliseconds`) at its edge: a closing connection
/// whose client reads nothing keeps its socket that long to send what it holds, then closes anyway.
@Suite(.serialized, .ownThread) struct CloseFlushLimitTests {
    init() { Signals.ignorePipe() }

    /// Seconds from `bigquit` (16 MB then a close) to the server's close, for a client reading nothing.
    func secondsToClose(flushMilliseconds: Int) throws -> (seconds: Double, closedAtOnce: Bool) {
        var limits = TransportLimits()
        limits.closeFlushMilliseconds = flushMilliseconds
        limits.maxOutputBytes = 64 << 20
        let (server, recorder) = try makeServer(limits)
        defer { server.stopAccepting() }
        let stuck = try TestClient(port: server.boundPort, receiveBuffer: 4096)
        #expect(stuck.waitFor("hello\r\n"))
        let start = DispatchTime.now().uptimeNanoseconds
        stuck.send("bigquit\n")
        let closedAtOnce = waitUntil(0.3) { !recorder.closedReasons.isEmpty }
        #expect(waitUntil(10) { recorder.closedReasons == [.requested] })
        #expect(waitUntil(5) { serverSocketCount(port: server.boundPort) == 1 }, "only the listener is left")
        return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, closedAtOnce)
    }

    @Test func theFlushIsCutAtTheLimit() throws {
        let short = try secondsToClose(flushMilliseconds: 100)
        #expect(short.seconds < 3, "closed after \(short.seconds) s")
        let long = try secondsToClose(flushMilliseconds: 1500)
        #expect(!long.closedAtOnce, "a 1.5 s flush was cut short")
        #expect(long.seconds >= 1.4 && long.seconds < 6, "closed after \(long.seconds) s")
    }

    @Test func zeroClosesWithoutWaiting() throws {
        let none = try secondsToClose(flushMilliseconds: 0)
        #expect(none.closedAtOnce, "closed after \(none.seconds) s")
    }
}
