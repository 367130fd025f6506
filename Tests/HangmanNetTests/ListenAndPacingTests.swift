import Dispatch
import Foundation
import Testing

@testable import HangmanNet

/// Two transport limits seen from outside, over real sockets: the listen backlog the kernel reports
/// and the flush pacing a client feels. Wall-clock figures here are lower bounds or generous.
@Suite(.ownThread) struct ListenAndPacingTests {
    static let ss: String? = ["/usr/bin/ss", "/bin/ss", "/usr/sbin/ss", "/sbin/ss"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The backlog of the listening socket on `port` as `ss -ltn` shows it (Send-Q of a LISTEN socket).
    static func listenBacklog(port: Int) throws -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ss))
        process.arguments = ["-Hltn", "sport = :\(port)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // State Recv-Q Send-Q Local Peer
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard fields.count >= 4, fields[0] == "LISTEN" else { return nil }
        return Int(fields[2])
    }

    @Test(.enabled(if: ss != nil, "ss (iproute2) is not installed: the listen backlog is not checked"), arguments: [1, 7, 511])
    func theListenBacklogIsTheSetting(backlog: Int) throws {
        var limits = TransportLimits()
        limits.backlog = backlog
        let (server, _) = try makeServer(limits)
        defer { server.stopAccepting() }
        #expect(try Self.listenBacklog(port: server.boundPort) == backlog)
    }

    /// `flush-pacing-us` at its top (1 s): output right after a write waits for the pacing interval;
    /// at 0 (off) it goes at once.
    @Test(arguments: [1_000_000, 0])
    func flushPacingHoldsOutputRightAfterAWrite(micros: Int) throws {
        var limits = TransportLimits()
        limits.flushPacingMicros = micros
        let (server, _) = try makeServer(limits)
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        #expect(client.waitFor("hello\r\n"))
        // A write, then at once another line: its answer comes right after a write, so it is paced.
        // (Measured from the first answer, not from `hello`: a test thread that stalls over a second
        // after `hello` saw its next answer unpaced, 2.7 ms, on a loaded machine.)
        client.send("x\n")
        #expect(client.waitFor("echo:x\r\n", timeout: 5))
        let start = DispatchTime.now().uptimeNanoseconds
        client.send("y\n")
        #expect(client.waitFor("echo:y\r\n", timeout: 5))
        let waited = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if micros > 0 {
            #expect(waited >= 0.3, "paced output came after \(waited) s")  // 1 s pacing, less any stall after x
        } else {
            #expect(waited < 0.5, "unpaced output took \(waited) s")  // generous: one local round trip
        }
    }

    /// A paced flush is written by the pacer itself, not queued behind the connection's own work:
    /// a line held by pacing arrives after the interval even while the connection's queue is busy
    /// (it waited for the queue, the whole stall, when the pacer hopped to each connection's queue).
    @Test func aPacedFlushDoesNotWaitForTheConnectionsQueue() throws {
        var limits = TransportLimits()
        limits.flushPacingMicros = 50_000
        limits.readThroughSet = false  // the stall holds a Dispatch worker, not a readiness set's thread
        let (server, _) = try makeServer(limits)
        defer { server.stopAccepting() }
        let client = try TestClient(port: server.boundPort)
        #expect(client.waitFor("hello\r\n"))
        usleep(100_000)  // past the interval: `first` goes at once, `second` is paced
        let start = DispatchTime.now().uptimeNanoseconds
        client.send("stall 3000\n")
        #expect(client.waitFor("second\r\n", timeout: 2.5))
        let waited = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(waited < 2, "the paced line came after \(waited) s")
    }

    /// Servers with different intervals share one pacer (as suites running at once do): a connection
    /// paced for 1 s is not flushed by the timer of a 3 ms one that keeps the pacer busy meanwhile.
    @Test func aLongerIntervalIsNotCutShortByAShorterOne() throws {
        var slow = TransportLimits()
        slow.flushPacingMicros = 1_000_000
        var fast = TransportLimits()
        fast.flushPacingMicros = 3000
        fast.commandsPerSecond = 100_000
        fast.commandBurst = 100_000
        fast.rateAbuseDisconnect = 1_000_000
        let (slowServer, _) = try makeServer(slow)
        let (fastServer, _) = try makeServer(fast)
        defer {
            slowServer.stopAccepting()
            fastServer.stopAccepting()
        }
        let client = try TestClient(port: slowServer.boundPort)
        let chatty = try TestClient(port: fastServer.boundPort)
        #expect(client.waitFor("hello\r\n"))
        #expect(chatty.waitFor("hello\r\n"))
        client.send("x\n")
        #expect(client.waitFor("echo:x\r\n", timeout: 5))
        // The 3 ms server answers a line every millisecond, so the pacer is always armed for one of
        // its connections (3 ms ahead) when the 1 s one's answer joins.
        let done = DispatchSemaphore(value: 0)
        let chattyFD = chatty.fd  // written from another thread; read back on this one at the end
        DispatchQueue.global().async {
            for index in 0..<600 {
                let line = Array("c\(index)\n".utf8)
                _ = line.withUnsafeBytes { send(chattyFD, $0.baseAddress, $0.count, 0) }
                usleep(1_000)
            }
            done.signal()
        }
        usleep(50_000)
        let start = DispatchTime.now().uptimeNanoseconds
        client.send("y\n")
        #expect(client.waitFor("echo:y\r\n", timeout: 5))
        let waited = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(waited >= 0.3, "paced output came after \(waited) s")
        done.wait()
        #expect(chatty.waitFor("echo:c599\r\n", timeout: 5))
    }
}
