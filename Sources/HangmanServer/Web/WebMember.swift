import HangmanCore
import HangmanNet
import Synchronization

/// Where a web member's rendered batches go: an event stream's connection (each batch one SSE
/// message), or a one-off answer (the JSON of `/api/rooms/<name>`). Plain bytes, no telnet.
final class WebSink: MemberSink {
    private let deliver: @Sendable ([UInt8]) -> Void

    init(deliver: @escaping @Sendable ([UInt8]) -> Void) {
        self.deliver = deliver
    }

    var isTelnet: Bool { false }
    var terminal: TerminalInfo { TerminalInfo() }
    func send(_ bytes: [UInt8]) { deliver(bytes) }
    @discardableResult
    func sendGMCP(package: String, json: String) -> Bool { false }
}

/// A web page's spectator: one more room member (HangmanServer/Members), in JSON style, over a
/// `WebSink`. It never plays, never waits for a room on its own thread, and is never in the lobby.
final class WebMember: RoomMember {
    let output: MemberOutput

    init(sink: WebSink) {
        output = MemberOutput(sink: sink)
        output.setStyle(.json)
    }

    var mayWaitForRooms: Bool { false }

    /// A web spectator cannot be kicked by name (it has none a host could type); nothing to do.
    func removed(from room: Room, by: String) {}
}
