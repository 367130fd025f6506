import Dispatch
import HangmanCore
import HangmanNet
import HangmanWeb

/// One connection of the web listener, on its queue: bytes into the pure `HTTPRequestParser`,
/// requests answered one at a time in order (keep-alive and pipelining), or turned into an event
/// stream. A client that trickles its head is cut at `http-request-ms` (408); one that never reads
/// fills only its own output (`max-output-bytes`, then it is disconnected); nothing here waits.
final class WebConnection: ConnectionHandler, @unchecked Sendable {  // vars confined to the connection's queue
    private let web: WebServer
    private let connection: Connection
    private var parser: HTTPRequestParser
    /// Parsed and not yet answered, in order (a failure last).
    private var pending: [HTTPRequestParser.Output] = []
    /// An answer is being made (by the lobby, a room or the store).
    private var answering = false
    private var deadlineArmed = false
    private var inputEnded = false
    /// The event stream this connection became, if it did (its last request).
    private var stream: WebStream?

    init(web: WebServer, connection: Connection) {
        self.web = web
        self.connection = connection
        self.parser = HTTPRequestParser(limits: web.limits)
    }

    func connectionDidOpen(_ connection: Connection) {}

    func connection(_ connection: Connection, received event: InputEvent) {}

    func connection(_ connection: Connection, receivedBytes bytes: UnsafeRawBufferPointer) {
        guard stream == nil else { return }  // a stream's client has nothing more to ask
        let outputs = parser.receive(bytes, now: DispatchTime.now().uptimeNanoseconds)
        for output in outputs {
            // A complete request is past the login pool's guard (a connection that never sends one
            // stays in it and meets the login deadline).
            if case .request = output { connection.loginCompleted() }
        }
        pending += outputs
        // Requests pipelined ahead of their answers (`http-max-pipelined`); past it the client gets
        // 503 and the connection ends (its output is bounded by `max-output-bytes` anyway).
        if pending.count > web.maxPipelined {
            pending = [.failure(.malformed("too many requests pipelined"))]
            parser = HTTPRequestParser(limits: web.limits)
            return send(.error(.serviceUnavailable, "too many requests pipelined"), keepAlive: false, head: false)
        }
        armDeadline()
        next()
    }

    /// The client sent all it will: answer what it asked, then close. A stream's page is gone (a
    /// browser never half-closes an event stream): its slot and its place in the room are freed now,
    /// not at the next batch that fails to send.
    func connectionInputEnded(_ connection: Connection) {
        inputEnded = true
        if stream != nil || (pending.isEmpty && !answering) { connection.close(reason: .inputEnded) }
    }

    func connectionDidClose(_ connection: Connection, reason: CloseReason) {
        stream?.end()
        stream = nil
        pending = []
    }

    /// Checks the request being collected against `http-request-ms` when it is due.
    private func armDeadline() {
        guard !deadlineArmed, let started = parser.startedAt else { return }
        deadlineArmed = true
        let due = DispatchTime(uptimeNanoseconds: started + web.limits.requestNanos + 1)
        connection.queue.asyncAfter(deadline: due) { [self] in
            deadlineArmed = false
            if let failure = parser.checkDeadline(now: DispatchTime.now().uptimeNanoseconds) {
                pending.append(failure)
                next()
            } else {
                armDeadline()
            }
        }
    }

    /// Answers the first waiting request, if none is being answered.
    private func next() {
        guard !answering, stream == nil, connection.isOpen, !pending.isEmpty else { return }
        let output = pending.removeFirst()
        switch output {
        case .failure(let error):
            let detail = if case .malformed(let why) = error { why } else { "" }
            send(.error(error.status, detail), keepAlive: false, head: false)
        case .request(let request):
            let route = WebRoute.match(request)
            if case .events(let room) = route { return openStream(room: room, request: request) }
            if case .lobbyEvents(let big) = route {
                return openStream(lobby: big ? web.bigFeed : web.frontFeed, request: request)
            }
            answering = true
            web.site.answer(route) { response in
                self.connection.queue.async {
                    self.answering = false
                    self.send(response, keepAlive: request.keepAlive, head: request.isHead)
                    self.next()
                }
            }
        }
    }

    private func send(_ response: HTTPResponse, keepAlive: Bool, head: Bool) {
        connection.send(response.serialized(head: head, keepAlive: keepAlive))
        if !keepAlive || (inputEnded && pending.isEmpty) { connection.close(reason: .inputEnded) }
    }

    /// Takes a stream slot and makes this connection's stream (nil: refused, or HEAD answered).
    private func makeStream(_ request: HTTPRequest) -> WebStream? {
        guard let number = web.openStream() else {
            send(.error(.serviceUnavailable, "too many live pages are open"), keepAlive: false, head: request.isHead)
            return nil
        }
        guard !request.isHead else {
            web.closeStream()
            connection.send(HTTPResponse.eventStreamHead())
            connection.close(reason: .inputEnded)
            return nil
        }
        let stream = WebStream(web: web, connection: connection, number: number)
        self.stream = stream
        pending = []
        // A stream is never idle by its client's silence; it ends with the page, or when it cannot keep up.
        connection.setIdleTimeout(seconds: 0)
        return stream
    }

    /// `/events/front`, `/events/big`: the rest of the connection is the page's live part's stream.
    private func openStream(lobby feed: LobbyFeed, request: HTTPRequest) {
        guard let stream = makeStream(request) else { return }
        stream.start(lobby: feed)
    }

    /// `/events/rooms/<name>`: the rest of the connection is a Server-Sent Events stream.
    private func openStream(room name: String, request: HTTPRequest) {
        guard let stream = makeStream(request) else { return }
        answering = true
        stream.start(room: name) { found in
            self.connection.queue.async {
                self.answering = false
                guard !found else { return }
                self.stream = nil
                stream.end()
                self.send(.error(.notFound), keepAlive: false, head: false)
            }
        }
    }
}
