/// The hangman picture, as ASCII art.
///
/// The full picture is drawn in 26 steps — ground, stand, post (two steps), beam, brace, rope
/// (two steps), head (two halves), neck, body (two steps), each arm in three steps (shoulder,
/// upper, lower), each leg in three (upper, lower, foot), and last the dead face `x_x`. With
/// `maxMisses` = m, miss k shows step ⌈26·k/m⌉: every miss adds at least one step, miss 0 is the empty
/// picture and miss m the whole one. Every picture is 11 lines of at most 16 columns, trailing
/// blanks trimmed.
///
/// ```
///   +---------+
///   |/        |
///   |         |
///   |       (x_x)
///   |        _|_
///   |       / | \
///   |      /  |  \
///   |        / \
///   |      _/   \_
///  /|\
/// /_|_\__________
/// ```
public enum Gallows {
    /// The number of drawing steps in the full picture.
    public static let steps = 26

    /// The finished picture.
    static let art: [String] = [
        #"  +---------+"#,
        #"  |/        |"#,
        #"  |         |"#,
        #"  |       (x_x)"#,
        #"  |        _|_"#,
        #"  |       / | \"#,
        #"  |      /  |  \"#,
        #"  |        / \"#,
        #"  |      _/   \_"#,
        #" /|\"#,
        #"/_|_\__________"#,
    ]

    /// For each character of `art`, the step (a = 1 … z = 26) that draws it; blank = never drawn.
    static let stepMap: [String] = [
        #"  deeeeeeeeeg"#,
        #"  df        g"#,
        #"  d         h"#,
        #"  c       izzzj"#,
        #"  c        nkq"#,
        #"  c       o l r"#,
        #"  c      p  m  s"#,
        #"  c        t w"#,
        #"  c      vu   xy"#,
        #" bcb"#,
        #"bbcbbaaaaaaaaaa"#,
    ]

    /// The picture for `misses` of `maxMisses` (clamped to 1...26 and 0...maxMisses): 11 lines,
    /// ≤ 80 columns; 0 is empty (blank lines), `maxMisses` is fully hanged.
    public static func lines(misses: Int, maxMisses: Int) -> [String] {
        let step = step(misses: misses, maxMisses: maxMisses)
        return zip(art, stepMap).map { artLine, mapLine in
            var line = ""
            for (character, marker) in zip(artLine, mapLine) {
                let drawn = marker.asciiValue.map { $0 >= UInt8(ascii: "a") && Int($0 - UInt8(ascii: "a")) < step } ?? false
                line.append(drawn ? character : " ")
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The drawing step shown after `misses` of `maxMisses`: ⌈26·misses/maxMisses⌉, clamped.
    public static func step(misses: Int, maxMisses: Int) -> Int {
        let maxMisses = min(max(maxMisses, 1), steps)
        let misses = min(max(misses, 0), maxMisses)
        return (steps * misses + maxMisses - 1) / maxMisses
    }
}
