// hangman-bench: micro-benchmarks for the rules and (later) a load generator for the server.
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
      help
          this message
    """

let arguments = Array(CommandLine.arguments.dropFirst())
do throws(BenchError) {
    switch arguments.first {
    case "evil":
        try EvilBench(arguments: Array(arguments.dropFirst())).run()
    case "wordlist":
        try WordListBench(arguments: Array(arguments.dropFirst())).run()
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
