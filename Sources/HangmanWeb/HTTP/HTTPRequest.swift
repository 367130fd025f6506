/// One parsed HTTP/1.x request head (the server takes no request bodies).
public struct HTTPRequest: Sendable, Equatable {
    /// As sent (methods are case-sensitive): `GET`, `HEAD`, anything else is answered 405.
    public var method: String
    /// The path's segments, percent-decoded, without empty ones: `/rooms/a%20b/` is ["rooms", "a b"].
    public var segments: [String]
    /// The query's parameters, percent-decoded (`+` is a space); the last of a repeated name wins.
    public var query: [String: String]
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    public var minorVersion: Int
    /// Header fields in order, names lower-cased, values trimmed.
    public var headers: [Header]
    /// The connection stays open after the answer (HTTP/1.1 unless `Connection: close`; HTTP/1.0
    /// only with `Connection: keep-alive`).
    public var keepAlive: Bool

    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    public var isHead: Bool { method == "HEAD" }

    /// The first field named `name` (lower case).
    public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
}

/// Why a request cannot be answered normally; each is an HTTP status and ends the connection.
public enum HTTPRequestError: Error, Sendable, Equatable {
    /// Not HTTP/1.x as RFC 9112 writes it: 400.
    case malformed(String)
    /// The head is over `HTTPLimits.maxHeaderBytes`: 431.
    case headersTooLarge
    /// HTTP/2 or later spoken at an HTTP/1.1 server: 505.
    case versionNotSupported
    /// The head took longer than `HTTPLimits.requestNanos`: 408.
    case timedOut

    public var status: HTTPStatus {
        switch self {
        case .malformed: .badRequest
        case .headersTooLarge: .headersTooLarge
        case .versionNotSupported: .versionNotSupported
        case .timedOut: .requestTimeout
        }
    }
}

/// The statuses the server answers with.
public enum HTTPStatus: Int, Sendable, Equatable {
    case ok = 200
    case badRequest = 400
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case headersTooLarge = 431
    case serviceUnavailable = 503
    case versionNotSupported = 505

    public var reason: String {
        switch self {
        case .ok: "OK"
        case .badRequest: "Bad Request"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .headersTooLarge: "Request Header Fields Too Large"
        case .serviceUnavailable: "Service Unavailable"
        case .versionNotSupported: "HTTP Version Not Supported"
        }
    }
}
