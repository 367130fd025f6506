import Foundation
import Testing

@testable import HangmanServer

/// The session over the telnet port (`telnet-port`, a listener that negotiates first): what Debian's
/// `telnet HOST PORT`, which never negotiates by itself, needs to hide the password.
@Suite(.timeLimit(.minutes(1)), .ownThread) struct TelnetLoginTests {
    @Test func negotiateFirstHidesThePasswordBeforeItsPrompt() throws {
        let server = try TestServer(configure: { $0.limits.telnetNegotiateFirst = true })
        let owner = try TestClient.player("alice", port: server.port)
        owner.line("register secret1")
        _ = try owner.expect("info")
        owner.line("quit")
        #expect(owner.waitForClose())
        let telnet = try TestClient(port: server.port)
        // The offers come first, before the banner: IAC WILL EOR (255 251 25) opens the stream.
        let greeting = telnet.rawBytes(until: "Your name: ")
        #expect(Array(greeting.prefix(3)) == [255, 251, 25])
        telnet.line("alice")
        let prompt = telnet.rawBytes(until: "Password: ")
        guard let echo = firstIndex(of: [255, 251, 1], in: prompt),
            let text = firstIndex(of: Array("Password: ".utf8), in: prompt)
        else {
            Issue.record("no IAC WILL ECHO before the password prompt: \(String(decoding: prompt, as: UTF8.self))")
            return
        }
        #expect(echo < text)
        telnet.sendBytes([255, 253, 1])  // DO ECHO, as the client answers
        telnet.line("secret1")
        let after = telnet.rawBytes(until: "> ")
        #expect(firstIndex(of: [255, 252, 1], in: after) != nil, "WONT ECHO after the password")
    }

    private func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
