// hangman-bench: micro-benchmarks for the rules and a load generator for the server.
// One mode per first argument; each mode lives in its own file and parses its own options.
// Bad usage prints the usage to stderr and exits 2. Never run from `swift test`: timings are only
// meaningful in a release build (`swift run -c release hangman-bench …`).
import Foundation

let usage = """
    usage: hangman-bench <mode> [options]

    modes:
      evil [--candidates N] [--length N] [--iterations N] [--letter C] [--seed N]
          time one evil-mode guess over N synthetic candidates (default 100000 words of
          length 8, 50 iterations, letter e): median and p99
      wordlist [PATH] [--iterations N]
          time loading a word list (default Config/words.plist): read, then parse
      hold N [--hold-seconds S] [--stay yes|no]
          open N connections, log each in (JSON) and send it to the lobby (or --stay yes in
          quick play), hold them S seconds (default 5): connect rate, server RSS and CPU
      chat [--rooms R] [--players P] [--senders K] [--rate L] [--seconds S] [--drain-seconds S]
           [--stop-rss-mb M]
          R rooms (0 = the lobby, default) x P players (200), K of each (5) sending L lines/s
          each (200; 0 = full speed) for S seconds (10): delivered lines/s, latency p50/p99/max,
          lost lines, server CPU per delivered line and peak RSS; sending stops early if the
          server passes M MB (2048)
      play [--rooms R] [--players P] [--seconds S] [--think-ms N]
          R rooms (500) x P bots (4) playing whole games as fast as turns allow for S seconds
          (30): guesses/s, games/s, merges/s, guess->state p50/p99; with --think-ms each bot
          waits N ms (±20 %) before each guess (a rated load instead of full speed)
      floor [--port P] [--guesses N] [--pad B] [--driver epoll|dispatch|epollset]
          not a benchmark but its yardstick: a one-thread epoll server that does only the I/O
          of a guess (one read, one write of guess + state to each player of the room) for
          `play` to drive; BENCHMARKS.md gives the server's cost per guess as a ratio to it
      merges --db PATH|postgresql://URL [--stores N] [--games N] [--players P] [--in-flight K]
             [--samples S] [--seats N] [--end-reads 0|1] [--rate G] [--commit-interval-ms M]
          N stores (2, as N servers) on one database merge G finished games (20000) of 3 (--seats)
          of P players (10000), K awaiting their merge per store (256): merges/s in all, CPU per
          game, commits; with --end-reads 1 each saved game is followed by a room's end-of-game
          reads (month standings, high scores); --rate G: games arrive at G/s (0 = at once);
          --commit-interval-ms: the stores' merge-commit-interval-ms (0);
          then S (1000) `top 10` and `stats` calls: p50/p99
      rating [--players N] [--teams T] [--league L] [--batch B] [--samples S] [--seed N]
          the CPU one game's rating costs (issue 32: under 10 µs): N players (8), solo or in T
          teams, drawn from a league of L (10000) rated players; S (200) samples of B (1000)
          games on the thread's CPU clock: µs a game, median and p99
      help
          this message

    load options (hold, chat, play):
      --host H          loopback only: 127.0.0.1 (default) or ::1
      --port P          the server's port (default 4000)
      --pid PID         the server's process id: RSS and CPU from /proc
      --raw yes         no login prelude: drive any line server (chat lines sent as they are)
      --prefix X        names are X<n> (default h, c or p)
      --connect-window N  connections being set up at once (256)
      --setup-seconds S   bound on connecting and logging in (120)

    Raise the server's limits for load runs (scripts/bench does): --max-connections,
    --max-per-address, --max-login-connections (the connect window logs in 256 at once),
    --commands-per-second/--command-burst, --chat-per-second/--chat-burst, --max-rooms, and
    --turn off for play.
          this message
    """

let arguments = Array(CommandLine.arguments.dropFirst())
do throws(BenchError) {
    switch arguments.first {
    case "evil":
        try EvilBench(arguments: Array(arguments.dropFirst())).run()
    case "wordlist":
        try WordListBench(arguments: Array(arguments.dropFirst())).run()
    case "hold":
        try HoldBench(arguments: Array(arguments.dropFirst())).run()
    case "chat":
        try ChatBench(arguments: Array(arguments.dropFirst())).run()
    case "play":
        try PlayBench(arguments: Array(arguments.dropFirst())).run()
    case "floor":
        try FloorServer(arguments: Array(arguments.dropFirst())).run()
    case "merges":
        try MergesBench(arguments: Array(arguments.dropFirst())).run()
    case "rating":
        try RatingBench(arguments: Array(arguments.dropFirst())).run()
    case "help", "-h", "--help":
        print(usage)
    default:
        throw BenchError.usage(arguments.first.map { "unknown mode '\($0)'" } ?? "no mode given")
    }
} catch .usage(let message) {
    FileHandle.standardError.write(Data("hangman-bench: \(message)\n\(usage)\n".utf8))
    exit(2)
} catch .failed(let message) {
    FileHandle.standardError.write(Data("hangman-bench: \(message)\n".utf8))
    exit(1)
}
