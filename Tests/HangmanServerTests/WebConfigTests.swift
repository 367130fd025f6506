import Foundation
import Testing

@testable import HangmanServer

/// The web listener's settings at their edges (issue 31): `http-port` (8080, `off`, `0`), the
/// header-size limit, the request-time limit and the open event streams.
@Suite struct WebConfigTests {
    private func load(_ arguments: [String]) throws(ConfigError) -> ServerConfig {
        guard
            case .run(let config) = try ServerConfig.load(
                arguments: arguments, environment: [:], readFile: { _ in Data("{}".utf8) })
        else { throw ConfigError("help") }
        return config
    }

    @Test func httpPortDefaultsTo8080AndTurnsOff() throws {
        #expect(try load([]).httpPort == 8080)
        #expect(try load(["--http-port", "off"]).httpPort == nil)
        #expect(try load(["--http-port", "OFF"]).httpPort == nil)
        #expect(try load(["--http-port", "0"]).httpPort == 0)
        #expect(try load(["--http-port", "65535"]).httpPort == 65535)
        #expect(throws: ConfigError.self) { try load(["--http-port", "65536"]) }
        #expect(throws: ConfigError.self) { try load(["--http-port", "-1"]) }
        #expect(throws: ConfigError.self) { try load(["--http-port", "on"]) }
        #expect(ServerConfig.defaultValues()["http-port"] == "8080")
    }

    @Test func theWebLimitsAtTheirEdges() throws {
        let edges: [(String, Int, Int, KeyPath<ServerConfig, Int>)] = [
            ("http-max-header-bytes", 256, 65_536, \.httpMaxHeaderBytes),
            ("http-request-ms", 100, 600_000, \.httpRequestMilliseconds),
            ("http-max-streams", 0, 1_000_000, \.httpMaxStreams),
            ("http-max-pipelined", 1, 1024, \.httpMaxPipelined),
            ("http-stream-flush-ms", 0, 900, \.httpStreamFlushMilliseconds),
        ]
        for (name, low, high, keyPath) in edges {
            #expect(try load(["--\(name)", "\(low)"])[keyPath: keyPath] == low)
            #expect(try load(["--\(name)", "\(high)"])[keyPath: keyPath] == high)
            #expect(throws: ConfigError.self) { try load(["--\(name)", "\(low - 1)"]) }
            #expect(throws: ConfigError.self) { try load(["--\(name)", "\(high + 1)"]) }
        }
        let defaults = ServerConfig()
        #expect(defaults.httpMaxHeaderBytes == 8192)
        #expect(defaults.httpRequestMilliseconds == 10_000)
        #expect(defaults.httpMaxStreams == 1000)
        #expect(defaults.httpMaxPipelined == 16)
        #expect(defaults.httpStreamFlushMilliseconds == 500)
    }

    /// `http-max-streams` 0 turns live pages off: every stream is refused, the pages still answer.
    @Test func noStreamsAtZero() throws {
        let web = try TestWebServer { $0.httpMaxStreams = 0 }
        #expect(try web.get("/events/rooms/den").status == 503)
        #expect(try web.get("/").status == 200)
    }
}
