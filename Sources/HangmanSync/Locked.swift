#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// A value behind a `pthread_mutex_t`.
///
/// Why not `Synchronization.Mutex`: on Linux its futex lives in the uninstrumented runtime, so
/// ThreadSanitizer cannot see its happens-before edges and reports every guarded access as a race.
/// A pthread mutex is intercepted by TSan and costs the same uncontended (~20 ns).
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched between pthread_mutex_lock and pthread_mutex_unlock.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Not checked for exclusive access at run time: the mutex already makes every access exclusive,
    /// and the check (a thread-local access set, ~80 instructions) ran ~15 times a guess.
    @exclusivity(unchecked) private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    public func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
