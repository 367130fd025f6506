import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Options every load mode shares.
struct LoadOptions {
    static let names: Set<String> = ["host", "port", "pid", "raw", "prefix", "connect-window", "setup-seconds"]

    let host: String
    let port: Int
    /// The server's process id, for RSS and CPU (0: not measured).
    let pid: Int32
    /// Drive a plain line server: no `json`/`name` prelude.
    let raw: Bool
    /// Names are `<prefix><n>`.
    let prefix: String
    /// Connections being set up at once.
    let connectWindow: Int
    /// Bound on the whole set-up phase.
    let setupSeconds: Int

    init(_ options: Options, defaultPrefix: String) throws(BenchError) {
        host = options.values["host"] ?? "127.0.0.1"
        port = try options.int("port", default: 4000, in: 1...65535)
        pid = Int32(try options.int("pid", default: 0, in: 0...Int(Int32.max)))
        switch options.values["raw"] ?? "no" {
        case "yes", "true", "1": raw = true
        case "no", "false", "0": raw = false
        default: throw .usage("--raw takes yes or no")
        }
        prefix = options.values["prefix"] ?? defaultPrefix
        guard !prefix.isEmpty, prefix.count <= 8, prefix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw .usage("--prefix must be 1-8 letters or digits")
        }
        connectWindow = try options.int("connect-window", default: 256, in: 1...100_000)
        setupSeconds = try options.int("setup-seconds", default: 120, in: 1...3600)
    }
}

/// Resource use of a process from /proc (Linux).
struct ProcSample {
    var rssKB = 0
    var hwmKB = 0
    var threads = 0
    /// utime + stime in seconds.
    var cpuSeconds = 0.0
    var ok = false

    static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    static func read(pid: Int32) -> ProcSample {
        var sample = ProcSample()
        guard pid > 0,
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        else { return sample }
        for line in status.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count >= 2, let value = Int(parts[1]) else { continue }
            switch parts[0] {
            case "VmRSS:": sample.rssKB = value
            case "VmHWM:": sample.hwmKB = value
            case "Threads:": sample.threads = value
            default: break
            }
        }
        // Fields after the command name (which may hold spaces) start at the last ')'.
        guard let close = stat.lastIndex(of: ")") else { return sample }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state): utime is field 14, stime field 15.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return sample }
        sample.cpuSeconds = (user + system) / ticksPerSecond
        sample.ok = true
        return sample
    }

    /// This process's own CPU (user + system) in seconds.
    static func selfCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// Latency samples in microseconds; quantiles by nearest rank.
struct LatencyRecorder {
    private(set) var samples: [UInt32] = []
    private let cap: Int

    init(cap: Int = 20_000_000) {
        self.cap = cap
        samples.reserveCapacity(min(cap, 1 << 20))
    }

    mutating func record(nanos: UInt64) {
        guard samples.count < cap else { return }
        samples.append(UInt32(min(nanos / 1000, UInt64(UInt32.max))))
    }

    var count: Int { samples.count }

    /// p50, p99 and max in milliseconds.
    func summary() -> (p50: Double, p99: Double, max: Double) {
        guard !samples.isEmpty else { return (0, 0, 0) }
        let sorted = samples.sorted()
        func at(_ q: Double) -> Double {
            let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
            return Double(sorted[min(max(rank, 0), sorted.count - 1)]) / 1000
        }
        return (at(0.5), at(0.99), Double(sorted[sorted.count - 1]) / 1000)
    }
}

/// Byte searches over one input line.
enum LineScan {
    /// Whether `bytes` hold the `joined` event of `player` in `room` (the end of a bot's login).
    static func isJoined(room: String, player: String, in bytes: UnsafeRawBufferPointer) -> Bool {
        let marker = Array("\"type\":\"joined\",\"room\":\"\(room)\",\"player\":\"\(player)\"".utf8)
        return marker.withUnsafeBytes { find($0, in: bytes) != nil }
    }

