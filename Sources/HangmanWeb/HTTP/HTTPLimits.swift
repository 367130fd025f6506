/// The limits one HTTP request is held to, injected into `HTTPRequestParser` (the server fills them
/// from its settings `http-max-header-bytes` and `http-request-ms`).
public struct HTTPLimits: Sendable, Equatable {
    /// The request line and header fields together, with their line ends; past it: 431.
    public var maxHeaderBytes: Int
    /// Nanoseconds from a request's first byte to its blank line; past it the connection is closed
    /// (408), so a client that sends a byte now and then cannot hold a connection (slowloris).
    public var requestNanos: UInt64

    public static let defaultMaxHeaderBytes = 8192
    public static let defaultRequestMilliseconds = 10_000

    public init(maxHeaderBytes: Int = Self.defaultMaxHeaderBytes, requestMilliseconds: Int = Self.defaultRequestMilliseconds) {
        self.maxHeaderBytes = max(64, maxHeaderBytes)
        self.requestNanos = UInt64(max(1, requestMilliseconds)) * 1_000_000
    }
}
