import Dispatch
import Testing

@testable import HangmanNet

/// Issue 16 (hold): an idle connection keeps no input buffers between lines, and the idle sweep
/// looks only at the connections that are due, not at all of them.
@Suite(.ownThread) struct IdleBuffersTests {
    @Test func lineFramerKeepsNoBufferBetweenLines() {
        var framer = LineFramer(maxLineBytes: 512)
        #expect(framer.retainedBytes == 0)
        #expect(framer.feed(Array("hello\r\nworld\n".utf8)) == [.line("hello"), .line("world")])
        #expect(framer.retainedBytes == 0)
        // A half-read line keeps its bytes until its end comes, then gives them back.
        #expect(framer.feed(Array("half".utf8)).isEmpty)
        #expect(framer.retainedBytes >= 4)
        #expect(framer.feed(Array(" line\n".utf8)) == [.line("half line")])
        #expect(framer.retainedBytes == 0)
    }

    @Test func pipelineKeepsNoBuffersOnceItsLinesAreOut() {
        var pipeline = InputPipeline(limits: InputPipelineTests.limits(perSecond: 1, burst: 1), now: 0)
        #expect(pipeline.retainedBytes == 0)
        var answers: [UInt8] = []
        // Telnet path (IAC in the chunk) and plain path, several lines: some wait in the backlog.
        pipeline.receive([255, 251, 31] + Array("login bob\r\n".utf8), responses: &answers)
        pipeline.receive(Array("say one\nsay two\nsay three\n".utf8), responses: &answers)
        var outputs: [InputPipeline.Output] = []
        while let output = pipeline.next(now: 0) { outputs.append(output) }
        #expect(pipeline.hasBacklog)
        var now: UInt64 = 0
        while pipeline.hasBacklog {
            now += 1_000_000_000
            while let output = pipeline.next(now: now) { outputs.append(output) }
        }
        #expect(outputs.filter { if case .input = $0 { true } else { false } }.count == 4)
        #expect(pipeline.retainedBytes == 0)
    }

    @Test func scheduleHandsOutOnlyWhatIsDue() {
        var schedule = IdleSchedule()
        let second: UInt64 = 1_000_000_000
        for id in 1...10_000 as ClosedRange<UInt64> { schedule.schedule(id: id, at: 3600 * second + id) }
        schedule.schedule(id: 20_000, at: 120 * second)
        // Sweeps while nothing is due look at one entry, not at 10,001.
        #expect(schedule.takeDue(now: 60 * second).isEmpty)
        #expect(schedule.lastExamined <= 1)
        #expect(schedule.takeDue(now: 120 * second) == [20_000])
        #expect(schedule.lastExamined <= 2)
        #expect(schedule.count == 10_000)
        // A rescheduled id surfaces at its new time only; the old entry is dropped as stale.
        schedule.schedule(id: 5, at: 7200 * second)
        schedule.remove(id: 6)
        let due = schedule.takeDue(now: 3600 * second + 10)
        #expect(due == [1, 2, 3, 4, 7, 8, 9, 10])
        #expect(schedule.dueTime(of: 5) == 7200 * second)
        #expect(schedule.takeDue(now: 7200 * second).count == 9_990 + 1)
        #expect(schedule.count == 0)
    }

    @Test func staleEntriesDoNotPileUp() {
        var schedule = IdleSchedule()
        for round in 1...1000 as ClosedRange<UInt64> { schedule.schedule(id: 1, at: round) }
        #expect(schedule.count == 1)
        #expect(schedule.takeDue(now: 999).isEmpty)
        #expect(schedule.takeDue(now: 1000) == [1])
    }

    /// The sweep checks only scheduled connections: a timeout set later (none at first, e.g.
    /// `idle-login-seconds` 0) must put the connection on the schedule.
    @Test func aTimeoutSetLaterIsScheduled() throws {
        var limits = TransportLimits()
        limits.idleLoginSeconds = 0
        let (server, recorder) = try makeServer(limits)
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        #expect(waitUntil { server.connectionCount == 1 })
        server.forEachConnection { $0.setIdleTimeout(seconds: 1) }
        #expect(client.waitForEOF(timeout: 5))
        #expect(waitUntil { recorder.closedReasons == [.idle] })
    }

    /// Once everything is written, a connection keeps no output buffer (it kept up to 4 KB in each
    /// of its two swapped buffers: ~1.9 KB of RSS per connection in hold 10,000).
    @Test func outputBuffersAreReleasedOnceWritten() throws {
        let (server, _) = try makeServer()
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        // Several lines in one read: the echoes after the first go through the buffers (paced).
        client.send((0..<20).map { "line \($0) " + String(repeating: "x", count: 100) + "\n" }.joined())
        #expect(client.waitFor("echo:line 19 "))
        var retained: [Int] = []
        #expect(
            waitUntil {
                retained = []
                server.forEachConnection { connection in
                    retained.append(
                        connection.queue.sync { connection.pendingOutputBytes == 0 ? connection.retainedOutputBytes : -1 })
                }
                return retained == [0]
            }, "retained \(retained)")
    }
}
