import Dispatch
import Testing

@testable import HangmanNet

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Connections read through `ReadinessSet` (one Dispatch source on an edge-triggered epoll set)
/// where epoll exists. Edge-triggered means an arrival is reported once: these are the cases where
/// a connection must read without a new report, or it would never read again; each also runs with
/// a read source per socket (`readThroughSet = false`, what other platforms get), and in the set
/// both with connection queues on their set's queue (`connectionsOnSetQueues`, the default: an
/// event loop per set) and on the shared pool.
@Suite struct ReadinessSetTests {
    /// How a connection reads.
    enum ReadMode: CaseIterable, Sendable {
        case eventLoop, pool, ownSource

        var limits: TransportLimits {
            var limits = TransportLimits()
            limits.readThroughSet = self != .ownSource
            limits.connectionsOnSetQueues = self == .eventLoop
            return limits
        }
    }

    @Test func connectionsReadThroughTheSetOnLinux() throws {
        #if os(Linux)
            #expect(!ReadinessSet.shards.isEmpty, "epoll is available on Linux")
            #expect(ReadinessSet.shards.count == Posix.processorCount, "a set per processor")
            let (server, recorder) = try makeServer()
            defer { server.stopAccepting() }
            let client = try TestClient(port: server.boundPort)
            #expect(client.waitFor("hello\r\n"))
            client.send("inset\n")
            #expect(client.waitFor("inset:true\r\n"))
            client.send("quit\n")
            #expect(client.waitForEOF())
            #expect(waitUntil { recorder.closedReasons == [.requested] })
        #endif
    }

    /// The other way, a read source per socket, still works where it is asked for (other platforms).
    @Test func aConnectionCanReadThroughASourceOfItsOwn() throws {
        var limits = TransportLimits()
        limits.readThroughSet = false
        let (server, _) = try makeServer(limits)
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        #expect(client.waitFor("hello\r\n"))
        client.send("inset\nx\n")
        #expect(client.waitFor("echo:x\r\n"))
        #expect(client.lines == ["hello", "inset:false", "echo:x"])
    }

    /// Input that arrives while the handler has paused input and the backlog is full is reported
    /// while the connection does not read; once the backlog drains it must read it anyway.
    @Test(arguments: ReadMode.allCases)
    func inputThatArrivedWhileReadingWasPausedIsReadAfterwards(mode: ReadMode) throws {
        var limits = mode.limits
        limits.rateBacklog = 4
        let (server, recorder) = try makeServer(limits)
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        #expect(client.waitFor("hello\r\n"))
        // One read: the pause, then four lines that fill the backlog, so the socket is not read.
        client.send("pause 300\n1\n2\n3\n4\n")
        #expect(client.waitFor("paused\r\n"))
        usleep(50_000)
        client.send("5\n")  // its report comes while the connection does not read
        #expect(client.waitFor("echo:5\r\n", timeout: 5))
        #expect(client.lines == ["hello", "paused", "echo:1", "echo:2", "echo:3", "echo:4", "echo:5"])
        #expect(recorder.closedReasons.isEmpty)
    }

    /// A line and the end of input come together (`printf 'last\n' | nc -N`): the line is answered,
    /// then the connection closes, flushed. Seen even when both come in one report (the read that
    /// finds the line, shorter than the buffer, would otherwise stop there and wait for a report
    /// that never comes); before, the end of input dropped the answer and closed as `peerClosed`.
    @Test(arguments: ReadMode.allCases)
    func aLineThenTheEndOfInputIsAnsweredThenCloses(mode: ReadMode) throws {
        let (server, recorder) = try makeServer(mode.limits)
        defer { server.stopAccepting() }
        for _ in 0..<20 {
            let client = try TestClient(port: server.boundPort)
            #expect(client.waitFor("hello\r\n"))
            client.send("last\n")
            shutdown(client.fd, Int32(SHUT_WR))
            #expect(client.waitForEOF(), "the server saw the end of input and closed")
            #expect(client.lines == ["hello", "echo:last"])
        }
        #expect(waitUntil { recorder.closedReasons.count == 20 })
        #expect(recorder.closedReasons.allSatisfy { $0 == .inputEnded })
    }

    /// `printf 'last' | nc -N`: a line the client did not end before ending its input still runs.
    @Test func aLineNotEndedBeforeTheEndOfInputStillRuns() throws {
        let (server, _) = try makeServer()
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        #expect(client.waitFor("hello\r\n"))
        client.send("first\nlast")
        shutdown(client.fd, Int32(SHUT_WR))
        #expect(client.waitForEOF())
        #expect(client.lines == ["hello", "echo:first", "echo:last"])
    }

    /// Input longer than a read buffer, sent at once (one edge of the set), is read to the end, in
    /// order, and so is a line cut across buffers.
    @Test(arguments: ReadMode.allCases)
    func inputLongerThanAReadBufferIsAllRead(mode: ReadMode) throws {
        var limits = mode.limits
        limits.commandsPerSecond = 100_000
        limits.commandBurst = 100_000
        let (server, _) = try makeServer(limits)
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        #expect(client.waitFor("hello\r\n"))
        // About three and a half buffers of numbered lines, in one write.
        let count = Connection.readBufferSize * 7 / 2 / 6
        let lines = (0..<count).map { String(100_000 + $0).dropFirst().description }
        client.send(lines.joined(separator: "\n") + "\n")
        #expect(client.waitFor("echo:\(lines[count - 1])\r\n", timeout: 10))
        let got = client.lines
        #expect(got.count == count + 1, "every line answered")
        if got.count == count + 1 { #expect(got == ["hello"] + lines.map { "echo:\($0)" }) }
    }
}
