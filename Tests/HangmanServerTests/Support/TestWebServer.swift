import Foundation
import HangmanNet

@testable import HangmanServer

/// A `TestServer` with the web listener beside it (port 0, sharing its connection registry), as
/// hangman-server runs it.
final class TestWebServer {
    let game: TestServer
    let web: WebServer
    let listener: TransportServer
    var port: Int { game.port }
    var webPort: Int { listener.boundPort }

    init(words: [String] = TestServer.words, configure: (inout ServerConfig) -> Void = { _ in }) throws {
        game = try TestServer(configure: configure, words: words)
        let server = game.server
        let web = WebServer(server: server)
        self.web = web
        listener = try TransportServer(
            host: "127.0.0.1", port: 0, limits: WebServer.transportLimits(server.config.limits), logger: server.logger,
            registry: game.transport.registry, makeHandler: { web.makeHandler(for: $0) })
        try listener.start()
    }

    /// One request on a new connection (HTTP/1.1, closing): the whole answer, head and body.
    func get(_ path: String, method: String = "GET", timeout: Double = 5) throws -> HTTPAnswer {
        let client = try TestClient(port: webPort)
        defer { client.close() }
        client.send("\(method) \(path) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        return HTTPAnswer(client.untilClosed(timeout: timeout))
    }

    deinit {
        listener.stopAccepting()
        game.stop()
    }
}

/// An HTTP answer as read off the socket.
struct HTTPAnswer {
    var status = 0
    var headers: [String: String] = [:]
    var body = ""

    init(_ text: String) {
        guard let split = text.range(of: "\r\n\r\n") else { return }
        let head = text[..<split.lowerBound].components(separatedBy: "\r\n")
        status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        body = String(text[split.upperBound...])
    }

    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
}

extension TestClient {
    /// Everything until the server closes the connection (or `timeout` passes).
    func untilClosed(timeout: Double = 5) -> String { drain(until: "\u{1}(never sent)", timeout: timeout, settle: 0) }
}
