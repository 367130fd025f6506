import Dispatch

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `floor`: the least a server can do for one guess, to compare the real server with. Not the
/// product: one thread, one epoll loop, no rules. It speaks just enough of the JSON protocol for
/// `hangman-bench play` (name, create, join, start, state, a letter) and, for every guess, does the
/// I/O the real server does: one read, then one write of a `guess` and a `state` line (of about the
/// real size) to each player of the room. A game ends after `--guesses` guesses with a `game_over`
/// line, as a one-word game would. BENCHMARKS.md reports the server's CPU per guess as a ratio to
/// this program's.
///
/// `--driver dispatch` does the same work driven by Dispatch instead of its own epoll loop: a read
/// source per socket, all on one serial queue (FloorServer+Dispatch.swift). The difference between
/// the two is what Dispatch's event delivery costs per guess, which the real server paid before it
/// read through epoll sets. `--driver epollset` models how it reads now: a thread blocking on an
/// epoll set that does each ready socket's work in a `sync` on that socket's own serial queue.
/// `@unchecked Sendable`: one thread touches it (the epoll loop, or the one serial queue every
/// source of the dispatch driver targets).
final class FloorServer: @unchecked Sendable {
    enum Driver: String {
        case epoll, dispatch, epollset
    }

    struct Client {
        var fd: Int32
        var name: [UInt8] = []
        var room = -1
        var partial: [UInt8] = []
        var outbox: [UInt8] = []
        var watchingWrite = false
    }

    private struct Room {
        var name: [UInt8]
        var members: [Int] = []
        var turn = 0
        var guessed: UInt32 = 0
        var guesses = 0
        var playing = false
    }

    private let port: Int
    private let guessesPerGame: Int
    let driver: Driver
    var listener: Int32 = -1
    var epfd: Int32 = -1
    var clients: [Int: Client] = [:]
    /// The dispatch driver's sources, by socket (its loop queue only).
    var sources: [Int32: DispatchSources] = [:]
    /// The dispatch driver's read buffer (its loop queue only).
    var readBuffer: UnsafeMutableRawBufferPointer?
    /// The epollset driver's queue per socket, as the server's connections have (its thread only).
    var queues: [Int32: DispatchQueue] = [:]
    private var rooms: [Room] = []
    private var roomIndex: [[UInt8]: Int] = [:]
    private let padding: [UInt8]

    init(arguments: [String]) throws(BenchError) {
        let options = try Options(arguments, names: ["port", "guesses", "pad", "driver"])
        guard options.positional.isEmpty else { throw .usage("unexpected \(options.positional[0])") }
        port = try options.int("port", default: 0, in: 0...65535)
        guessesPerGame = try options.int("guesses", default: 12, in: 1...26)
        // The real state line carries players, spectators, settings…: pad ours to about its size.
        padding = Array(repeating: UInt8(ascii: "x"), count: try options.int("pad", default: 300, in: 0...4096))
        let name = options.values["driver"] ?? Driver.epoll.rawValue
        guard let driver = Driver(rawValue: name) else { throw .usage("--driver is epoll, dispatch or epollset, not \(name)") }
        self.driver = driver
    }

    func run() throws(BenchError) {
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard listener >= 0 else { throw .failed("socket failed (errno \(errno))") }
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 4096) == 0 else { throw .failed("bind/listen failed (errno \(errno))") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        print("listening on 127.0.0.1:\(UInt16(bigEndian: address.sin_port))")
        fflush(stdout)
        switch driver {
        case .epoll: try runEpoll()
        case .dispatch: runDispatch()
        case .epollset: try runEpollSet()
        }
    }

    private func runEpoll() throws(BenchError) {
        try openEpoll()
        let events = UnsafeMutableRawBufferPointer.allocate(byteCount: 512 * Epoll.eventSize, alignment: 16)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
        defer {
            events.deallocate()
            buffer.deallocate()
        }
        while true { handleReady(events, buffer, timeoutMillis: 1000) }
    }

