import Dispatch
import HangmanCore
import HangmanNet
import HangmanWeb
import Synchronization

/// The web listener's server side (issue 31): makes the handler of each connection of the
/// `http-port` listener (a `TransportServer` with `rawInput`, sharing the game's connection
/// registry, so `max-connections`, `max-per-address`, the login pool and the idle sweep count the
/// web's connections too) and counts the open event streams against `http-max-streams`.
public final class WebServer: Sendable {
    let site: WebSite
    let limits: HTTPLimits
    let maxStreams: Int
    /// Requests a connection may have pipelined ahead of their answers (`http-max-pipelined`).
    let maxPipelined: Int
    /// Gathers the event streams' writes (`http-stream-flush-ms`).
    let pacer: StreamPacer
    /// `max-output-bytes`: a stream's gathered bytes past it are written at once.
    let streamOutputLimit: Int
    /// The front page's and the projector's live parts (`http-lobby-ms`).
    let frontFeed: LobbyFeed
    let bigFeed: LobbyFeed
    private let openStreams = Atomic<Int>(0)
    private let streamNumbers = Atomic<UInt64>(0)

    public init(server: GameServer) {
        site = WebSite(server: server)
        limits = HTTPLimits(
            maxHeaderBytes: server.config.httpMaxHeaderBytes, requestMilliseconds: server.config.httpRequestMilliseconds)
        maxStreams = server.config.httpMaxStreams
        maxPipelined = server.config.httpMaxPipelined
        streamOutputLimit = server.config.limits.maxOutputBytes
        frontFeed = LobbyFeed(site: site, big: false, intervalMilliseconds: server.config.httpLobbyMilliseconds)
        bigFeed = LobbyFeed(site: site, big: true, intervalMilliseconds: server.config.httpLobbyMilliseconds)
        pacer = StreamPacer(milliseconds: server.config.httpStreamFlushMilliseconds)
    }

    /// The transport limits of the web listener: the game's, with raw input (HTTP is parsed here).
    public static func transportLimits(_ limits: TransportLimits) -> TransportLimits {
        var web = limits
        web.rawInput = true
        web.telnetNegotiateFirst = false
        web.assumeTelnetOnCRLF = false
        return web
    }

    /// The handler for a connection of the web listener (give this to its `TransportServer`).
    public func makeHandler(for connection: Connection) -> ConnectionHandler {
        WebConnection(web: self, connection: connection)
    }

    /// Event streams open now.
    public var streamCount: Int { openStreams.load(ordering: .relaxed) }

    /// Takes a stream slot if fewer than `http-max-streams` are open; its spectator's number.
    func openStream() -> UInt64? {
        let now = openStreams.add(1, ordering: .relaxed).newValue
        guard now <= maxStreams else {
            openStreams.subtract(1, ordering: .relaxed)
            return nil
        }
        return streamNumbers.add(1, ordering: .relaxed).newValue
    }

    func closeStream() { openStreams.subtract(1, ordering: .relaxed) }
}
