import Dispatch
import HangmanSync

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
    /// Returns once the sources are registered: a source registers asynchronously after `resume()`,
    /// and a signal arriving before that would meet SIG_IGN and be lost.
    public static func onTermination(queue: DispatchQueue, _ handler: @escaping @Sendable (Int32) -> Void) {
        Posix.ignoreSignal(SIGPIPE)
        let registered = DispatchGroup()
        for signal in [SIGINT, SIGTERM] {
            Posix.ignoreSignal(signal)
            Posix.unblockSignal(signal)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            // Two signals in quick succession arrive as one event with data 2: call the handler for each.
            // The source captures itself: it lives as long as the process anyway.
            let retainedSource = Retained(source: source)
            source.setEventHandler {
                for _ in 0..<max(1, retainedSource.source.data) { handler(signal) }
            }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            sources.withLock { $0.append(retainedSource) }
        }
        _ = registered.wait(timeout: .now() + 5)
    }

    /// Ignores SIGPIPE only (clients and tools that do not install termination handlers).
    public static func ignorePipe() {
        Posix.ignoreSignal(SIGPIPE)
    }
}
