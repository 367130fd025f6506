import HangmanCore
import HangmanNet
import HangmanSync
import HangmanWeb
import Synchronization

/// A room page's live updates: a Server-Sent Events stream whose other end is a spectator of the
/// room, a `WebMember` like any member, in JSON style: each batch the room renders for its JSON
/// members (once for all of them) is one SSE message (its lines are its `data:` lines), gathered
/// with the others of the same tick into one write (`StreamOutput`), so the page sees exactly what
/// a JSON spectator sees, and never the word before the round ends. Ends with the connection.
final class WebStream: Sendable {
    private let web: WebServer
    private let connection: Connection
    /// The spectator's name: never a player's (a name has only `A-Z a-z 0-9 _ -`), so it cannot
    /// take over anyone's seat or place.
    let id: PlayerID
    private let member: WebMember
    private let output: StreamOutput
    private let room = Locked<Room?>(nil)
    /// The front page's or projector's feed this stream follows, if it does.
    private let feed = Locked<LobbyFeed?>(nil)
    private let ended = Atomic<Bool>(false)

    init(web: WebServer, connection: Connection, number: UInt64) {
        self.web = web
        self.connection = connection
        self.id = PlayerID("(web \(number))")
        let output = StreamOutput(connection: connection, pacer: web.pacer, limit: web.streamOutputLimit)
        self.output = output
        self.member = WebMember(sink: WebSink { bytes in output.append(batch: bytes) })
    }

    /// Finds the public room and watches it; `found` false (nothing sent) for a private or missing one.
    func start(room name: String, found: @escaping @Sendable (Bool) -> Void) {
        web.site.publicRoom(name) { room in
            guard let room else { return found(false) }
            self.connection.send(HTTPResponse.eventStreamHead())
            self.connection.send(Array("retry: 1000\n\n".utf8))
            self.room.withLock { $0 = room }
            found(true)
            // What the room kept comes first, as one `history` message (the page replaces its log
            // with it), and then every batch from the join on: nothing missed, nothing twice.
            room.watch(member: self.member, id: self.id) { result in
                switch result {
                case .success(let events):
                    self.output.append(batch: events.flatMap { Renderer.render($0, style: .json) }, event: "history")
                case .failure: self.connection.close(reason: .inputEnded)
                }
            }
            // The connection may have closed meanwhile: leave again (a leave of nobody is harmless).
            if self.ended.load(ordering: .relaxed) { room.leave(id: self.id, member: self.member, reason: nil) }
        }
    }

    /// Follows the front page's or the projector's live part.
    func start(lobby: LobbyFeed) {
        connection.send(HTTPResponse.eventStreamHead())
        connection.send(Array("retry: 1000\n\n".utf8))
        feed.withLock { $0 = lobby }
        lobby.add(output)
        // The connection may have closed meanwhile: leave again (removing what is gone is harmless).
        if ended.load(ordering: .relaxed) { lobby.remove(output) }
    }

    /// The page is gone: leave the room or the feed and free the stream's slot. Idempotent.
    func end() {
        guard !ended.exchange(true, ordering: .relaxed) else { return }
        web.closeStream()
        output.drop()
        feed.withLock { $0 }?.remove(output)
        if let room = room.withLock({ $0 }) { room.leave(id: id, member: member, reason: nil) }
    }
}
