import Dispatch
import HangmanSync
import Testing

@testable import HangmanNet

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The server-wide bound on output held for slow readers (`maxTotalOutputBytes`): the rule that
/// picks who pays (`OutputReclaim`, pure), the counter (`OutputBudget`), connections over socket
/// pairs reserving and giving back, and the real transport under floods.
@Suite(.ownThread) struct OutputReclaimTests {
    typealias Holding = OutputReclaim.Holding

    @Test func nothingIsCutAtOrUnderTheTarget() {
        let holdings = [Holding(id: 1, bytes: 500, since: 1)]
        #expect(OutputReclaim.victims(holdings, used: 900, target: 900, floor: 100).isEmpty)
        #expect(OutputReclaim.victims(holdings, used: 901, target: 900, floor: 100) == [1])
    }

    /// Behind the longest goes first, even when a newer one holds more (a player's burst).
    @Test func theOneBehindTheLongestPaysFirst() {
        let holdings = [
            Holding(id: 1, bytes: 300, since: 50),  // a player's burst: more bytes, but only just behind
            Holding(id: 2, bytes: 200, since: 10),  // a never-reader
            Holding(id: 3, bytes: 200, since: 20),
        ]
        #expect(OutputReclaim.victims(holdings, used: 1000, target: 800, floor: 100) == [2])
        #expect(OutputReclaim.victims(holdings, used: 1000, target: 700, floor: 100) == [2, 3])
        #expect(OutputReclaim.victims(holdings, used: 1000, target: 500, floor: 100) == [2, 3, 1])
    }

    @Test func equalTimesCutTheLargerFirst() {
        let holdings = [Holding(id: 1, bytes: 200, since: 5), Holding(id: 2, bytes: 400, since: 5)]
        #expect(OutputReclaim.victims(holdings, used: 1000, target: 700, floor: 100) == [2])
    }

    /// A connection within its fair share is never cut, however long it has been behind; when the
    /// others do not hold enough, fewer are cut (and no one else).
    @Test func noOneWithinTheFloorIsCut() {
        let holdings = [
            Holding(id: 1, bytes: 100, since: 1),  // at the floor: kept
            Holding(id: 2, bytes: 101, since: 2),  // one byte over: fair game
            Holding(id: 3, bytes: 90, since: 3),
        ]
        #expect(OutputReclaim.victims(holdings, used: 10_000, target: 100, floor: 100) == [2])
    }
}

@Suite(.ownThread) struct OutputBudgetTests {
    @Test func theFairShareAndTheChunkFollowTheLimits() {
        let budget = OutputBudget(limit: 64 << 20, maxConnections: 1000)
        #expect(budget.floor == (64 << 20) / 1000)
        #expect(budget.target == (64 << 20) - (8 << 20))
        #expect(budget.chunk == OutputBudget.maxChunk)
        #expect(budget.covering(0) == 0)
        #expect(budget.covering(1) == budget.chunk)
        #expect(budget.covering(budget.chunk) == budget.chunk)
        #expect(budget.covering(budget.chunk + 1) == 2 * budget.chunk)
        // Many connections for the budget: chunks shrink to a quarter of the fair share, so a
        // connection within its share never reserves more than it, and connections crossing a chunk
        // together pass the limit by at most a quarter of it.
        let crowded = OutputBudget(limit: 1 << 20, maxConnections: 10_000)
        #expect(crowded.floor == 104)
        #expect(crowded.chunk == 26)
        for (limit, connections) in [(1 << 20, 1), (64 << 20, 1000), (64 << 20, 2100), (1 << 20, 30_000), (1 << 40, 7)] {
            let budget = OutputBudget(limit: limit, maxConnections: connections)
            #expect(budget.floor * connections <= limit, "all within their share fit in the limit")
            #expect(budget.chunk * connections <= max(connections, limit / 4), "a chunk each is at most a quarter of it")
        }
    }

    /// A reclaim is queued only past the limit, never at it.
    @Test func aReclaimRunsOnlyPastTheLimit() {
        let budget = OutputBudget(limit: 1 << 20, maxConnections: 4)
        let calls = Locked<[Int]>([])
        budget.setReclaimer { target in calls.withLock { $0.append(target) } }
        budget.reserve(1 << 20)
        budget.settle()
        #expect(calls.withLock { $0 }.isEmpty)
        budget.reserve(1)
        budget.settle()
        #expect(calls.withLock { $0 } == [budget.target])
        budget.release(1)
        budget.release(1 << 20)
        #expect(budget.usedBytes == 0)
    }
}

/// Connections over socket pairs whose far end reads nothing (no TCP, so the kernel takes a
/// small, known amount), registered as a server registers them.
@Suite(.ownThread) struct OutputBudgetConnectionTests {
    final class Pair {
        let connection: Connection
        let far: Int32

