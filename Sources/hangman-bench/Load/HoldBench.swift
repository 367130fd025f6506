/// `hold N`: opens N connections, logs each in (JSON mode, then `leave` to the lobby so they sit
/// idle, or `--stay yes` to stay in quick play), holds them, and reports how fast they came up and
/// what they cost the server (RSS and CPU from /proc for `--pid`).
final class HoldBench: LoadDriver {
    let count: Int
    let holdSeconds: Int
    let stay: Bool
    let common: LoadOptions

    private var loop: LoadLoop?
    private var launched = 0
    private var established = 0
    private var loggedIn = 0
    private var failed = 0
    private var closedByServer = 0
    private var settled: Int { loggedIn + failed }
    private var holding = false

    private static let prelude = 0, waiting = 1, done = 2

    init(arguments: [String]) throws(BenchError) {
        let options = try Options(arguments, names: LoadOptions.names.union(["hold-seconds", "stay"]))
        guard options.positional.count == 1, let n = Int(options.positional[0]), (1...200_000).contains(n) else {
            throw .usage("hold needs a connection count 1...200000")
        }
        count = n
        holdSeconds = try options.int("hold-seconds", default: 5, in: 0...3600)
        switch options.values["stay"] ?? "no" {
        case "yes": stay = true
        case "no": stay = false
        default: throw .usage("--stay takes yes or no")
        }
        common = try LoadOptions(options, defaultPrefix: "h")
    }

    func run() throws(BenchError) {
        let loop = try LoadLoop(host: common.host, port: common.port)
        self.loop = loop
        loop.driver = self
        let before = ProcSample.read(pid: common.pid)
        let clientCPUBefore = ProcSample.selfCPU()
        let start = monotonicNanos()
        loop.run(until: start + UInt64(common.setupSeconds) * 1_000_000_000)
        let setupNanos = monotonicNanos() - start
        let afterSetup = ProcSample.read(pid: common.pid)
        // Let the server settle (quick rooms close, buffers shrink), then measure the idle hold.
        holding = true
        loop.run(until: monotonicNanos() + 2_000_000_000)
        let held = ProcSample.read(pid: common.pid)
        loop.run(until: monotonicNanos() + UInt64(holdSeconds) * 1_000_000_000)
        let end = ProcSample.read(pid: common.pid)
        let stillOpen = loop.openCount

        var report = Report(mode: "hold")
        report.add("connections", count)
        report.add("established", established)
        report.add("logged_in", common.raw ? established : loggedIn)
        report.add("failed", failed)
        report.add("setup_s", Double(setupNanos) / 1e9, digits: 2)
        report.add("connects_per_s", Double(common.raw ? established : loggedIn) / (Double(setupNanos) / 1e9), digits: 0)
        report.add("open_at_end", stillOpen)
        report.add("closed_by_server", closedByServer)
        report.add("client_cpu_s", ProcSample.selfCPU() - clientCPUBefore, digits: 2)
        if before.ok && end.ok {
            let growth = held.rssKB - before.rssKB
            report.add("server_rss_before_kb", before.rssKB)
            report.add("server_rss_held_kb", held.rssKB)
            report.add("server_rss_hwm_kb", end.hwmKB)
            report.add("server_rss_growth_kb", growth)
            report.add("server_kb_per_conn", Double(growth) / Double(max(1, stillOpen)), digits: 2)
            report.add("server_threads", held.threads)
            report.add("server_cpu_setup_s", afterSetup.cpuSeconds - before.cpuSeconds, digits: 2)
            report.add("server_cpu_hold_pct", 100 * (end.cpuSeconds - held.cpuSeconds) / Double(max(1, holdSeconds)), digits: 2)
        }
        report.print()
    }

    // MARK: LoadDriver

    func connected(_ client: LoadClient, ok: Bool) {
        guard ok else {
            failed += 1
            return
        }
        established += 1
        if common.raw {
            client.phase = Self.done
            loggedIn += 1
            return
        }
        client.name = "\(common.prefix)\(client.index)"
        client.phase = Self.waiting
        client.send("json\nname \(client.name)\n" + (stay ? "" : "leave\n"))
    }

    func line(_ client: LoadClient, _ bytes: UnsafeRawBufferPointer, now: UInt64) {
        guard client.phase == Self.waiting else { return }
        if LineScan.isFatalLoginError(bytes) {
            client.phase = Self.done
            failed += 1
            debugLine(client, bytes)
            return
        }
        let finished =
            stay
            ? LineScan.contains("\"type\":\"logged_in\"", in: bytes)
            : LineScan.isInLobby(bytes)
        if finished {
            client.phase = Self.done
            loggedIn += 1
        }
    }

    func closed(_ client: LoadClient) {
        closedByServer += 1
        if client.phase == Self.waiting {
            client.phase = Self.done
            failed += 1
        }
    }

    func tick(now: UInt64) -> Bool {
        if holding { return true }
        guard let loop else { return false }
        while launched < count, launched - settled < common.connectWindow {
            launched += 1
            loop.connect()
        }
        return settled < count
    }
}
