import Dispatch
import Foundation
import HangmanStore
import Synchronization

/// `merges`: finished games merged per second through one or more `Store`s on one database (each store
/// its own pool of connections, as a server has), then `top`, `stats` and month standings latency on what
/// is there.
/// With `--end-reads 1` each merge is followed by what a room asks at a game's end (the month's
/// standings of its players, the high scores); with `--rate` games arrive at that pace (as a server's
/// rooms finish them) rather than as fast as the in-flight window allows. It reports the process's CPU
/// (user + sys) per game and the store's commits. With `--start-at` (Unix milliseconds) several
/// processes, each a server, open their stores and then start merging at the same moment; each reports
/// its wall-clock start and end (`wall_start_ms`, `wall_end_ms`), from which `scripts/bench-merges-servers`
/// adds up the servers' merges per second.
struct MergesBench {
    let db: String
    let stores: Int
    let games: Int
    let players: Int
    let inFlight: Int
    let samples: Int
    let seats: Int
    let endReads: Bool
    let rate: Int
    let commitIntervalMs: Int
    let startAt: Int64

    init(arguments: [String]) throws(BenchError) {
        let options = try Options(
            arguments,
            names: [
                "db", "stores", "games", "players", "in-flight", "samples", "seats", "end-reads", "rate",
                "commit-interval-ms", "start-at",
            ])
        guard options.positional.isEmpty else { throw .usage("unexpected \(options.positional[0])") }
        guard let db = options.values["db"] else { throw .usage("merges needs --db PATH|postgresql://URL") }
        self.db = db
        stores = try options.int("stores", default: 2, in: 1...16)
        games = try options.int("games", default: 20_000, in: 1...10_000_000)
        players = try options.int("players", default: 10_000, in: 3...100_000_000)
        inFlight = try options.int("in-flight", default: 256, in: 1...100_000)
        samples = try options.int("samples", default: 1_000, in: 0...1_000_000)
        seats = try options.int("seats", default: 3, in: 1...16)
        endReads = try options.int("end-reads", default: 0, in: 0...1) == 1
        rate = try options.int("rate", default: 0, in: 0...1_000_000)
        commitIntervalMs = try options.int("commit-interval-ms", default: 0, in: 0...10_000)
        startAt = Int64(try options.int("start-at", default: 0, in: 0...Int(Int32.max) * 1000))
    }

