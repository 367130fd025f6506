import Foundation
import HangmanCore

/// `rating`: the CPU one finished game's rating costs, as the store will pay it inside the merge:
/// build the `RatedGame` from the sides (bots dropped), look up each player's rating in a table of
/// `--league` players, rate with openskill's Plackett–Luce and write the ratings back. The games are
/// drawn beforehand from a seeded source (not timed); each sample is `--batch` games on this thread's
/// CPU clock (CLOCK_THREAD_CPUTIME_ID), divided by the batch: median and p99 in µs a game.
struct RatingBench {
    let players: Int
    let teams: Int
    let league: Int
    let batch: Int
    let samples: Int
    let seed: UInt64

    init(arguments: [String]) throws(BenchError) {
        let options = try Options(arguments, names: ["players", "teams", "league", "batch", "samples", "seed"])
        guard options.positional.isEmpty else { throw .usage("unexpected \(options.positional[0])") }
        players = try options.int("players", default: 8, in: 2...64)
        teams = try options.int("teams", default: 0, in: 0...64)
        league = try options.int("league", default: 10_000, in: 64...10_000_000)
        batch = try options.int("batch", default: 1000, in: 1...1_000_000)
        samples = try options.int("samples", default: 200, in: 1...100_000)
        seed = UInt64(try options.int("seed", default: 1, in: 0...Int.max))
        guard teams == 0 || (teams >= 2 && teams <= players) else { throw .usage("--teams must be 0 (solo) or 2...players") }
        guard players <= league else { throw .usage("--players must be at most --league") }
    }

    func run() throws(BenchError) {
        var rng = SeededRandom(seed: seed)
        let model = PlackettLuce()
        let games = (0..<batch).map { _ in drawGame(&rng) }
        var table: [String: Rating] = [:]
        table.reserveCapacity(league)
        var timings: [Double] = []
        timings.reserveCapacity(samples)
        var rated = 0
        for _ in 0..<samples {
            let start = Self.threadCPUNanoseconds()
            for sides in games {
                guard let game = RatedGame(ranked: true, sides: sides) else { continue }
                for change in game.rate(model, current: { table[$0] }) { table[change.key] = change.after }
                rated += 1
            }
            timings.append(Double(Self.threadCPUNanoseconds() - start) / 1000 / Double(batch))
        }
        guard rated == batch * samples else { throw .failed("\(batch * samples - rated) games were not rated") }
        let shape = teams == 0 ? "\(players) solo players" : "\(players) players in \(teams) teams"
        print("rating one game of \(shape), a league of \(league), \(samples) samples of \(batch) games")
        print(
            String(
                format: "  CPU per game: median %.3f µs  p99 %.3f µs  max %.3f µs", Stats.quantile(timings, 0.5),
                Stats.quantile(timings, 0.99), timings.max() ?? 0))
        print(
            String(
                format:
                    "RESULT rating players=%d teams=%d league=%d batch=%d samples=%d us_per_game_p50=%.3f us_per_game_p99=%.3f",
                players, teams, league, batch, samples, Stats.quantile(timings, 0.5), Stats.quantile(timings, 0.99)))
    }

    /// `players` distinct keys of the league, in `teams` sides (or solo), hangman-like points with ties.
    private func drawGame(_ rng: inout SeededRandom) -> [RatingSide] {
        var keys: Set<Int> = []
        while keys.count < players { keys.insert(Int(rng.next() % UInt64(league))) }
        let members = keys.sorted().map { RatingSide.Member(key: "player\($0)", isBot: false) }
        let sideCount = teams == 0 ? players : teams
        return (0..<sideCount).map { side in
            let mine = stride(from: side, to: members.count, by: sideCount).map { members[$0] }
            return RatingSide(members: mine, score: Int(rng.next() % 20) * 15)
        }
    }

    private static func threadCPUNanoseconds() -> UInt64 {
        var now = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 else { return 0 }
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
