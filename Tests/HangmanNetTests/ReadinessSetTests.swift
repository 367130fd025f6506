import Dispatch
import HangmanSync
import Synchronization
import Testing

@testable import HangmanNet

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Connections read through `ReadinessSet` (an edge-triggered epoll set, watched by a thread of its
/// own or by a Dispatch source) where epoll exists. Edge-triggered means an arrival is reported
/// once: these are the cases where a connection must read without a new report, or it would never
/// read again; each also runs with a read source per socket (`readThroughSet = false`, what other
/// platforms get), and in the set both with connection queues on their set's queue
/// (`connectionsOnSetQueues`, the default: an event loop per set) and on the shared pool, and with
/// the set's own thread (`readinessThreads`, the default) and a Dispatch source on the set.
@Suite(.ownThread) struct ReadinessSetTests {
    /// How a connection reads.
    enum ReadMode: CaseIterable, Sendable {
        case eventLoop, pool, sourceEventLoop, ownSource

        var limits: TransportLimits {
            var limits = TransportLimits()
            limits.readThroughSet = self != .ownSource
            limits.connectionsOnSetQueues = self != .pool
            limits.readinessThreads = self != .sourceEventLoop
            return limits
        }
    }

    /// The sets' own threads read ready connections themselves: the handler gets a line on the
    /// thread that waited in `epoll_wait` (named so), not on a Dispatch worker woken for it. With
    /// the setting off, the sets are watched by Dispatch sources and every line comes on a worker.
    @Test(arguments: [true, false])
    func aLineIsReadAndHandledOnTheSetsOwnThread(threads: Bool) throws {
        #if os(Linux)
            #expect(ReadinessSet.shards.allSatisfy { $0.driver == .thread })
            #expect(ReadinessSet.sourceShards.allSatisfy { $0.driver == .source })
            var limits = TransportLimits()
            limits.readinessThreads = threads
            limits.commandsPerSecond = 100_000  // every line handled as read, none paced onto a worker
            limits.commandBurst = 100_000
            let (server, _) = try makeServer(limits)
            defer { server.stopAccepting() }
            let client = try TestClient(port: server.boundPort)
            #expect(client.waitFor("hello\r\n"))
            for turn in 0..<3 {  // one read each
                client.send("thread\n\(turn)\n")
                #expect(client.waitFor("echo:\(turn)\r\n"))
            }
            let names = client.lines.filter { $0.hasPrefix("thread:") }
            #expect(names.count == 3)
            let onSetThread = names.filter { $0 == "thread:\(ReadinessSet.threadName)" }.count
            if threads {
                // Each unless the set's queue was busy with another connection's work (tests run in
                // parallel): Dispatch may then run the waiting read on the thread it drains with.
                #expect(onSetThread >= 1, "\(names)")
            } else {
                #expect(onSetThread == 0, "\(names)")
            }
        #endif
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

    /// A read event in the readiness set takes at most `readsPerTurn` full buffers, then queues the
    /// rest behind the set's other work: a client sending faster than it is read (a flood, or a slow
    /// machine; seen under the thread sanitizer) cannot hold its set's thread, which its neighbours'
    /// connection queues run on. Ten buffers of lines: one turn hands over the first four buffers'
    /// lines only, and the rest all arrive after. (Reading until drained took all ten at once.)
    @Test func aReadEventTakesAFewBuffersThenLetsTheOthersRun() throws {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[1]) }
        var limits = TransportLimits()
        limits.commandsPerSecond = 100_000
        limits.commandBurst = 100_000
        guard let peer = SocketAddress(numericHost: "127.0.0.1", port: 1) else { return }
        let connection = Connection(
            id: 1, fd: pair[0], peer: peer, limits: limits, logger: Logger(level: .error), onClosed: { _ in })
        let counter = LineCounter()
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
        // 99 bytes and a line end: ten buffers hold 409.6 lines.
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 99) + [10]
        let lines = Connection.readBufferSize * 10 / line.count
        let bytes = (0..<lines).flatMap { _ in line }
        #expect(bytes.withUnsafeBytes { send(pair[1], $0.baseAddress, $0.count, 0) } == bytes.count)
        let firstTurn = connection.queue.sync { () -> Int in
            connection.phase = .open  // opened by hand: not in a set, no source; this test reads
            connection.handler = counter
            connection.readable(available: Connection.untilDrained)
            return counter.count
        }
        let perTurn = Connection.readBufferSize * Connection.readsPerTurn / line.count
        #expect(firstTurn <= perTurn, "one turn: \(firstTurn) lines")
        #expect(firstTurn >= perTurn - 1)
        #expect(waitUntil { counter.count == lines }, "the rest came after: \(counter.count) of \(lines)")
        connection.queue.sync { connection.phase = .closed }
        close(pair[0])
    }

    /// A connection whose turn is up queues the rest of its reading behind the set's other work.
    /// It queued it onto its own queue, which Dispatch runs in the same drain: another connection
    /// of the set that became readable meanwhile waited until the first had read everything, so a
    /// client keeping its socket full (a telnet flood) held the event loop, and a neighbour's
    /// guess waited 0.4-2 s. Here the neighbour's line must come right after the first turn.
    @Test func theRestOfATurnWaitsBehindTheOtherConnectionsOfTheSet() throws {
        guard ReadinessSet.shards.count > 0 else { return }
        var limits = TransportLimits()
        limits.commandsPerSecond = 100_000
        limits.commandBurst = 100_000
        guard let peer = SocketAddress(numericHost: "127.0.0.1", port: 1) else { return }
        let log = TurnLog()
        var pairs: [[Int32]] = []
        var connections: [Connection] = []
        for id in [UInt64(1), 1 + UInt64(ReadinessSet.shards.count)] {  // the same set
            var pair: [Int32] = [0, 0]
            #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
            _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
            pairs.append(pair)
            connections.append(
                Connection(id: id, fd: pair[0], peer: peer, limits: limits, logger: Logger(level: .error), onClosed: { _ in }))
        }
        let (busy, neighbour) = (connections[0], connections[1])
        #expect(busy.shard === neighbour.shard)
        defer {
            for connection in connections { connection.queue.sync { connection.phase = .closed } }
            for pair in pairs {
                close(pair[0])
                close(pair[1])
            }
        }
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 99) + [10]
        let lines = Connection.readBufferSize * 10 / line.count
        let bytes = (0..<lines).flatMap { _ in line }
        #expect(bytes.withUnsafeBytes { send(pairs[0][1], $0.baseAddress, $0.count, 0) } == bytes.count)
        #expect(send(pairs[1][1], "y\n", 2, 0) == 2)
        // The neighbour becomes readable while the busy connection reads its first turn.
        log.onFirstLine = { neighbour.readReady(peerEnded: false) }
        for connection in connections {
            connection.queue.sync {
                connection.phase = .open  // opened by hand: this test reads
                connection.handler = log
            }
        }
        busy.readinessSet = busy.shard  // as if its socket were in the set (events come from this test)
        busy.queue.async { busy.readable(available: Connection.untilDrained) }
        #expect(waitUntil { log.busyLines == lines && log.neighbourSeenAfter != nil })
        let perTurn = Connection.readBufferSize * Connection.readsPerTurn / line.count
        let after = log.neighbourSeenAfter ?? lines
        #expect(after <= perTurn + 1, "the neighbour's line came after \(after) of the busy connection's \(lines) lines")
        busy.readinessSet = nil
    }
}

