import Dispatch
import HangmanSync

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Read readiness for every connection from ONE epoll set of their sockets (edge-triggered), instead
/// of a Dispatch read source per socket, watched by a thread of the set's own.
///
/// Why: Dispatch delivers each socket's event through its manager thread, asks the socket how much
/// is waiting, disarms the source and re-arms it after the handler: two `epoll_ctl`, an `ioctl` and
/// a thread hand-off per line read. `hangman-bench floor --driver dispatch` against `--driver
/// epollset` measures it: 62-64 against 37 µs of CPU per guess for the same I/O (BENCHMARKS.md).
///
/// The set's thread (`Driver.thread`, the default) blocks in `epoll_wait` and runs each ready
/// connection's read itself, inline: `Connection.readNow` is a `queue.sync` on the connection's
/// queue, which Dispatch runs on the calling thread when the queue is idle (and waits for when it
/// is busy, keeping the queue's mutual exclusion). No other thread is woken for a line read, and
/// the set's descriptor is never re-armed. With `Driver.source` (`TransportLimits.readinessThreads`
/// off, or if the thread could not be started) a Dispatch read source on the set's descriptor says
/// "some sockets are ready" instead, and its handler takes them all from `epoll_wait` without
/// waiting and queues each one's read on its connection's queue: per batch, the manager thread's
/// two `epoll_ctl` (disarm, re-arm), a `futex` wake of a worker and an eventfd poke back
/// (BENCHMARKS.md §23, §29). Either way a connection reads until it has drained the socket, at
/// most `Connection.readsPerTurn` full buffers a turn, the rest queued behind the set's other work.
///
/// With `TransportLimits.connectionsOnSetQueues` (the default) the queue of every connection in a
/// set targets the set's serial queue: the set is an event loop. What a line sets off on that
/// queue (a guess is then applied holding the room's queue, `Room.guess`) runs on the thread that
/// read it, so a line typed is read, handled and answered without waking another thread. Nothing
/// waits: one connection's work only delays the others of its set by its own length, as in any
/// event loop; there is a set per processor (`shards`), each with its own descriptor, thread and
/// queue, and a connection belongs to one by its id.
///
/// Threading: `epfd` never changes; `members` (connection by the token its registration
/// carries) is behind a lock: added to on a connection's open, removed from on its close; the
/// batch buffers are confined to the set's thread (`Driver.thread`) or to `queue` (`Driver.source`).
/// The set's thread never holds `queue` itself while it reads a connection (a `sync` onto a queue
/// the thread already holds would trap).
final class ReadinessSet: @unchecked Sendable {
    /// What watches the set's descriptor.
    enum Driver: Sendable {
        /// A thread of the set's own, blocking in `epoll_wait`, reading ready connections inline.
        case thread
        /// A Dispatch read source on the descriptor, reads queued on the connections' queues.
        case source
    }

    /// The process's sets, one per active processor, each with its own thread, or none where epoll
    /// is not available (connections then keep a Dispatch read source each). Created on first
    /// use, kept for the life of the process.
    static let shards: [ReadinessSet] = (0..<Posix.processorCount).compactMap { _ in ReadinessSet(.thread) }

    /// The same, watched by Dispatch read sources (`TransportLimits.readinessThreads` off).
    static let sourceShards: [ReadinessSet] = (0..<Posix.processorCount).compactMap { _ in ReadinessSet(.source) }

    /// The set the connection with `id` joins (nil without epoll).
    static func shard(for id: UInt64, threaded: Bool = true) -> ReadinessSet? {
        let sets = threaded ? shards : sourceShards
        return sets.isEmpty ? nil : sets[Int(id % UInt64(sets.count))]
    }

    /// The name of the sets' threads (as `top -H` and `perf` show them).
    static let threadName = "hangman.ready"

    /// Ready descriptors taken per `epoll_wait`.
    static let batch = 256

    private let epfd: Int32
    private let members = Locked<[UInt64: Connection]>([:])
    /// The set's event loop: the queues of its connections target it (and the source's handler
    /// runs on it, `Driver.source`).
    let queue = DispatchQueue(label: "hangman.net.readiness", qos: .userInitiated)
    /// What watches the descriptor (`.source` when the thread could not be started).
    private(set) var driver = Driver.source
    private let tokens = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: ReadinessSet.batch)
    private let ended = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: ReadinessSet.batch)
    private var ready: [(Connection, Bool)] = []
    private var source: (any DispatchSourceRead)?

    private init?(_ driver: Driver) {
        guard Posix.epollAvailable, let epfd = try? Posix.epollCreate() else { return nil }
        self.epfd = epfd
        ready.reserveCapacity(Self.batch)
        // The set lives as long as the process (a static's element), so its thread and source may
        // hold it strongly.
        if driver == .thread, Posix.startThread(named: Self.threadName, { self.run() }) {
            self.driver = .thread
            return
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: epfd, queue: queue)
        source.setEventHandler { self.drain() }
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

    /// The set's thread: waits for ready sockets and reads each one's connection there and then.
    private func run() {
        while true {
            let count: Int
            do {
                count = try Posix.epollReady(epfd, into: tokens, ended: ended, wait: true)
            } catch {
                // Not expected (the descriptor is never closed, EINTR is retried): do not spin.
                usleep(10_000)
                continue
            }
            takeReady(count)
            for (connection, ended) in ready { connection.readNow(peerEnded: ended) }
            ready.removeAll(keepingCapacity: true)
        }
    }

    /// Every ready socket to its connection's queue, in batches until `epoll_wait` has no more
    /// (`Driver.source`, on `queue`).
    private func drain() {
        while true {
            let count = (try? Posix.epollReady(epfd, into: tokens, ended: ended)) ?? 0
            guard count > 0 else { return }
            takeReady(count)
            for (connection, ended) in ready { connection.readReady(peerEnded: ended) }
            ready.removeAll(keepingCapacity: true)
            if count < Self.batch { return }
        }
    }

    /// The connections of the first `count` tokens into `ready` (those still registered).
    private func takeReady(_ count: Int) {
        members.withLock { members in
            for index in 0..<count {
                if let connection = members[tokens[index]] { ready.append((connection, ended[index] != 0)) }
            }
        }
    }
}