        init(id: UInt64, registry: ConnectionRegistry, recorder: Recorder) throws {
            var fds: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
                throw NetError.system(call: "socketpair", errno: errno)
            }
            var size: Int32 = 4096  // the kernel holds a few KB; the rest waits in the server
            setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
            far = fds[1]
            guard let peer = SocketAddress(numericHost: "127.0.0.\(id)", port: 1) else { throw NetError.invalidAddress("") }
            var limits = registry.limits
            limits.readThroughSet = false
            connection = Connection(
                id: id, fd: fds[0], peer: peer, limits: limits, logger: Logger(level: .error), budget: registry.outputBudget,
                onClosed: { _ = registry.closed($0) })
            _ = registry.admit(connection, pool: "p\(id)", now: 0)
            connection.start(handler: EchoHandler(recorder: recorder))
        }

        deinit { close(far) }

        /// Reads everything the connection wrote until `bytes` came (or 5 s passed).
        func drain(_ bytes: Int) -> Int {
            var got = 0
            var buffer = [UInt8](repeating: 0, count: 65536)
            let deadline = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
            while got < bytes, DispatchTime.now().uptimeNanoseconds < deadline {
                var fds = pollfd(fd: far, events: Int16(POLLIN), revents: 0)
                guard poll(&fds, 1, 100) > 0 else { continue }
                let n = buffer.withUnsafeMutableBytes { recv(far, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                got += n
            }
            return got
        }
    }

    static func registry() -> ConnectionRegistry {
        var limits = TransportLimits()
        limits.maxConnections = 4  // a fair share of 256 KiB
        limits.maxPerAddress = 4
        limits.maxTotalOutputBytes = 1 << 20
        limits.maxOutputBytes = 8 << 20  // only the budget cuts here
        limits.flushPacingMicros = 0
        return ConnectionRegistry(limits: limits)
    }

    /// Held output is reserved while it waits and given back once written: a client that catches
    /// up holds nothing of the budget, and a closed one nothing at all.
    @Test func heldOutputIsReservedAndGivenBack() throws {
        let registry = Self.registry()
        let budget = registry.outputBudget
        let recorder = Recorder()
        let pair = try Pair(id: 1, registry: registry, recorder: recorder)
        #expect(pair.drain(7) == 7)  // hello
        #expect(budget.usedBytes == 0, "a client that reads holds nothing")
        pair.connection.send([UInt8](repeating: 0x41, count: 200_000))
        #expect(waitUntil { pair.connection.pendingOutputBytes > 150_000 })
        // What is reserved is the buffers' memory (their capacity), in whole chunks.
        let held = pair.connection.queue.sync { pair.connection.retainedOutputBytes }
        #expect(held >= pair.connection.pendingOutputBytes)
        #expect(budget.usedBytes >= held && budget.usedBytes < held + budget.chunk, "\(budget.usedBytes) for \(held)")
        #expect(pair.drain(200_000) == 200_000)
        #expect(waitUntil { budget.usedBytes == 0 }, "\(budget.usedBytes) still reserved")
        pair.connection.send([UInt8](repeating: 0x41, count: 100_000))
        #expect(budget.usedBytes > 0)
        pair.connection.close(reason: .requested, flushTimeout: 0)
        #expect(waitUntil { registry.connectionCount == 0 })
        #expect(budget.usedBytes == 0)
    }

    /// Past the budget, the connection behind the longest over its fair share is cut, with its
    /// own reason, until the total is an eighth under the limit; one within its share is not, even
    /// though it has been behind longer; the newer one over its share stays.
    @Test func pastTheBudgetTheOneBehindTheLongestIsCut() throws {
        let registry = Self.registry()
        let budget = registry.outputBudget
        let recorder = Recorder()
        let pairs = try (1...3).map { try Pair(id: UInt64($0), registry: registry, recorder: recorder) }
        for pair in pairs { #expect(pair.drain(7) == 7) }
        let (within, older, newer) = (pairs[0], pairs[1], pairs[2])
        within.connection.send([UInt8](repeating: 0x41, count: 200_000))  // under the fair share, 256 KiB
        usleep(2000)
        older.connection.send([UInt8](repeating: 0x42, count: 400_000))
        usleep(2000)
        newer.connection.send([UInt8](repeating: 0x43, count: 300_000))
        budget.settle()
        #expect(budget.usedBytes <= budget.limit, "\(budget.usedBytes): not yet over")
        #expect(recorder.closedReasons.isEmpty)
        // Now over, whether the writer took the first 300 KB already (held 500 KB) or the buffer
        // doubled (600 KB): cutting the older one is enough.
        newer.connection.send([UInt8](repeating: 0x43, count: 200_000))
        #expect(waitUntil { recorder.closedReasons == [.outputBudget] }, "\(recorder.closedReasons)")
        #expect(!older.connection.isOpen)
        #expect(within.connection.isOpen && newer.connection.isOpen)
        #expect(budget.usedBytes <= budget.target, "\(budget.usedBytes) after the reclaim")
        for pair in [within, newer] { pair.connection.close(reason: .requested, flushTimeout: 0) }
        #expect(waitUntil { registry.connectionCount == 0 })
        #expect(budget.usedBytes == 0)
    }
}

extension OutputBudgetConnectionTests {
    /// A connection already closing (a `quit` flushing its goodbye to a client that does not read)
    /// frees its part within `closeFlushMilliseconds` by itself. It was picked first (behind the
    /// longest), which cut nobody, and its bytes were counted as freed: the budget stayed over and
    /// the connection that should have paid kept everything.
    @Test func aConnectionAlreadyClosingIsNotPicked() throws {
        let registry = Self.registry()
        let budget = registry.outputBudget
        let recorder = Recorder()
        let pairs = try (1...3).map { try Pair(id: UInt64($0), registry: registry, recorder: recorder) }
        for pair in pairs { #expect(pair.drain(7) == 7) }
        let (quitting, older, newer) = (pairs[0], pairs[1], pairs[2])
        quitting.connection.send([UInt8](repeating: 0x41, count: 400_000))
        quitting.connection.close(reason: .requested, flushTimeout: 30)
        usleep(2000)
        older.connection.send([UInt8](repeating: 0x42, count: 400_000))
        usleep(2000)
        newer.connection.send([UInt8](repeating: 0x43, count: 300_000))  // over: ~1.08 MB of 1 MiB
        #expect(waitUntil { recorder.closedReasons == [.outputBudget] }, "\(recorder.closedReasons)")
        #expect(!older.connection.isOpen && newer.connection.isOpen)
        #expect(budget.usedBytes <= budget.target, "\(budget.usedBytes) after the reclaim")
        #expect(quitting.drain(400_000) == 400_000)  // its goodbye went out after all
        newer.connection.close(reason: .requested, flushTimeout: 0)
        #expect(waitUntil { registry.connectionCount == 0 })
        #expect(budget.usedBytes == 0)
    }
}

/// The real transport: never-reading TCP clients flooded with output are cut for the budget before
/// any reaches its own cap, and a client that reads keeps being answered.
@Suite(.ownThread) struct OutputBudgetSocketTests {
    @Test func floodedNeverReadersAreCutForTheBudgetAndOthersStayPrompt() throws {
        var limits = TransportLimits()
        limits.maxConnections = 8  // a fair share of 256 KiB
        limits.maxTotalOutputBytes = 2 << 20
        limits.maxOutputBytes = 64 << 20
        let (server, recorder) = try makeServer(limits)
        defer { server.stopAccepting() }
        let budget = server.registry.outputBudget
        let fast = try TestClient(port: server.boundPort)
        #expect(fast.waitFor("hello\r\n"))
        var slow: [TestClient] = []
        for _ in 0..<3 {
            let client = try TestClient(port: server.boundPort, receiveBuffer: 4096)
            #expect(client.waitFor("hello\r\n"))
            client.send("flood\n")  // and never read again
            slow.append(client)
        }
        var peak = 0
        for i in 0..<40 {
            fast.send("ping\(i)\n")
            #expect(fast.waitFor("echo:ping\(i)\r\n", timeout: 2))
            peak = max(peak, budget.usedBytes)
            if recorder.closedReasons.count == 3 { break }
            usleep(50_000)
        }
        #expect(waitUntil(10) { recorder.closedReasons.count == 3 })
        #expect(recorder.closedReasons == [.outputBudget, .outputBudget, .outputBudget])
        // The floods add 64 KB per connection every 2 ms: a reclaim runs within a moment of the total
        // passing the limit, not after the total doubled.
        #expect(peak < 2 * budget.limit, "peak \(peak)")
        #expect(waitUntil { budget.usedBytes == 0 })
        fast.send("still\n")
        #expect(fast.waitFor("echo:still\r\n"))
    }
}

/// `socketSendBufferBytes`: what a never-reading client can hold in the kernel, outside the budget.
@Suite(.ownThread) struct SendBufferTests {
    @Test func acceptedSocketsGetTheSendBufferAskedForOrTheKernelsDefault() throws {
        func sendBuffer(_ bytes: Int) throws -> [Int32] {
            var limits = TransportLimits()
            limits.socketSendBufferBytes = bytes
            let (server, _) = try makeServer(limits)
            defer { server.stopAccepting() }
            let client = try TestClient(port: server.boundPort)
            #expect(client.waitFor("hello\r\n"))
            var sizes: [Int32] = []
            server.forEachConnection { sizes.append((try? Posix.getOption($0.fd, level: SOL_SOCKET, name: SO_SNDBUF)) ?? -1) }
            return sizes
        }
        #expect(try sendBuffer(65536) == [2 * 65536], "Linux doubles what is asked")
        let fresh = try Posix.socket(family: AF_INET)
        defer { try? Posix.close(fresh) }
        let kernelDefault = try Posix.getOption(fresh, level: SOL_SOCKET, name: SO_SNDBUF)
        // 0 leaves the kernel's own, which its autotuning may already have grown by the greeting.
        let untouched = try sendBuffer(0)
        #expect(untouched.count == 1 && untouched[0] >= kernelDefault, "\(untouched) against \(kernelDefault)")
    }
}
