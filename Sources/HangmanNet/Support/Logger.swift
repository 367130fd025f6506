/// A small levelled logger: one line per event, `2026-11-21T09:37:00Z INFO message`, written to
/// stderr with a single `write(2)` per line, so lines from different threads never interleave.
public struct Logger: Sendable {
    /// Severity, lowest first.
    public enum Level: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        case debug, info, warning, error

        /// Parses `debug`, `info`, `warn`/`warning`, `error` (any case).
        public init?(name: String) {
            switch name.lowercased() {
            case "debug": self = .debug
            case "info": self = .info
            case "warn", "warning": self = .warning
            case "error": self = .error
            default: return nil
            }
        }

        /// The tag written in a log line.
        public var description: String {
            switch self {
            case .debug: return "DEBUG"
            case .info: return "INFO"
            case .warning: return "WARN"
            case .error: return "ERROR"
            }
        }

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// Messages below this level are not even formatted.
    public let level: Level
    private let sink: @Sendable (String) -> Void

    /// A logger writing to stderr.
    public init(level: Level) {
        self.level = level
        sink = { line in
            var line = line
            line.withUTF8 { Posix.writeAll(2, UnsafeRawBufferPointer($0)) }
        }
    }

    /// A logger handing each finished line (newline included) to `sink` (tests, capture).
    public init(level: Level, sink: @escaping @Sendable (String) -> Void) {
        self.level = level
        self.sink = sink
    }

    /// Whether `level` would be written.
    public func enabled(_ level: Level) -> Bool { level >= self.level }

    /// Writes `message` at `level`.
    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level >= self.level else { return }
        sink("\(Posix.utcTimestamp()) \(level) \(message())\n")
    }

    /// Debug detail.
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    /// Normal events.
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// Something went wrong for one client, or a limit was hit.
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    /// Something went wrong for the server.
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
