/// Drawing a game's words.
extension Game {
    /// What each round plays under `settings`, by the mode's rules (`ModeRules.drawPlan`).
    static func drawPlan(settings: Settings, words: WordList, rng: inout some RandomNumberGenerator) -> [RoundPlan] {
        settings.mode.rules.drawPlan(settings: settings, words: words, rng: &rng)
    }

    /// A word per round fitting the length (nil = any) and difficulty, all different while the
    /// list allows, drawn from `rng`. `settings` were validated, so some word fits.
    static func drawWords(settings: Settings, words: WordList, rng: inout some RandomNumberGenerator) -> [RoundPlan] {
        let distinct = settings.difficulty.distinctLetters
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
