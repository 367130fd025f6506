#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `chat`: R rooms (or the lobby, `--rooms 0`) × P players, K of each sending chat lines at `--rate`
/// lines a second each (0 = as fast as the socket takes them). Every line carries its sender, a
/// sequence number and the monotonic send time (`~<sender> <seq> <ns>`), so each receiver counts
/// what it got and the latency. Reports delivered lines/s, latency p50/p99/max, lines lost by
/// receivers that kept reading, and the server's CPU per delivered line and peak RSS.
final class ChatBench: LoadDriver {
    let rooms: Int
    let players: Int
    let senders: Int
    let rate: Int
    let seconds: Int
    let drainSeconds: Int
    /// Stop sending when the server's RSS passes this (a server without output limits can take
    /// gigabytes at full speed on a shared machine).
    let stopRSSKB: Int
    let common: LoadOptions

    private var loop: LoadLoop?
    private var groups: Int { max(rooms, 1) }
    private var total: Int { groups * players }
    private var launched = 0
    private var ready = 0
    private var failed = 0
    private var hostsReady: [Bool] = []
    private var joinedMarker: [[UInt8]] = []

    // Measurement.
    private var sending = false
    private var measuring = false
    private var start: UInt64 = 0
    private var sendUntil: UInt64 = 0
    private var sent: [Int] = []
    private var received: [Int32] = []
    private var delivered = 0
    private var errors = 0
    private var closedByServer = 0
    private var lastReceive: UInt64 = 0
    private var latency = LatencyRecorder()
    private var peakRSS = 0
    private var nextSample: UInt64 = 0
    private var line: [UInt8] = []
    private var stoppedForRSS = false

    private static let loggingIn = LoginPhase.loggingIn, needJoin = LoginPhase.needJoin,
        joining = LoginPhase.joining, done = LoginPhase.done, dead = LoginPhase.dead
    private static let padding = Array(" the quick brown fox jumps over the lazy dog\n".utf8)

    init(arguments: [String]) throws(BenchError) {
        let options = try Options(
            arguments,
            names: LoadOptions.names.union(["rooms", "players", "senders", "rate", "seconds", "drain-seconds", "stop-rss-mb"]))
        guard options.positional.isEmpty else { throw .usage("unexpected \(options.positional[0])") }
        rooms = try options.int("rooms", default: 0, in: 0...100_000)
        players = try options.int("players", default: 200, in: 1...100_000)
        senders = try options.int("senders", default: 5, in: 0...100_000)
        rate = try options.int("rate", default: 200, in: 0...1_000_000)
        seconds = try options.int("seconds", default: 10, in: 1...3600)
        drainSeconds = try options.int("drain-seconds", default: 10, in: 1...600)
        stopRSSKB = try options.int("stop-rss-mb", default: 2048, in: 16...1_000_000) * 1024
        common = try LoadOptions(options, defaultPrefix: "c")
        guard senders <= players else { throw .usage("--senders must not exceed --players") }
        guard total <= 200_000 else { throw .usage("at most 200000 connections") }
    }

    private func roomName(_ group: Int) -> String { "\(common.prefix)r\(group)" }
    private func isSender(_ client: LoadClient) -> Bool { client.index % players < senders }
    private func isHost(_ client: LoadClient) -> Bool { rooms > 0 && client.index % players == 0 }

    func run() throws(BenchError) {
        let loop = try LoadLoop(host: common.host, port: common.port)
        self.loop = loop
        loop.driver = self
        hostsReady = Array(repeating: false, count: groups)
        received = Array(repeating: 0, count: total * max(senders, 1))
        sent = Array(repeating: 0, count: groups * senders)
        let setupStart = monotonicNanos()
        loop.run(until: setupStart + UInt64(common.setupSeconds) * 1_000_000_000)
        let setupNanos = monotonicNanos() - setupStart
        guard ready > 0 else { throw .failed("no client got ready (\(failed) failed)") }
        // Quiet second: quick-play noise from the logins drains before the clock starts.
        loop.run(until: monotonicNanos() + 1_000_000_000)

        let before = ProcSample.read(pid: common.pid)
        let clientBefore = ProcSample.selfCPU()
        peakRSS = before.rssKB
        start = monotonicNanos()
        sendUntil = start + UInt64(seconds) * 1_000_000_000
        lastReceive = start
        sending = true
        measuring = true
        loop.run(until: sendUntil)
        let sendSeconds = Double(monotonicNanos() - start) / 1e9
        sending = false
        // Drain: until nothing arrived for two seconds, or the bound.
        loop.run(until: monotonicNanos() + UInt64(drainSeconds) * 1_000_000_000)
        let after = ProcSample.read(pid: common.pid)
        let clientCPU = ProcSample.selfCPU() - clientBefore
        peakRSS = max(peakRSS, after.rssKB)

        // Loss: per room and sender, what the best-served receiver got is what the server accepted.
        var lost = 0
        for group in 0..<groups {
            for sender in 0..<senders {
                var best: Int32 = 0
                for member in 0..<players where !(common.raw && member == sender) {
                    best = max(best, received[(group * players + member) * senders + sender])
                }
                for member in 0..<players where !(common.raw && member == sender) {
                    lost += Int(best - received[(group * players + member) * senders + sender])
                }
            }
        }
        let totalSent = sent.reduce(0, +)
        let activeSeconds = Double(max(lastReceive, start + 1) - start) / 1e9
        let stats = latency.summary()
        var report = Report(mode: "chat")
        report.add("rooms", rooms == 0 ? "lobby" : String(rooms))
        report.add("players", players)
        report.add("senders", senders)
        report.add("rate", rate == 0 ? "full" : String(rate))
        report.add("raw", common.raw ? "yes" : "no")
        report.add("ready", ready)
        report.add("failed", failed)
        report.add("setup_s", Double(setupNanos) / 1e9, digits: 2)
        report.add("sent", totalSent)
        report.add("sent_per_s", Double(totalSent) / sendSeconds, digits: 0)
        if stoppedForRSS {
            report.add("stopped", "server RSS over \(stopRSSKB / 1024) MB after \(String(format: "%.1f", sendSeconds)) s")
        }
        report.add("delivered", delivered)
        report.add("delivered_per_s", Double(delivered) / activeSeconds, digits: 0)
        report.add("lost", lost)
        report.add("errors", errors)
        report.add("closed_by_server", closedByServer)
        report.add("p50_ms", stats.p50, digits: 3)
        report.add("p99_ms", stats.p99, digits: 3)
        report.add("max_ms", stats.max, digits: 3)
        report.add("client_cpu_s", clientCPU, digits: 2)
        if before.ok && after.ok {
            let cpu = after.cpuSeconds - before.cpuSeconds
            report.add("server_cpu_s", cpu, digits: 2)
            report.add("server_us_per_line", delivered > 0 ? cpu * 1e6 / Double(delivered) : 0, digits: 3)
            report.add("server_rss_peak_kb", peakRSS)
        }
        report.print()
    }

