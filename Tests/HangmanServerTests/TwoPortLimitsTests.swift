import Foundation
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The real executable with both ports open: the connection caps count connections in all, whichever
/// port they came in on (one `ConnectionRegistry` for both listeners). Before, each listener counted
/// its own, so the telnet port doubled `max-connections` and `max-per-address`.
@Suite(.serialized, .timeLimit(.minutes(2)), .ownThread) struct TwoPortLimitsTests {
    /// A port nothing listens on now (the kernel's choice; released at once).
    static func freePort() throws -> Int {
        let (fd, port) = try boundLoopbackSocket(listening: false)
        close(fd)
        return port
    }

    /// Starts the server with a telnet port and `arguments`; returns it and the telnet port.
    static func start(_ arguments: [String]) throws -> (ServerProcess, Int) {
        let directory = try ServerProcess.temporaryDirectory()
        let telnet = try freePort()
        let server = try ServerProcess(
            arguments: ["--telnet-port", "\(telnet)", "--db", directory.appendingPathComponent("h.sqlite").path] + arguments)
        #expect(server.startupOutput.contains("listening for telnet on 127.0.0.1:\(telnet)"), "\(server.startupOutput)")
        return (server, telnet)
    }

    /// A client's first bytes once it got its greeting (the banner, or a refusal and the close).
    static func greeting(_ client: TestClient) -> String {
        client.drain(until: "name", timeout: 5, settle: 0.2)
    }

    @Test func maxConnectionsCountsBothPorts() throws {
        let (server, telnet) = try Self.start(["--max-connections", "2"])
        let plain = try TestClient(port: server.port)
        #expect(Self.greeting(plain).contains("name"))
        let overTelnet = try TestClient(port: telnet)
        #expect(Self.greeting(overTelnet).contains("name"))
        // Two are open, one per port: a third is refused on either port.
        for port in [server.port, telnet] {
            let third = try TestClient(port: port)
            #expect(Self.greeting(third) == "server full\r\n", "port \(port)")
            #expect(third.waitForClose())
        }
        // One leaves: there is room again, on the other port.
        plain.close()
        var admitted = ""
        for _ in 0..<50 where !admitted.contains("name") {
            let next = try TestClient(port: telnet)
            admitted = Self.greeting(next)
            if !admitted.contains("name") { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(admitted.contains("name"), "\(admitted)")
    }

    @Test func maxPerAddressCountsBothPorts() throws {
        let (server, telnet) = try Self.start(["--max-per-address", "8"])
        var open: [TestClient] = []
        for index in 0..<8 {
            let client = try TestClient(port: index % 2 == 0 ? server.port : telnet)
            #expect(Self.greeting(client).contains("name"), "connection \(index)")
            open.append(client)
        }
        for port in [server.port, telnet] {
            let ninth = try TestClient(port: port)
            #expect(Self.greeting(ninth) == "too many connections from your address\r\n", "port \(port)")
        }
        // Another address of 127.0.0.0/8 is a group of its own.
        let other = try TestClient(port: telnet, source: "127.0.0.2")
        #expect(Self.greeting(other).contains("name"))
    }
}
