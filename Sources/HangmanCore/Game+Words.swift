/// Drawing a game's words.
extension Game {
    /// One entry per round, drawn from `rng`. `settings` were validated, so some word fits.
    static func drawPlan(settings: Settings, words: WordList, rng: inout some RandomNumberGenerator)
        -> [RoundPlan]
    {
        let distinct = settings.difficulty.distinctLetters
        switch settings.mode {
        case .classic, .setter, .race:
            // The pool is addressed by index rather than copied: only the drawn words are touched.
            let poolCount = words.count(length: settings.length, distinctLetters: distinct)
            guard poolCount > 0 else { return [] }
            var used: Set<Int> = []
            var plan: [RoundPlan] = []
            for _ in 0..<settings.rounds {
                var index = Int.random(in: 0..<poolCount, using: &rng)
                // Different words while the pool has enough; a few redraws suffice in practice,
                // and a scan guarantees it otherwise.
                if used.count < poolCount && used.contains(index) {
                    index = (0..<poolCount).lazy.map { (index + $0) % poolCount }.first { !used.contains($0) } ?? index
                }
                used.insert(index)
                guard let word = words.word(at: index, length: settings.length, distinctLetters: distinct) else { return [] }
                plan.append(.word(word))
            }
            return plan
        case .evil:
            let lengths: [(length: Int, weight: Int)] =
                if let length = settings.length {
                    [(length, 1)]
                } else {
                    words.lengths.map { ($0, words.count(length: $0, distinctLetters: distinct)) }.filter { $0.1 > 0 }
                }
            let total = lengths.reduce(0) { $0 + $1.weight }
            guard total > 0 else { return [] }
            return (0..<settings.rounds).map { _ in
                var ticket = Int.random(in: 0..<total, using: &rng)
                for entry in lengths {
                    if ticket < entry.weight { return .evil(length: entry.length) }
                    ticket -= entry.weight
                }
                return .evil(length: lengths[lengths.count - 1].length)
            }
        }
    }

    /// The round a plan entry plays, with the misses in force. An evil round leaves out the words
    /// `played` (the game's earlier rounds ended on them) while another word of its length is left:
    /// the same guesses would lead the same family to the same word again.
    static func makeRound(_ plan: RoundPlan, settings: Settings, words: WordList, played: [String] = []) -> Round {
        switch plan {
        case .word(let word):
            return Round(word: word, maxMisses: settings.effectiveMisses, alphabet: words.alphabet)
        case .evil(let length):
            let all = words.words(length: length, distinctLetters: settings.difficulty.distinctLetters)
            let seen = Set(played)
            let fresh = seen.isEmpty ? all : all.filter { !seen.contains($0) }
            return Round(
                evilCandidates: fresh.isEmpty ? all : fresh, maxMisses: settings.effectiveMisses, alphabet: words.alphabet)
        }
    }
}
