import HangmanCore

/// `evil`: one evil guess over many synthetic candidates (random letters from a seeded source).
/// Each iteration builds a fresh round (not timed) and times `guess(letter:)` alone.
struct EvilBench {
    let candidates: Int
    let length: Int
    let iterations: Int
    let letter: Character
    let seed: UInt64

    init(arguments: [String]) throws(BenchError) {
        let options = try Options(arguments, names: ["candidates", "length", "iterations", "letter", "seed"])
        guard options.positional.isEmpty else { throw .usage("unexpected \(options.positional[0])") }
        candidates = try options.int("candidates", default: 100_000, in: 1...10_000_000)
        length = try options.int("length", default: 8, in: 1...WordList.maxWordLength)
        iterations = try options.int("iterations", default: 50, in: 1...100_000)
        seed = UInt64(try options.int("seed", default: 1, in: 0...Int.max))
        let letterText = options.values["letter"] ?? "e"
        guard letterText.count == 1, let letter = letterText.first, letter.isASCII, letter.isLowercase else {
            throw .usage("--letter must be one letter a-z")
        }
        self.letter = letter
    }

    func run() throws(BenchError) {
        var rng = SeededRandom(seed: seed)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        let words = (0..<candidates).map { _ in
            String((0..<length).map { _ in alphabet[Int(rng.next() % 26)] })
        }
        let clock = ContinuousClock()
        var samples: [Double] = []
        var kept = 0
        for _ in 0..<iterations {
            var round = Round(evilCandidates: words, maxMisses: 26)
            var outcome = LetterOutcome.invalid
            let elapsed = clock.measure { outcome = round.guess(letter: letter) }
            guard outcome != .invalid else { throw .failed("the guess was refused") }
            kept = round.candidatesLeft
            samples.append(Stats.milliseconds(elapsed))
        }
        print("evil guess '\(letter)' over \(candidates) candidates of length \(length), \(iterations) iterations")
        print("  kept \(kept) candidates")
        print(
            "  median \(Stats.format(Stats.quantile(samples, 0.5)))  p99 \(Stats.format(Stats.quantile(samples, 0.99)))  max \(Stats.format(samples.max() ?? 0))"
        )
    }
}
