import Foundation
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The test client's own teeth: in JSON mode a line that is not a JSON object fails the read at
/// once instead of being skipped until a timeout.
@Suite(.timeLimit(.minutes(1)), .ownThread) struct TestClientTests {
    /// A one-connection server on 127.0.0.1 that sends `script` once a client connects.
    final class ScriptedPeer: @unchecked Sendable {  // fd and port are set once in init, then only read
        let listener: Int32
        let port: Int

        init(script: String) throws {
            let (fd, port) = try boundLoopbackSocket(listening: true)
            listener = fd
            self.port = port
            let bytes = Array(script.utf8)
            Thread.detachNewThread {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                // Keep the connection open: the client must fail on the bad line, not on a close.
                usleep(2_000_000)
                close(client)
            }
        }

        deinit { close(listener) }
    }

    @Test func aMalformedLineInJSONModeFailsAtOnce() throws {
        let peer = try ScriptedPeer(script: "Welcome\r\nYour name: \r\n{\"type\":\"info\",\"message\":\"JSON mode\"}\nnot json\n")
        let client = try TestClient(port: peer.port)
        client.checksSchema = false  // the scripted peer sends made-up events
        client.line("json")
        let started = Date()
        do {
            _ = try client.expect("never", timeout: 1.5)
            Issue.record("no error")
        } catch TestClient.ClientError.malformed(let line) {
            #expect(line == "not json")
        }
        #expect(Date().timeIntervalSince(started) < 1.5, "failed at the bad line, not by timing out")
    }

    @Test func textLinesBeforeJSONModeAndAfterTextAreSkipped() throws {
        let peer = try ScriptedPeer(script: "Welcome\r\n{\"type\":\"info\"}\n{\"type\":\"a\"}\nText mode.\r\n{\"type\":\"b\"}\n")
        let client = try TestClient(port: peer.port)
        client.checksSchema = false  // the scripted peer sends made-up events
        client.line("json")
        _ = try client.expect("a")
        client.line("text")
        _ = try client.expect("b")
        #expect(client.jsonMode == .off)
    }
}
