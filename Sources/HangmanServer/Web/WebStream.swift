import HangmanCore
import HangmanNet
import HangmanWeb
import Synchronization

/// A room page's live updates: a Server-Sent Events stream whose other end is a spectator of the
/// room, a `WebMember` like any member, in JSON style: each batch the room renders for its JSON
/// members is one SSE message (its lines are its `data:` lines), so the page sees exactly what a
/// JSON spectator sees, and never the word before the round ends. Ends with the connection.
final class WebStream: Sendable {
    private let web: WebServer
    private let connection: Connection
    /// The spectator's name: never a player's (a name has only `A-Z a-z 0-9 _ -`), so it cannot
    /// take over anyone's seat or place.
    let id: PlayerID
    private let member: WebMember
    private let room = Mutex<Room?>(nil)
    private let ended = Atomic<Bool>(false)

    init(web: WebServer, connection: Connection, number: UInt64) {
        self.web = web
        self.connection = connection
        self.id = PlayerID("(web \(number))")
        self.member = WebMember(sink: WebSink { [connection] bytes in connection.send(WebStream.frame(bytes)) })
    }

    /// Finds the public room and watches it; `found` false (nothing sent) for a private or missing one.
    func start(room name: String, found: @escaping @Sendable (Bool) -> Void) {
        web.site.publicRoom(name) { room in
            guard let room else { return found(false) }
            self.connection.send(HTTPResponse.eventStreamHead())
            self.connection.send(Array("retry: 1000\n\n".utf8))
            self.room.withLock { $0 = room }
            found(true)
            room.join(member: self.member, id: self.id, password: nil, spectator: true) { result in
                if case .failure = result { self.connection.close(reason: .inputEnded) }
            }
            // The connection may have closed meanwhile: leave again (a leave of nobody is harmless).
            if self.ended.load(ordering: .relaxed) { room.leave(id: self.id, member: self.member, reason: nil) }
        }
    }

    /// The page is gone: leave the room and free the stream's slot. Idempotent.
    func end() {
        guard !ended.exchange(true, ordering: .relaxed) else { return }
        web.closeStream()
        if let room = room.withLock({ $0 }) { room.leave(id: id, member: member, reason: nil) }
    }

    /// One batch as one SSE message: each of its lines a `data:` line (JSON lines hold no newline).
    static func frame(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        for line in bytes.split(separator: 10) where !line.isEmpty {
            out += Array("data: ".utf8)
            out += line.filter { $0 != 13 }
            out.append(10)
        }
        out.append(10)
        return out
    }
}