/// The busy connection's lines, and how many of them had come when the neighbour's line did.
final class TurnLog: ConnectionHandler, @unchecked Sendable {
    private let state = Locked<(busy: Int, neighbourAfter: Int?, first: (@Sendable () -> Void)?)>((0, nil, nil))
    var busyLines: Int { state.withLock { $0.busy } }
    var neighbourSeenAfter: Int? { state.withLock { $0.neighbourAfter } }
    var onFirstLine: (@Sendable () -> Void)? {
        get { state.withLock { $0.first } }
        set { state.withLock { $0.first = newValue } }
    }
    func connectionDidOpen(_ connection: Connection) {}
    func connection(_ connection: Connection, received event: InputEvent) {
        guard case .line(let text) = event else { return }
        let first = state.withLock { state -> (@Sendable () -> Void)? in
            if text == "y" {
                state.neighbourAfter = state.busy
                return nil
            }
            state.busy += 1
            defer { state.first = nil }
            return state.first
        }
        first?()
    }
    func connectionDidClose(_ connection: Connection, reason: CloseReason) {}
}

/// Counts the lines a connection hands over (on its queue; read from the test after a `sync`).
final class LineCounter: ConnectionHandler, @unchecked Sendable {
    private let lines = Atomic<Int>(0)
    var count: Int { lines.load(ordering: .relaxed) }
    func connectionDidOpen(_ connection: Connection) {}
    func connection(_ connection: Connection, received event: InputEvent) {
        if case .line = event { lines.add(1, ordering: .relaxed) }
    }
    func connectionDidClose(_ connection: Connection, reason: CloseReason) {}
}
