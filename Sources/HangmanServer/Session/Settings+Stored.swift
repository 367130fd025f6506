import HangmanCore

extension Settings {
    /// A player's saved settings over `base`; keys that no longer fit (the word list changed, say) are skipped.
    init(stored values: [String: String], words: WordList, base: Settings) {
        self = base
        for key in Settings.keys {
            guard let value = values[key] else { continue }
            var trial = self
            if (try? trial.set(key, value, words: words)) != nil { self = trial }
        }
    }
}