    func openEpoll() throws(BenchError) {
        guard Epoll.available else { throw .failed("epoll is not available") }
        epfd = Epoll.create()
        guard epfd >= 0 else { throw .failed("epoll failed (errno \(errno))") }
        _ = Epoll.control(epfd, Epoll.add, listener, events: Epoll.input, data: UInt64(UInt32(bitPattern: listener)))
    }

    /// One `epoll_wait` and the work for every socket it reports; false when none was ready.
    @discardableResult
    func handleReady(
        _ events: UnsafeMutableRawBufferPointer, _ buffer: UnsafeMutableRawBufferPointer, timeoutMillis: Int32
    ) -> Bool {
        let ready = Epoll.wait(epfd, events, timeoutMillis: timeoutMillis)
        guard ready > 0 else { return false }
        for slot in 0..<Int(ready) {
            let event = Epoll.event(events, slot)
            let fd = Int32(truncatingIfNeeded: event.data)
            if fd == listener {
                acceptAll()
                continue
            }
            handle(event, fd, buffer)
        }
        return true
    }

    /// What one readiness event of a client's socket asks for: its output flushed, its input read.
    func handle(_ event: (events: UInt32, data: UInt64), _ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) {
        if event.events & Epoll.output != 0 { flush(fd) }
        if event.events & (Epoll.input | Epoll.hangup | Epoll.error) != 0 { read(fd, buffer) }
    }

