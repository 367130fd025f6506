#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `play`: R rooms × P bots in JSON mode playing whole games as fast as turns allow. Each room's
/// first bot creates it, the others join, the host starts a game and starts the next one at every
/// `game_over` (which the server sends only after the leaderboard merge committed). Reports
/// guesses/s, games/s, merges/s (saved game_overs), p50/p99 from a guess to the `state` after it,
/// and the server's CPU per guess.
///
/// `--think-ms N` makes each bot wait N ms (±20 %, at random) before each guess, so latency can be
/// measured at a rated load as well as at full speed (N = 0, the default). Waiting guesses sit in
/// a timing wheel of 1 ms slots that `tick` drains; the latency clock starts when the guess is sent.
final class PlayBench: LoadDriver {
    let rooms: Int
    let players: Int
    let seconds: Int
    let thinkMillis: Int
    let common: LoadOptions

    private var loop: LoadLoop?
    private var total: Int { rooms * players }
    private var launched = 0
    private var ready = 0
    private var failed = 0
    private var roomReady: [Int] = []
    private var hostReady: [Bool] = []
    private var started: [Bool] = []
    private var names: [[UInt8]] = []

    private var playing = false
    private var measuring = false
    private var guesses = 0
    private var games = 0
    private var merges = 0
    private var errors = 0
    private var closedByServer = 0
    private var latency = LatencyRecorder()
    /// Guesses waiting for their think time: slot = due millisecond % wheel size; (client, letter).
    private var wheel: [[(client: Int, letter: UInt8)]] = Array(repeating: [], count: 4096)
    private var wheelMillis: UInt64 = 0
    private var thinkRandom = SystemRandomNumberGenerator()

    private static let loggingIn = LoginPhase.loggingIn, needJoin = LoginPhase.needJoin,
        joining = LoginPhase.joining, done = LoginPhase.done, dead = LoginPhase.dead
    /// English letter frequency: the order a simple bot guesses in.
    private static let order = Array("etaoinsrhldcumfpgwybvkxjqz".utf8)

    init(arguments: [String]) throws(BenchError) {
        let options = try Options(arguments, names: LoadOptions.names.union(["rooms", "players", "seconds", "think-ms"]))
        guard options.positional.isEmpty else { throw .usage("unexpected \(options.positional[0])") }
        rooms = try options.int("rooms", default: 500, in: 1...100_000)
        players = try options.int("players", default: 4, in: 1...32)
        seconds = try options.int("seconds", default: 30, in: 1...3600)
        thinkMillis = try options.int("think-ms", default: 0, in: 0...3000)
        common = try LoadOptions(options, defaultPrefix: "p")
        guard !common.raw else { throw .usage("play speaks the game's JSON protocol; --raw does not apply") }
        guard total <= 200_000 else { throw .usage("at most 200000 connections") }
    }

    private func roomName(_ room: Int) -> String { "\(common.prefix)r\(room)" }

    func run() throws(BenchError) {
        let loop = try LoadLoop(host: common.host, port: common.port)
        self.loop = loop
        loop.driver = self
        roomReady = Array(repeating: 0, count: rooms)
        hostReady = Array(repeating: false, count: rooms)
        started = Array(repeating: false, count: rooms)
        names = Array(repeating: [], count: total)
        let setupStart = monotonicNanos()
        loop.run(until: setupStart + UInt64(common.setupSeconds) * 1_000_000_000)
        let setupNanos = monotonicNanos() - setupStart
        guard ready > 0 else { throw .failed("no bot got ready (\(failed) failed)") }

        // Start every room, let the games get going for a second, then measure.
        playing = true
        for client in loop.clients where client.phase == Self.done && client.index % players == 0 {
            started[client.room] = true
            client.send("start\n")
        }
        loop.run(until: monotonicNanos() + 1_000_000_000)
        let before = ProcSample.read(pid: common.pid)
        let clientBefore = ProcSample.selfCPU()
        let start = monotonicNanos()
        measuring = true
        loop.run(until: start + UInt64(seconds) * 1_000_000_000)
        measuring = false
        let elapsed = Double(monotonicNanos() - start) / 1e9
        let after = ProcSample.read(pid: common.pid)
        let clientCPU = ProcSample.selfCPU() - clientBefore
        playing = false

        let stats = latency.summary()
        var report = Report(mode: "play")
        report.add("rooms", rooms)
        report.add("players", players)
        report.add("think_ms", thinkMillis)
        report.add("ready", ready)
        report.add("failed", failed)
        report.add("setup_s", Double(setupNanos) / 1e9, digits: 2)
        report.add("seconds", elapsed, digits: 2)
        report.add("guesses", guesses)
        report.add("guesses_per_s", Double(guesses) / elapsed, digits: 0)
        report.add("games", games)
        report.add("games_per_s", Double(games) / elapsed, digits: 1)
        report.add("merges_per_s", Double(merges) / elapsed, digits: 1)
        report.add("errors", errors)
        report.add("closed_by_server", closedByServer)
        report.add("p50_ms", stats.p50, digits: 3)
        report.add("p99_ms", stats.p99, digits: 3)
        report.add("max_ms", stats.max, digits: 3)
        report.add("client_cpu_s", clientCPU, digits: 2)
        if before.ok && after.ok {
            let cpu = after.cpuSeconds - before.cpuSeconds
            report.add("server_cpu_s", cpu, digits: 2)
            report.add("server_us_per_guess", guesses > 0 ? cpu * 1e6 / Double(guesses) : 0, digits: 2)
            report.add("server_rss_kb", after.rssKB)
        }
        report.print()
    }

