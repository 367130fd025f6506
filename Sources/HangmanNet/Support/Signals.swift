import Dispatch
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Process signals: orderly shutdown on SIGINT/SIGTERM, and SIGPIPE out of the way.
public enum Signals {
    /// A signal source kept alive for the life of the process.
    private struct Retained: @unchecked Sendable {
        // @unchecked: dispatch sources are thread-safe objects; this one is only kept, never mutated.
        let source: DispatchSourceSignal
    }

    private static let sources = Locked<[Retained]>([])

    /// Ignores SIGPIPE, and turns SIGINT and SIGTERM into calls of `handler(signal)` on `queue`
    /// (their default action, ending the process, is disabled). May be called more than once.
    public static func onTermination(queue: DispatchQueue, _ handler: @escaping @Sendable (Int32) -> Void) {
        Posix.ignoreSignal(SIGPIPE)
        for signal in [SIGINT, SIGTERM] {
            Posix.ignoreSignal(signal)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler { handler(signal) }
            source.resume()
            let retained = Retained(source: source)
            sources.withLock { $0.append(retained) }
        }
    }

    /// Ignores SIGPIPE only (clients and tools that do not install termination handlers).
    public static func ignorePipe() {
        Posix.ignoreSignal(SIGPIPE)
    }
}