    /// The offset just past the first occurrence of `needle`, or nil.
    static func after(_ needle: StaticString, in line: UnsafeRawBufferPointer) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard line.count >= count else { return nil }
        guard let offset = find(UnsafeRawBufferPointer(start: needle.utf8Start, count: count), in: line) else { return nil }
        return offset + count
    }

    /// The offset of `needle` in `haystack` (memchr for its first byte, then memcmp; glibc's
    /// memmem is a GNU extension the Glibc module does not show).
    static func find(_ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let base = haystack.baseAddress, let first = needle.first, let needleBase = needle.baseAddress,
            haystack.count >= needle.count
        else { return needle.isEmpty ? 0 : nil }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            guard let hit = memchr(base + start, Int32(first), last - start + 1) else { return nil }
            let offset = UnsafeRawPointer(hit) - base
            if memcmp(hit, needleBase, needle.count) == 0 { return offset }
            start = offset + 1
        }
        return nil
    }

    static func contains(_ needle: StaticString, in line: UnsafeRawBufferPointer) -> Bool {
        after(needle, in: line) != nil
    }

    /// The JSON string value after `"key":"` (nil for null or absent). Our names need no escapes.
    static func string(after needle: StaticString, in line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let start = after(needle, in: line) else { return nil }
        var end = start
        while end < line.count, line[end] != UInt8(ascii: "\"") { end += 1 }
        guard end < line.count else { return nil }
        return UnsafeRawBufferPointer(rebasing: line[start..<end])
    }

    /// A decimal number starting at `index`; advances `index` past it and one separator.
    static func number(in line: UnsafeRawBufferPointer, at index: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var digits = 0
        while index < line.count, line[index] >= 48, line[index] <= 57, digits < 20 {
            value = value &* 10 &+ UInt64(line[index] - 48)
            index += 1
            digits += 1
        }
        guard digits > 0 else { return nil }
        if index < line.count { index += 1 }
        return value
    }

    /// A login error that ends the attempt (the name); others (quick play's `room_full` when many
    /// log in at once) leave the player logged in, in the lobby.
    static func isFatalLoginError(_ line: UnsafeRawBufferPointer) -> Bool {
        contains("\"type\":\"error\"", in: line) && contains("\"code\":\"name_", in: line)
    }

    /// The answer to `leave`: in the lobby now, or already there (quick play found no seat).
    static func isInLobby(_ line: UnsafeRawBufferPointer) -> Bool {
        contains("You are in the lobby", in: line) || contains("in the lobby already", in: line)
    }

    static func equals(_ bytes: UnsafeRawBufferPointer?, _ text: [UInt8]) -> Bool {
        guard let bytes else { return false }
        return bytes.elementsEqual(text)
    }
}

/// Printing a result table: aligned `key  value` lines, and a one-line machine-readable record.
struct Report {
    private var rows: [(String, String)] = []
    let mode: String

    init(mode: String) { self.mode = mode }

    mutating func add(_ key: String, _ value: String) { rows.append((key, value)) }
    mutating func add(_ key: String, _ value: Int) { rows.append((key, String(value))) }
    mutating func add(_ key: String, _ value: Double, digits: Int = 1) {
        rows.append((key, String(format: "%.\(digits)f", value)))
    }

    func print() {
        let width = rows.map(\.0.count).max() ?? 0
        Swift.print("\(mode):")
        for (key, value) in rows {
            Swift.print("  " + key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
        // One line for scripts: RESULT mode key=value …
        Swift.print(
            "RESULT \(mode) " + rows.map { "\($0.0)=\($0.1.replacingOccurrences(of: " ", with: "_"))" }.joined(separator: " "))
    }
}

/// The phases a load bot goes through (`LoadClient.phase`), shared by the chat and play modes.
enum LoginPhase {
    static let connecting = 0, loggingIn = 1, needJoin = 2, joining = 3, done = 4, dead = 5
}

enum LoginStep { case pending, ready, failed }

/// Advances a bot's login by one line. A host (its prelude sent `create`) is done at its own
/// `joined`; a joiner moves to `needJoin` at `logged_in` (the mode then sends `join`) and is done at
/// its `joined`; with `room` nil (lobby bots, whose prelude sent `leave`) the lobby's answer ends it.
/// A fatal login error closes the client.
func advanceLogin(_ client: LoadClient, _ bytes: UnsafeRawBufferPointer, room: String?, isHost: Bool) -> LoginStep {
    if LineScan.isFatalLoginError(bytes) {
        debugLine(client, bytes)
        client.phase = LoginPhase.dead
        client.close()
        return .failed
    }
    let finished: Bool
    switch client.phase {
    case LoginPhase.loggingIn where room == nil:
        finished = LineScan.isInLobby(bytes)
    case LoginPhase.loggingIn where isHost, LoginPhase.joining:
        finished = room.map { LineScan.isJoined(room: $0, player: client.name, in: bytes) } ?? false
    case LoginPhase.loggingIn:
        if LineScan.contains("\"type\":\"logged_in\"", in: bytes) { client.phase = LoginPhase.needJoin }
        finished = false
    default:
        finished = false
    }
    guard finished else { return .pending }
    client.phase = LoginPhase.done
    return .ready
}

/// With HANGMAN_BENCH_DEBUG set, unexpected lines go to stderr (at most 20).
nonisolated(unsafe) private var debugLines = 0  // touched only by the load loop's one thread
private let debugEnabled = getenv("HANGMAN_BENCH_DEBUG") != nil

func debugLine(_ client: LoadClient, _ bytes: UnsafeRawBufferPointer) {
    guard debugEnabled, debugLines < 20 else { return }
    debugLines += 1
    FileHandle.standardError.write(Data("client \(client.index): ".utf8) + Data(bytes) + Data("\n".utf8))
}