    // MARK: the bot

    /// On my turn: the most frequent letter still available.
    private func guess(_ client: LoadClient, state: UnsafeRawBufferPointer, now: UInt64) {
        guard let start = LineScan.after("\"available\":[", in: state) else { return }
        var mask: UInt32 = 0
        var index = start
        while index < state.count, state[index] != UInt8(ascii: "]") {
            let byte = state[index]
            if byte >= 97, byte <= 122 { mask |= 1 << UInt32(byte - 97) }
            index += 1
        }
        guard let letter = Self.order.first(where: { mask & (1 << UInt32($0 - 97)) != 0 }) else { return }
        guard thinkMillis > 0 else { return send(letter, from: client, now: now) }
        let jitter = max(1, thinkMillis / 5)
        let wait = UInt64(max(1, thinkMillis + Int.random(in: -jitter...jitter, using: &thinkRandom)))
        let due = now / 1_000_000 + wait
        if wheelMillis == 0 { wheelMillis = now / 1_000_000 }
        wheel[Int(due % UInt64(wheel.count))].append((client.index, letter))
        client.count = 2  // thinking
    }

    private func send(_ letter: UInt8, from client: LoadClient, now: UInt64) {
        client.stamp = now
        client.count = 1  // awaiting the state that answers this guess
        client.send([letter, 10])
    }

    /// Sends the guesses whose think time is over.
    private func sendDueGuesses(now: UInt64, loop: LoadLoop) {
        let nowMillis = now / 1_000_000
        guard wheelMillis > 0 else { return }
        while wheelMillis <= nowMillis {
            let slot = Int(wheelMillis % UInt64(wheel.count))
            for (index, letter) in wheel[slot] {
                let client = loop.clients[index]
                guard client.phase == Self.done, client.count == 2 else { continue }
                send(letter, from: client, now: now)
            }
            wheel[slot].removeAll(keepingCapacity: true)
            wheelMillis += 1
        }
    }

    private func handleState(_ client: LoadClient, _ bytes: UnsafeRawBufferPointer, now: UInt64) {
        if client.count == 1 {
            client.count = 0
            if measuring {
                guesses += 1
                latency.record(nanos: now - client.stamp)
            }
        }
        guard client.count != 2 else { return }  // already thinking about this turn's guess
        guard playing, LineScan.contains("\"status\":\"playing\"", in: bytes) else { return }
        guard let turn = LineScan.string(after: "\"turn\":\"", in: bytes), turn.elementsEqual(names[client.index]) else { return }
        guess(client, state: bytes, now: now)
    }

    // MARK: LoadDriver

    func connected(_ client: LoadClient, ok: Bool) {
        guard ok else {
            failed += 1
            client.phase = Self.dead
            return
        }
        client.name = "\(common.prefix)\(client.index)"
        names[client.index] = Array(client.name.utf8)
        client.room = client.index / players
        client.phase = Self.loggingIn
        var prelude = "json\nname \(client.name)\n"
        if client.index % players == 0 { prelude += "create \(roomName(client.room))\n" }
        client.send(prelude)
    }

    func line(_ client: LoadClient, _ bytes: UnsafeRawBufferPointer, now: UInt64) {
        if client.phase == Self.done {
            if LineScan.contains("{\"type\":\"state\"", in: bytes) {
                handleState(client, bytes, now: now)
            } else if LineScan.contains("{\"type\":\"game_over\"", in: bytes) {
                guard client.index % players == 0 else { return }
                if measuring {
                    games += 1
                    if LineScan.contains("\"saved\":true", in: bytes) { merges += 1 }
                }
                if playing { client.send("start\n") }
            } else if LineScan.contains("{\"type\":\"error\"", in: bytes) {
                if measuring { errors += 1 }
                if client.count == 1 {
                    // The guess was refused: ask for the state again and go on from there.
                    client.count = 0
                    if playing { client.send("state\n") }
                }
            }
            return
        }
        let host = client.index % players == 0
        switch advanceLogin(client, bytes, room: roomName(client.room), isHost: host) {
        case .ready:
            if host { hostReady[client.room] = true }
            ready += 1
            roomReady[client.room] += 1
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
        if playing {
            sendDueGuesses(now: now, loop: loop)
            return true
        }
        while launched < total, launched - (ready + failed) < common.connectWindow {
            launched += 1
            loop.connect()
        }
        for client in loop.clients where client.phase == Self.needJoin && hostReady[client.room] {
            client.phase = Self.joining
            client.send("join \(roomName(client.room))\n")
        }
        return ready + failed < total
    }
}
