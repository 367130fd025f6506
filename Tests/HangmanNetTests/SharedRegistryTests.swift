import Dispatch
import Testing

@testable import HangmanNet

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Two listeners sharing one `ConnectionRegistry` (the plain and telnet ports): the caps count both,
/// and the one sweep (run by the first listener) also closes the second listener's overdue
/// connections.
@Suite(.serialized, .ownThread) struct SharedRegistryTests {
    init() { Signals.ignorePipe() }

    func twoListeners(_ limits: TransportLimits) throws -> (TransportServer, TransportServer, Recorder) {
        let registry = ConnectionRegistry(limits: limits)
        let recorder = Recorder()
        let servers = try (0..<2).map { _ in
            try TransportServer(host: "127.0.0.1", port: 0, limits: limits, logger: Logger(level: .error), registry: registry) {
                _ in EchoHandler(recorder: recorder)
            }
        }
        for server in servers { try server.start() }
        return (servers[0], servers[1], recorder)
    }

    @Test func theSweepClosesTheSecondListenersConnectionsToo() throws {
        var limits = TransportLimits()
        limits.loginDeadlineSeconds = 1
        let (first, second, recorder) = try twoListeners(limits)
        defer {
            first.stopAccepting()
            second.stopAccepting()
        }
        let nameless = try TestClient(port: second.boundPort)
        #expect(nameless.waitFor("hello\r\n"))
        #expect(nameless.waitForEOF(timeout: 5))
        #expect(waitUntil { recorder.closedReasons == [.loginDeadline] })
    }

    @Test func theCapCountsBothListeners() throws {
        var limits = TransportLimits()
        limits.maxConnections = 2
        let (first, second, _) = try twoListeners(limits)
        defer {
            first.stopAccepting()
            second.stopAccepting()
        }
        let one = try TestClient(port: first.boundPort)
        let two = try TestClient(port: second.boundPort)
        #expect(one.waitFor("hello\r\n") && two.waitFor("hello\r\n"))
        #expect(first.connectionCount == 2 && second.connectionCount == 2)
        let third = try TestClient(port: second.boundPort)
        #expect(third.waitFor("server full\r\n"))
    }
}
