// epoll through dlsym: Swift's Glibc module does not include <sys/epoll.h>, and a C target just
// for three functions would mean editing Package.swift. The three calls are ordinary exported
// libc symbols; `epoll_event` is laid out by hand (packed, 12 bytes, on x86_64; 16 elsewhere).
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

enum Epoll {
    static let input: UInt32 = 0x001
    static let output: UInt32 = 0x004
    static let error: UInt32 = 0x008
    static let hangup: UInt32 = 0x010
    static let add: Int32 = 1
    static let delete: Int32 = 2
    static let modify: Int32 = 3
    static let closeOnExec: Int32 = 0o2_000_000

    #if arch(x86_64)
        static let eventSize = 12
        static let dataOffset = 4
    #else
        static let eventSize = 16
        static let dataOffset = 8
    #endif

    private typealias Create1 = @convention(c) (Int32) -> Int32
    private typealias Ctl = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    private typealias Wait = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32

    private struct Functions {
        let create1: Create1
        let ctl: Ctl
        let wait: Wait
    }

    private static let functions: Functions? = {
        let handle = dlopen(nil, RTLD_NOW)
        guard let create1 = dlsym(handle, "epoll_create1"), let ctl = dlsym(handle, "epoll_ctl"),
            let wait = dlsym(handle, "epoll_wait")
        else { return nil }
        return Functions(
            create1: unsafeBitCast(create1, to: Create1.self), ctl: unsafeBitCast(ctl, to: Ctl.self),
            wait: unsafeBitCast(wait, to: Wait.self))
    }()

    static var available: Bool { functions != nil }

    static func create() -> Int32 {
        functions?.create1(closeOnExec) ?? -1
    }

    static func control(_ epfd: Int32, _ op: Int32, _ fd: Int32, events: UInt32, data: UInt64) -> Int32 {
        guard let functions else { return -1 }
        var event: (UInt64, UInt64) = (0, 0)
        return withUnsafeMutableBytes(of: &event) { raw in
            raw.storeBytes(of: events, toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: data, toByteOffset: dataOffset, as: UInt64.self)
            return functions.ctl(epfd, op, fd, raw.baseAddress)
        }
    }

    /// Waits into `buffer` (room for `buffer.count / eventSize` events); the number ready, or -1.
    static func wait(_ epfd: Int32, _ buffer: UnsafeMutableRawBufferPointer, timeoutMillis: Int32) -> Int32 {
        guard let functions else { return -1 }
        return functions.wait(epfd, buffer.baseAddress, Int32(buffer.count / eventSize), timeoutMillis)
    }

    /// The events and data of the `index`th ready event in `buffer`.
    static func event(_ buffer: UnsafeMutableRawBufferPointer, _ index: Int) -> (events: UInt32, data: UInt64) {
        let base = index * eventSize
        return (
            buffer.loadUnaligned(fromByteOffset: base, as: UInt32.self),
            buffer.loadUnaligned(fromByteOffset: base + dataOffset, as: UInt64.self)
        )
    }
}