    // MARK: sending

    private func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[count] = UInt8(48 + rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(raw[index]) }
        }
    }

    /// Appends `lines` chat lines from `client` to `line`.
    private func compose(_ client: LoadClient, lines: Int, now: UInt64) {
        let group = client.index / players
        let local = client.index % players
        let id = group * senders + local
        for _ in 0..<lines {
            if !common.raw { line.append(contentsOf: [115, 97, 121, 32]) }  // "say "
            line.append(126)  // "~"
            appendDecimal(UInt64(id), to: &line)
            line.append(32)
            appendDecimal(UInt64(sent[id]), to: &line)
            line.append(32)
            appendDecimal(now, to: &line)
            line.append(contentsOf: Self.padding)
            sent[id] += 1
        }
    }

    private func sendTick(now: UInt64) {
        guard let loop else { return }
        let elapsed = Double(now - start) / 1e9
        for client in loop.clients where client.phase == Self.done && isSender(client) {
            let id = (client.index / players) * senders + client.index % players
            var owed: Int
            if rate == 0 {
                // Full speed: keep the socket full, never queue more than a batch in our own buffer.
                owed = client.unsentBytes == 0 ? 32 : 0
            } else {
                // Senders are spread evenly over the interval between two lines.
                let phase = Double(id) / Double(max(1, groups * senders) * rate)
                owed = Int((elapsed + phase) * Double(rate)) - sent[id]
                owed = min(owed, 1000)
            }
            guard owed > 0 else { continue }
            line.removeAll(keepingCapacity: true)
            compose(client, lines: owed, now: now)
            client.send(line)
        }
    }

    // MARK: LoadDriver

    func connected(_ client: LoadClient, ok: Bool) {
        guard ok else {
            failed += 1
            client.phase = Self.dead
            return
        }
        if common.raw {
            client.phase = Self.done
            ready += 1
            return
        }
        client.name = "\(common.prefix)\(client.index)"
        client.room = client.index / players
        client.phase = Self.loggingIn
        var prelude = "json\nname \(client.name)\n"
        if rooms == 0 { prelude += "leave\n" } else if isHost(client) { prelude += "create \(roomName(client.room))\n" }
        client.send(prelude)
    }

    func line(_ client: LoadClient, _ bytes: UnsafeRawBufferPointer, now: UInt64) {
        if client.phase == Self.done {
            guard measuring else { return }
            if let marker = LineScan.after("~", in: bytes) {
                var index = marker
                guard let id = LineScan.number(in: bytes, at: &index), LineScan.number(in: bytes, at: &index) != nil,
                    let stamp = LineScan.number(in: bytes, at: &index)
                else { return }
                let local = Int(id) - (client.index / players) * senders
                guard local >= 0, local < senders else { return }
                received[client.index * senders + local] += 1
                delivered += 1
                lastReceive = now
                if now > stamp { latency.record(nanos: now - stamp) }
            } else if LineScan.contains("\"type\":\"error\"", in: bytes) {
                errors += 1
            }
            return
        }
        let host = rooms > 0 && isHost(client)
        switch advanceLogin(client, bytes, room: rooms == 0 ? nil : roomName(client.room), isHost: host) {
        case .ready:
            if host { hostsReady[client.room] = true }
            ready += 1
        case .failed:
            failed += 1
        case .pending:
            break
        }
    }

    func closed(_ client: LoadClient) {
        if client.phase == Self.done {
            closedByServer += 1
        } else if client.phase != Self.dead {
            failed += 1
        }
        client.phase = Self.dead
    }

    func tick(now: UInt64) -> Bool {
        guard let loop else { return false }
        if measuring {
            if now >= nextSample {
                nextSample = now + 100_000_000
                peakRSS = max(peakRSS, ProcSample.read(pid: common.pid).rssKB)
                if sending, peakRSS > stopRSSKB {
                    sending = false
                    stoppedForRSS = true
                }
            }
            if sending {
                sendTick(now: now)
                return true
            }
            // Draining: stop once nothing arrived for two seconds.
            return now - lastReceive < 2_000_000_000
        }
        // Set-up: connect in a window, then let joiners in once their room exists.
        while launched < total, launched - (ready + failed) < common.connectWindow {
            launched += 1
            loop.connect()
        }
        for client in loop.clients where client.phase == Self.needJoin && hostsReady[client.room] {
            client.phase = Self.joining
            client.send("join \(roomName(client.room))\n")
        }
        return ready + failed < total
    }
}
