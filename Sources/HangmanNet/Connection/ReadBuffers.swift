import HangmanSync

/// Read buffers lent for one read event. Reads run on connection queues, several at once on the
/// shared pool's threads, so a buffer is taken and given back under a lock (uncontended, ~20 ns)
/// rather than owned by each connection. The pool only grows to the number of reads at once.
final class ReadBuffers: @unchecked Sendable {
    // @unchecked: `free` is only touched under its lock; a lent buffer belongs to one caller.
    static let shared = ReadBuffers()
    private let free = Locked<[UnsafeMutableRawBufferPointer]>([])

    func with<R>(_ body: (UnsafeMutableRawBufferPointer) -> R) -> R {
        let buffer =
            free.withLock { $0.popLast() }
            ?? UnsafeMutableRawBufferPointer.allocate(byteCount: Connection.readBufferSize, alignment: 16)
        defer {
            let kept = free.withLock { list -> Bool in
                guard list.count < 64 else { return false }
                list.append(buffer)
                return true
            }
            if !kept { buffer.deallocate() }
        }
        return body(buffer)
    }
}
