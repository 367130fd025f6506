import Foundation
import HangmanNet
import HangmanSync

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// An honest player who keeps asking for `state` in a room of their own while a test abuses the
/// server, timing every answer; and the process's memory (VmRSS) sampled at the same time.
///
/// The probe runs on its own thread with its own client (made there: `TestClient` is not Sendable),
/// so the test thread is free to do the abusing. `finish()` stops it and returns what it saw.
final class HonestProbe: Sendable {
    struct Result: CustomStringConvertible {
        var samples: Int
        var worst: Double
        var median: Double
        var failures: [String]
        var rssBefore: Int
        var rssPeak: Int
        var description: String {
            String(
                format: "%d state round trips, median %.1f ms, worst %.1f ms; VmRSS %.1f MiB before, peak %.1f MiB (+%.1f)%@",
                samples, median * 1000, worst * 1000, Double(rssBefore) / 1_048_576, Double(rssPeak) / 1_048_576,
                Double(rssPeak - rssBefore) / 1_048_576, failures.isEmpty ? "" : "; failures: \(failures)")
        }
    }

    /// Generous bound on one round trip: a noisy, shared 2-core machine must not make it flake; the
    /// real figures are printed and recorded in docs/RELIABILITY.md. Under a sanitizer (set by
    /// scripts/sanitize) everything runs 5-15 times slower, so the bound is wider there.
    static let latencyBound = underSanitizer ? 5.0 : 2.0
    /// The same for a server in a process of its own: it competes for the 2 cores with every suite
    /// running in parallel in the test process, so one sample can wait for a whole time slice of them
    /// (3.5 s seen once while the machine also compiled). Its median stays around a millisecond.
    static let processLatencyBound = underSanitizer ? 10.0 : 6.0

    /// True under scripts/sanitize: ASan keeps freed memory in quarantine and pads every block, so
    /// memory bounds widen too.
    static let underSanitizer = ProcessInfo.processInfo.environment["HANGMAN_SANITIZER"] != nil

    private let times = Locked<[Double]>([])
    private let failures = Locked<[String]>([])
    private let rssPeak = Locked(0)
    private let stopping = Locked(false)
    private let done = DispatchSemaphore(value: 0)
    let rssBefore: Int

    /// Logs in as `name`, creates a room of their own (or joins `room`), then probes until `finish()`,
    /// one `state` every `interval` seconds (the default stays under the default command rate).
    init(port: Int, name: String = "honest", room: String? = nil, pid: Int32? = nil, interval: Double = 0.12) throws {
        rssBefore = Self.rss(pid: pid)
        rssPeak.withLock { $0 = rssBefore }
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread { [times, failures, rssPeak, stopping, done] in
            defer { done.signal() }
            let client: TestClient
            do {
                client = try TestClient.player(name, port: port)
                client.line(room.map { "join \($0)" } ?? "create \(name)-room")
                let target = room ?? "\(name)-room"
                _ = try client.expect("state") { $0["room"] as? String == target }
            } catch {
                failures.withLock { $0.append("login: \(error)") }
                ready.signal()
                return
            }
            ready.signal()
            while !stopping.withLock({ $0 }) {
                let started = Date()
                client.line("state")
                do {
                    _ = try client.expect("state", timeout: 10)
                    let elapsed = Date().timeIntervalSince(started)
                    times.withLock { $0.append(elapsed) }
                } catch {
                    failures.withLock { $0.append("state: \(error)") }
                    return
                }
                let now = Self.rss(pid: pid)
                rssPeak.withLock { $0 = max($0, now) }
                usleep(useconds_t(interval * 1_000_000))
            }
            client.line("quit")
        }
        thread.start()
        if ready.wait(timeout: .now() + 10) == .timedOut { failures.withLock { $0.append("login timed out") } }
    }

    /// The round trips so far (or since the last `reset`), without stopping.
    var samples: Int { times.withLock { $0.count } }
    var sorted: [Double] { times.withLock { $0 }.sorted() }

    /// Forgets the round trips so far: the next figures are for what follows.
    func reset() { times.withLock { $0.removeAll() } }

    /// Stops probing (after at least `minimumSamples` answers or 10 s) and returns the figures.
    func finish(minimumSamples: Int = 3) -> Result {
        let deadline = Date().addingTimeInterval(10)
        while times.withLock({ $0.count }) < minimumSamples, failures.withLock({ $0.isEmpty }), Date() < deadline {
            usleep(20_000)
        }
        stopping.withLock { $0 = true }
        if done.wait(timeout: .now() + 15) == .timedOut { failures.withLock { $0.append("probe did not stop") } }
        let sorted = times.withLock { $0 }.sorted()
        return Result(
            samples: sorted.count, worst: sorted.last ?? .infinity, median: sorted.isEmpty ? .infinity : sorted[sorted.count / 2],
            failures: failures.withLock { $0 }, rssBefore: rssBefore, rssPeak: rssPeak.withLock { $0 })
    }

    /// Resident memory in bytes of this process (or of `pid`), from /proc.
    /// `field` "VmHWM:" gives the peak instead.
    static func rss(pid: Int32? = nil, field: String = "VmRSS:") -> Int {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) })
        else { return 0 }
        let number = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return number * 1024
    }

    /// Open server-side TCP sockets on `port` (local port, state ESTABLISHED or CLOSE_WAIT), from
    /// /proc/net/tcp: a connection the server failed to close shows up here.
    static func serverSockets(port: Int) -> Int {
        // Read to the end by hand: /proc files report size 0, and a reader that trusts the size
        // may stop after one page, missing sockets on a busy machine.
        let fd = open("/proc/net/tcp", O_RDONLY)
        guard fd >= 0 else { return -1 }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let hexPort = String(format: "%04X", port)
        return text.split(separator: "\n").dropFirst().filter { line in
            let fields = line.split(separator: " ")
            guard fields.count > 3, let local = fields[1].split(separator: ":").last else { return false }
            return local == hexPort && (fields[3] == "01" || fields[3] == "08")
        }.count
    }
}

/// Abuse results printed in one greppable format (`ABUSE <name>: …`) for docs/RELIABILITY.md.
func report(_ name: String, _ result: HonestProbe.Result, _ extra: String = "") {
    print("ABUSE \(name): \(result)\(extra.isEmpty ? "" : "; \(extra)")")
}
