import Dispatch
import HangmanSync

/// Read readiness for every connection from ONE Dispatch read source, on an epoll set of their
/// sockets (edge-triggered), instead of a Dispatch read source per socket.
///
/// Why: Dispatch delivers each socket's event through its manager thread, asks the socket how much
/// is waiting, disarms the source and re-arms it after the handler: two `epoll_ctl`, an `ioctl` and
/// a thread hand-off per line read. `hangman-bench floor --driver dispatch` against `--driver
/// epollset` measures it: 62-64 against 37 µs of CPU per guess for the same I/O (BENCHMARKS.md).
/// Here Dispatch still drives everything: its source on the set's descriptor says "some sockets
/// are ready", and the handler takes them all from `epoll_wait` without waiting and hands each to
/// its connection's queue, where the connection reads until it has drained the socket (at most
/// `Connection.readsPerTurn` full buffers a turn, the rest queued behind the set's other work).
///
/// With `TransportLimits.connectionsOnSetQueues` (the default) the queue of every connection in a
/// set targets the set's serial queue: the set is an event loop. The read the handler hands to a
/// connection's queue runs on the set's own thread as soon as the handler's batch is done, and so
/// does what the line sets off on that queue (a guess is then applied holding the room's queue,
/// `Room.guess`), so a line typed is read, handled and answered without waking another thread.
/// Nothing waits: one connection's work only delays the others of its set by its own length, as
/// in any event loop; there is a set per processor (`shards`), each with its own descriptor,
/// source and queue, and a connection belongs to one by its id.
///
/// Threading: `epfd` never changes; `members` (connection by the token its registration
/// carries) is behind a lock: added to on a connection's open, removed from on its close; the
/// batch buffers and the source are confined to `queue`.
final class ReadinessSet: @unchecked Sendable {
    /// The process's sets, one per active processor, or none where epoll is not available
    /// (connections then keep a Dispatch read source each). Created on first use, kept for the life
    /// of the process.
    static let shards: [ReadinessSet] = (0..<Posix.processorCount).compactMap { _ in
        ReadinessSet()
    }

    /// The set the connection with `id` joins (nil without epoll).
    static func shard(for id: UInt64) -> ReadinessSet? {
        shards.isEmpty ? nil : shards[Int(id % UInt64(shards.count))]
    }

    /// Ready descriptors taken per `epoll_wait`.
    static let batch = 256

    private let epfd: Int32
    private let members = Locked<[UInt64: Connection]>([:])
    /// The set's event loop: its source's handler, and the queues of its connections (they target it).
    let queue = DispatchQueue(label: "hangman.net.readiness", qos: .userInitiated)
    private let tokens = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: ReadinessSet.batch)
    private let ended = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: ReadinessSet.batch)
    private var ready: [(Connection, Bool)] = []
    private var source: (any DispatchSourceRead)?

    private init?() {
        guard Posix.epollAvailable, let epfd = try? Posix.epollCreate() else { return nil }
        self.epfd = epfd
        ready.reserveCapacity(Self.batch)
        let source = DispatchSource.makeReadSource(fileDescriptor: epfd, queue: queue)
        source.setEventHandler { [unowned self] in drain() }  // `shared` lives as long as the process
        self.source = source
        source.resume()
    }

    /// Watches `connection`'s socket from now on; false if epoll refused it (the connection then
    /// reads through a source of its own).
    func add(_ connection: Connection) -> Bool {
        let token = Self.token(connection)
        members.withLock { $0[token] = connection }
        do {
            try Posix.epollAddForReading(epfd, connection.fd, token: token)
            return true
        } catch {
            members.withLock { $0[token] = nil }
            return false
        }
    }

    /// Stops watching `connection` (before its descriptor is closed). An event already taken for it
    /// may still reach it: it finds the connection no longer open and reads nothing.
    func remove(_ connection: Connection) {
        _ = try? Posix.epollRemove(epfd, connection.fd)
        members.withLock { $0[Self.token(connection)] = nil }
    }

    /// Connections registered now (for tests).
    var memberCount: Int { members.withLock { $0.count } }

    /// A registration's token: the connection's address, unique while it is registered (the set
    /// holds it). Not `Connection.id`, which is unique per server, and tests run several servers
    /// in one process. An event taken just before a removal may reach a connection registered
    /// later at the same address: it reads, finds nothing, and waits for its next event.
    private static func token(_ connection: Connection) -> UInt64 {
        UInt64(UInt(bitPattern: ObjectIdentifier(connection)))
    }

    /// Every ready socket to its connection, in batches until `epoll_wait` has no more (the queue).
    private func drain() {
        while true {
            let count = (try? Posix.epollReady(epfd, into: tokens, ended: ended)) ?? 0
            guard count > 0 else { return }
            members.withLock { members in
                for index in 0..<count {
                    if let connection = members[tokens[index]] { ready.append((connection, ended[index] != 0)) }
                }
            }
            for (connection, ended) in ready { connection.readReady(peerEnded: ended) }
            ready.removeAll(keepingCapacity: true)
            if count < Self.batch { return }
        }
    }
}