    func acceptAll() {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            clients[Int(fd)] = Client(fd: fd)
            switch driver {
            case .epoll:
                _ = Epoll.control(epfd, Epoll.add, fd, events: Epoll.input, data: UInt64(UInt32(bitPattern: fd)))
            case .epollset:
                makeQueue(for: fd)
                _ = Epoll.control(epfd, Epoll.add, fd, events: Epoll.input, data: UInt64(UInt32(bitPattern: fd)))
            case .dispatch: watch(fd)
            }
        }
    }

    func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) {
        let count = recv(fd, buffer.baseAddress, buffer.count, 0)
        guard count > 0 else {
            if count == 0 || (errno != EAGAIN && errno != EINTR) { drop(fd) }
            return
        }
        var start = 0
        for index in 0..<count where buffer[index] == 10 {
            var line = clients[Int(fd)]?.partial ?? []
            line.append(contentsOf: buffer[start..<index])
            clients[Int(fd)]?.partial.removeAll(keepingCapacity: true)
            if line.last == 13 { line.removeLast() }
            handle(line, from: Int(fd))
            start = index + 1
        }
        if start < count { clients[Int(fd)]?.partial.append(contentsOf: buffer[start..<count]) }
    }

    private func handle(_ line: [UInt8], from fd: Int) {
        guard var client = clients[fd] else { return }
        if line.count == 1, let letter = line.first, letter >= 97, letter <= 122 {
            return guess(letter, by: fd)
        }
        let words = line.split(separator: 32, maxSplits: 1).map(Array.init)
        switch words.first.map({ String(decoding: $0, as: UTF8.self) }) ?? "" {
        case "name" where words.count == 2:
            client.name = words[1]
            clients[fd] = client
            send(fd, #"{"type":"logged_in","name":""#.utf8 + client.name + #"","registered":false,"resumed":false}"#.utf8 + [10])
        case "create" where words.count == 2, "join" where words.count == 2:
            let room =
                roomIndex[words[1]]
                ?? {
                    rooms.append(Room(name: words[1]))
                    roomIndex[words[1]] = rooms.count - 1
                    return rooms.count - 1
                }()
            clients[fd]?.room = room
            rooms[room].members.append(fd)
            let joined =
                #"{"type":"joined","room":""#.utf8 + rooms[room].name + #"","player":""#.utf8 + client.name
                + #"","spectator":false}"#.utf8 + [10]
            for member in rooms[room].members { send(member, joined) }
        case "start" where client.room >= 0:
            rooms[client.room].playing = true
            rooms[client.room].guessed = 0
            rooms[client.room].guesses = 0
            broadcastState(room: client.room, guess: nil)
        case "state" where client.room >= 0:
            send(fd, stateLine(room: client.room))
        default:
            send(fd, Array(#"{"type":"error","code":"unknown_command","message":"floor"}"#.utf8) + [10])
        }
    }

    private func guess(_ letter: UInt8, by fd: Int) {
        guard let room = clients[fd]?.room, room >= 0, rooms[room].playing else { return }
        rooms[room].guessed |= 1 << UInt32(letter - 97)
        rooms[room].guesses += 1
        rooms[room].turn = (rooms[room].turn + 1) % max(1, rooms[room].members.count)
        if rooms[room].guesses >= guessesPerGame { rooms[room].playing = false }
        broadcastState(room: room, guess: letter)
    }

    /// One write per member: the guess line (if any), the state line, and a game_over at the end.
    private func broadcastState(room: Int, guess: UInt8?) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        if let guess {
            bytes += #"{"type":"guess","room":""#.utf8 + rooms[room].name + #"","player":"p","letter":""#.utf8
            bytes += [guess] + #"","hit":true,"count":1,"points":10}"#.utf8 + [10]
        }
        bytes += stateLine(room: room)
        if !rooms[room].playing {
            bytes += #"{"type":"game_over","room":""#.utf8 + rooms[room].name + #"","scores":[],"game":1,"saved":true}"#.utf8
            bytes.append(10)
        }
        for member in rooms[room].members { send(member, bytes) }
    }

    private func stateLine(room: Int) -> [UInt8] {
        let state = rooms[room]
        var bytes: [UInt8] = Array(#"{"type":"state","room":""#.utf8) + state.name
        bytes += (state.playing ? #"","status":"playing","available":["# : #"","status":"over","available":["#).utf8
        for letter in UInt8(97)...122 where state.guessed & (1 << UInt32(letter - 97)) == 0 {
            bytes += [34, letter, 34, 44]
        }
        if bytes.last == 44 { bytes.removeLast() }
        bytes += #"],"turn":""#.utf8
        if state.members.indices.contains(state.turn) { bytes += clients[state.members[state.turn]]?.name ?? [] }
        bytes += #"","pad":""#.utf8 + padding + #""}"#.utf8 + [10]
        return bytes
    }

    private func send(_ fd: Int, _ bytes: [UInt8]) {
        guard var client = clients[fd] else { return }
        if client.outbox.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent == bytes.count { return }
            if sent < 0, errno != EAGAIN { return drop(Int32(fd)) }
            client.outbox = Array(bytes[max(0, sent)...])
        } else {
            client.outbox += bytes
        }
        if !client.watchingWrite {
            client.watchingWrite = true
            watchOutput(client.fd, true)
        }
        clients[fd] = client
    }

    private func watchOutput(_ fd: Int32, _ on: Bool) {
        switch driver {
        case .epoll, .epollset:
            let events = on ? Epoll.input | Epoll.output : Epoll.input
            _ = Epoll.control(epfd, Epoll.modify, fd, events: events, data: UInt64(UInt32(fd)))
        case .dispatch:
            watchWritable(fd, on)
        }
    }

    func flush(_ fd: Int32) {
        guard var client = clients[Int(fd)], !client.outbox.isEmpty else { return }
        let sent = client.outbox.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent < 0 {
            if errno != EAGAIN { drop(fd) }
            return
        }
        client.outbox.removeFirst(sent)
        if client.outbox.isEmpty {
            client.watchingWrite = false
            watchOutput(fd, false)
        }
        clients[Int(fd)] = client
    }

    func drop(_ fd: Int32) {
        guard let client = clients.removeValue(forKey: Int(fd)) else { return }
        if client.room >= 0 { rooms[client.room].members.removeAll { $0 == Int(fd) } }
        switch driver {
        case .epoll, .epollset:
            _ = Epoll.control(epfd, Epoll.delete, fd, events: 0, data: 0)
            queues[fd] = nil
            close(fd)
        case .dispatch:
            unwatch(fd, writeSuspended: !client.watchingWrite)
        }
    }
}
