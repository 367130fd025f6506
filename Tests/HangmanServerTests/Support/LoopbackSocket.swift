import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// A TCP socket bound to 127.0.0.1 on a port the kernel picks (listening when `listening`): its
/// descriptor and port. For tests' own peers, and for a port nothing listens on (closed at once).
func boundLoopbackSocket(listening: Bool) throws -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(fd, pointer, length) == 0 && (!listening || listen(fd, 1) == 0)
                && getsockname(fd, pointer, &length) == 0
        }
    }
    guard bound else {
        let error = errno
        close(fd)
        throw TestClient.ClientError.connect(error)
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}
