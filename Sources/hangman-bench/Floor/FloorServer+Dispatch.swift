import Dispatch

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The floor's dispatch driver: the same work as the epoll loop, but each socket's readiness comes
/// from a `DispatchSourceRead` (a `DispatchSourceWrite` while output waits), all targeting one
/// serial queue, as the real server's connections do. Nothing else differs, so the two drivers'
/// CPU per guess differ by what Dispatch's event delivery costs (its manager thread's wake-ups,
/// re-arming each source after its handler, the hand-off to a worker thread).
extension FloorServer {
    /// One socket's sources (the loop queue only).
    struct DispatchSources {
        var read: DispatchSourceRead
        var write: DispatchSourceWrite?
    }

    private static let loop = DispatchQueue(label: "floor.loop")

    func runDispatch() {
        // Set before the first source is resumed, so before any handler runs on the loop queue.
        readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
        let accepting = DispatchSource.makeReadSource(fileDescriptor: listener, queue: Self.loop)
        accepting.setEventHandler { [self] in acceptAll() }
        accepting.resume()
        // The loop queue runs everything from here on; this thread only waits.
        while true { sleep(3600) }
    }

    /// The `epollset` driver, as the server's readiness sets run (HangmanNet's `ReadinessSet`,
    /// BENCHMARKS.md §29): the sockets in one epoll set, watched by a thread of its own (this one)
    /// blocking in `epoll_wait`, which does each ready socket's work itself, inline, in a `sync` on
    /// that socket's own serial queue, all of them targeting one loop queue (as a connection's queue
    /// targets its set's). Dispatch runs a `sync` onto an idle queue on the calling thread: no other
    /// thread is woken, and the queues' exclusion is kept. What it adds to `epoll` is that `sync`
    /// per ready socket (the server's `Connection.readNow`). The accepts go through the loop queue.
    /// (Until session 17 this driver modelled the set before §29: one Dispatch read source on the
    /// set's descriptor, its handler on the loop queue.)
    func runEpollSet() throws(BenchError) {
        try openEpoll()
        let events = UnsafeMutableRawBufferPointer.allocate(byteCount: 512 * Epoll.eventSize, alignment: 16)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
        defer {
            events.deallocate()
            buffer.deallocate()
        }
        while true {
            let ready = Epoll.wait(epfd, events, timeoutMillis: 1000)
            for slot in 0..<Int(max(0, ready)) {
                let event = Epoll.event(events, slot)
                let fd = Int32(truncatingIfNeeded: event.data)
                if fd == listener {
                    Self.loop.sync { acceptAll() }
                    continue
                }
                // Only this thread adds and removes queues (in `acceptAll` and `drop`, inside a sync).
                guard let queue = queues[fd] else { continue }
                queue.sync { handle(event, fd, buffer) }
            }
        }
    }

    /// The serial queue of a socket accepted by the `epollset` driver (called on its thread).
    func makeQueue(for fd: Int32) {
        queues[fd] = DispatchQueue(label: "floor.connection", target: Self.loop)
    }

    /// Starts reading `fd` (called on the loop queue by `acceptAll`).
    func watch(_ fd: Int32) {
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: Self.loop)
        source.setEventHandler { [self] in
            guard let buffer = readBuffer else { return }
            read(fd, buffer)
        }
        sources[fd] = DispatchSources(read: source)
        source.resume()
    }

    /// Turns the write source for `fd` on or off (the loop queue).
    func watchWritable(_ fd: Int32, _ on: Bool) {
        guard var entry = sources[fd] else { return }
        if on {
            let source = entry.write ?? DispatchSource.makeWriteSource(fileDescriptor: fd, queue: Self.loop)
            if entry.write == nil {
                source.setEventHandler { [self] in flush(fd) }
                entry.write = source
                sources[fd] = entry
            }
            source.resume()
        } else {
            entry.write?.suspend()
        }
    }

    /// Stops watching `fd` and closes it once its sources are cancelled (the loop queue).
    func unwatch(_ fd: Int32, writeSuspended: Bool) {
        guard let entry = sources.removeValue(forKey: fd) else { return }
        let group = DispatchGroup()
        var all: [DispatchSourceProtocol] = [entry.read]
        if let write = entry.write {
            all.append(write)
            if writeSuspended { write.resume() }  // a suspended source must be resumed to be cancelled
        }
        for source in all {
            group.enter()
            source.setCancelHandler { group.leave() }
            source.cancel()
        }
        group.notify(queue: Self.loop) { close(fd) }
    }
}
