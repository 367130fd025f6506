import Foundation
import HangmanCore

/// `wordlist`: reading and parsing a word list file, as the server does at start.
struct WordListBench {
    let path: String
    let iterations: Int

    init(arguments: [String]) throws(BenchError) {
        let options = try Options(arguments, names: ["iterations"])
        guard options.positional.count <= 1 else { throw .usage("unexpected \(options.positional[1])") }
        path = options.positional.first ?? "Config/words.plist"
        iterations = try options.int("iterations", default: 10, in: 1...10_000)
    }

    func run() throws(BenchError) {
        let clock = ContinuousClock()
        var reads: [Double] = []
        var parses: [Double] = []
        var report = WordListReport(accepted: 0, invalid: 0, duplicates: 0)
        var longest = 0
        for _ in 0..<iterations {
            var bytes: [UInt8] = []
            let read = clock.measure {
                bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
            }
            guard !bytes.isEmpty else { throw .failed("cannot read \(path) (or it is empty)") }
            let parse = clock.measure {
                let result = WordList.parse(bytes)
                report = result.report
                longest = result.list.longest
            }
            reads.append(Stats.milliseconds(read))
            parses.append(Stats.milliseconds(parse))
        }
        let totals = zip(reads, parses).map { $0 + $1 }
        print("word list \(path), \(iterations) iterations")
        print("  \(report.accepted) words (longest \(longest)), \(report.invalid) invalid, \(report.duplicates) duplicates")
        print("  read   median \(Stats.format(Stats.quantile(reads, 0.5)))")
        print("  parse  median \(Stats.format(Stats.quantile(parses, 0.5)))  max \(Stats.format(parses.max() ?? 0))")
        print("  total  median \(Stats.format(Stats.quantile(totals, 0.5)))")
    }
}