    func run() throws(BenchError) {
        var opened: [Store] = []
        for _ in 0..<stores {
            do {
                opened.append(
                    try Store.open(db, options: StoreOptions(timeout: 30, mergeCommitInterval: Double(commitIntervalMs) / 1000)))
            } catch {
                throw .failed("\(error)")
            }
        }
        let all = opened
        defer { for store in all { store.close() } }
        let failed = Atomic<Int>(0)
        let clock = ContinuousClock()
        if startAt > 0 {  // the other processes' stores are open too: all start together
            let wait = startAt - Self.nowMilliseconds()
            if wait > 0 { usleep(UInt32(min(wait, 60_000)) * 1000) }
        }
        let wallStart = Self.nowMilliseconds()
        let perStore = games / stores
        let stamp = Int64(Date().timeIntervalSince1970)
        let commitsBefore = all.reduce(0) { $0 + $1.commitCount }
        let cpuBefore = Self.cpuSeconds()
        let elapsed = clock.measure {
            DispatchQueue.concurrentPerform(iterations: stores) { index in
                let store = all[index]
                let slots = DispatchSemaphore(value: inFlight)
                let done = DispatchGroup()
                let start = DispatchTime.now()
                for number in 0..<perStore {
                    if rate > 0 {  // this store's share of the arrivals, each at its time
                        let due = start.uptimeNanoseconds + UInt64(number) * UInt64(1e9) * UInt64(stores) / UInt64(rate)
                        let now = DispatchTime.now().uptimeNanoseconds
                        if due > now { usleep(UInt32(min((due - now) / 1000, 1_000_000))) }
                    }
                    slots.wait()
                    done.enter()
                    let seed = index * perStore + number
                    let results = (0..<seats).map { seat in
                        PlayerResult(
                            name: "bench\((seed &* 7919 &+ seat &* 104_729) % players)", score: (seed + seat) % 40,
                            rank: seat + 1,
                            solved: 1, failed: seat)
                    }
                    let record = GameRecord(
                        room: "bench\(index)", mode: "classic", difficulty: "medium",
                        rounds: [
                            RoundRecord(word: "alpha", won: true, mistakes: seed % 7, solver: results[0].name),
                            RoundRecord(word: "omega", won: false, mistakes: 7),
                        ], results: results, started: stamp - 60, ended: stamp)
                    guard endReads else {
                        store.recordGame(record) { outcome in
                            if case .failure = outcome { failed.add(1, ordering: .relaxed) }
                            slots.signal()
                            done.leave()
                        }
                        continue
                    }
                    // What a room asks at a game's end (Room.perform(.saveGame)): one call that saves and
                    // reads its players' month standings and the high scores.
                    store.finishGame(record, highScores: 10) { end in
                        if end.gameID == nil { failed.add(1, ordering: .relaxed) }
                        slots.signal()
                        done.leave()
                    }
                }
                done.wait()
            }
        }
        let wallEnd = Self.nowMilliseconds()
        let cpu = Self.cpuSeconds() - cpuBefore
        let commits = all.reduce(0) { $0 + $1.commitCount } - commitsBefore
        let seconds = Stats.milliseconds(elapsed) / 1000
        let merged = perStore * stores
        print("merges: \(merged) games through \(stores) store(s) on \(redact(db)), \(inFlight) in flight per store")
        print(
            String(
                format: "  %.0f merges/s in all (%.2f s), %d failed", Double(merged) / seconds, seconds,
                failed.load(ordering: .relaxed)))
        print(
            String(
                format: "  CPU %.1f us per game (%@), %d commits (%.1f games each, %.0f/s)", cpu * 1e6 / Double(merged),
                endReads ? "merge + end-of-game reads" : "merge only", commits,
                Double(merged) / Double(max(1, commits)), Double(commits) / seconds))
        var report = Report(mode: "merges")
        report.add("stores", stores)
        report.add("games", merged)
        report.add("failed", failed.load(ordering: .relaxed))
        report.add("merges_per_s", Double(merged) / seconds, digits: 0)
        defer { report.print() }
        defer {  // after the latency fields: the line's earlier fields keep their places
            report.add("cpu_us_per_game", cpu * 1e6 / Double(merged), digits: 1)
            report.add("commits", commits)
            report.add("commits_per_s", Double(commits) / seconds, digits: 0)
            report.add("wall_start_ms", Int(wallStart))
            report.add("wall_end_ms", Int(wallEnd))
        }
        guard samples > 0, let store = all.first else { return }
        let top = try latency("top 10", store: store) { store, done in
            store.leaderboard(limit: 10, player: nil) { _ in done() }
        }
        let own = try latency("top 10 + own row", store: store) { store, done in
            store.leaderboard(limit: 10, player: "bench\(Int.random(in: 0..<players))") { _ in done() }
        }
        let stats = try latency("stats", store: store) { store, done in
            store.stats(player: "bench\(Int.random(in: 0..<players))") { _ in done() }
        }
        // A game's end line on the month the games went to (what `--end-reads 1` reads after each commit).
        let month = LeaderboardMonth(containing: stamp)
        let standings = try latency("month standings of \(seats)", store: store) { store, done in
            let names = (0..<seats).map { _ in "bench\(Int.random(in: 0..<players))" }
            store.monthlyStandings(month: month, players: names) { _ in done() }
        }
        for (name, (p50, p99)) in [("top", top), ("top_own", own), ("stats", stats), ("standings", standings)] {
            report.add("\(name)_p50_ms", p50, digits: 3)
            report.add("\(name)_p99_ms", p99, digits: 3)
        }
    }

    /// Times `samples` calls one after another; prints and returns p50 and p99 (ms).
    private func latency(
        _ label: String, store: Store, _ call: (Store, @escaping @Sendable () -> Void) -> Void
    ) throws(BenchError) -> (Double, Double) {
        let clock = ContinuousClock()
        var timings: [Double] = []
        for _ in 0..<samples {
            let done = DispatchSemaphore(value: 0)
            let took = clock.measure {
                call(store) { done.signal() }
                done.wait()
            }
            timings.append(Stats.milliseconds(took))
        }
        print(
            "  \(label): p50 \(Stats.format(Stats.quantile(timings, 0.5)))  p99 \(Stats.format(Stats.quantile(timings, 0.99)))  max \(Stats.format(timings.max() ?? 0))"
        )
        return (Stats.quantile(timings, 0.5), Stats.quantile(timings, 0.99))
    }

    /// This process's CPU time so far (user + system), in seconds.
    /// Wall-clock Unix time in milliseconds (shared by the processes of one run).
    private static func nowMilliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        guard getrusage(Int32(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private func redact(_ db: String) -> String {
        guard let at = db.firstIndex(of: "@"), let scheme = db.range(of: "://") else { return db }
        return String(db[..<scheme.upperBound]) + "…" + String(db[at...])
    }
}
