import Foundation
import Testing

@testable import HangmanNet

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// MSSP's PLAYERS on the real executable: the players online at the moment of the request (it was a
/// count refreshed every 5 s, so a crawler right after a login saw the old number).
@Suite(.timeLimit(.minutes(3)), .ownThreadAlways) struct MSSPPlayersTests {
    /// The value of PLAYERS in the first MSSP block a raw telnet client gets after `IAC DO MSSP`.
    static func players(port: Int) throws -> String? {
        let crawler = try TestClient(port: port)
        let fd = crawler.fd
        let request: [UInt8] = [TelnetCommand.iac, TelnetCommand.do, TelnetOption.mssp]
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let bytes = crawler.rawBytes(until: "UPTIME", timeout: 5, settle: 0.1)
        let name = Array("PLAYERS".utf8) + [TelnetSub.msspVal]
        guard let start = (0...max(0, bytes.count - name.count)).first(where: { bytes[$0..<$0 + name.count].elementsEqual(name) })
        else { return nil }
        let value = bytes[(start + name.count)...].prefix { $0 >= 0x30 && $0 <= 0x39 }
        return String(decoding: value, as: UTF8.self)
    }

    @Test func playersIsTheCountAtTheRequest() throws {
        let directory = try ServerProcess.temporaryDirectory()
        let server = try ServerProcess(arguments: ["--db", directory.appendingPathComponent("h.sqlite").path])
        #expect(try Self.players(port: server.port) == "0")
        let ann = try TestClient.player("ann", port: server.port)
        let bob = try TestClient.player("bob", port: server.port)
        #expect(try Self.players(port: server.port) == "2")
        bob.line("quit")
        #expect(bob.waitForClose())
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try Self.players(port: server.port) == "1")
        _ = ann
    }
}
