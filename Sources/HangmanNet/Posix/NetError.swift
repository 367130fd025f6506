#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Errors of the transport layer. OS failures keep the failing call's name and its errno.
public enum NetError: Error, CustomStringConvertible, Sendable, Equatable {
    /// A system call failed with `errno` (never `EINTR`, which is retried, nor `EAGAIN`, which is a value).
    case system(call: String, errno: Int32)
    /// A host or address that could not be parsed or resolved.
    case invalidAddress(String)

    public var description: String {
        switch self {
        case .system(let call, let code):
            return "\(call) failed: \(Posix.errorString(code)) (errno \(code))"
        case .invalidAddress(let text):
            return "invalid address: \(text)"
        }
    }

    /// The errno of a `.system` error, nil otherwise.
    public var errno: Int32? {
        if case .system(_, let code) = self { return code }
        return nil
    }
}
