/// The base letter of an accented Latin letter (`é` → `e`), for folding guesses. HangmanCore
/// imports no Foundation, so the table is written out: the lower-case letters of Latin-1 and
/// Latin Extended-A whose Unicode canonical decomposition is a base letter a–z and marks (a core
/// test checks the table against Foundation's decomposition). Letters that decompose to no base
/// letter keep none: `ß`, `æ`, `œ`, `ø`, `đ`, `ł`, `ı`.
public enum LetterFolding {
    private static let groups: [(base: Character, accented: String)] = [
        ("a", "àáâãäåāăą"), ("c", "çćĉċč"), ("d", "ď"), ("e", "èéêëēĕėęě"), ("g", "ĝğġģ"), ("h", "ĥ"),
        ("i", "ìíîïĩīĭį"), ("j", "ĵ"), ("k", "ķ"), ("l", "ĺļľ"), ("n", "ñńņň"), ("o", "òóôõöōŏő"),
        ("r", "ŕŗř"), ("s", "śŝşš"), ("t", "ţť"), ("u", "ùúûüũūŭůűų"), ("w", "ŵ"), ("y", "ýÿŷ"),
        ("z", "źżž"),
    ]

    private static let table: [Character: Character] = {
        var table: [Character: Character] = [:]
        for (base, accented) in groups {
            for letter in accented { table[letter] = base }
        }
        return table
    }()

    /// The base letter of `letter` (lower-case), or nil when it has none (a–z, ß, …).
    public static func base(of letter: Character) -> Character? {
        table[letter]
    }

    /// Every letter the table folds (for tests).
    public static var folded: [Character] { Array(table.keys) }
}
