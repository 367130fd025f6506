/// Points, in whole numbers.
///
/// - A letter hit earns 10 points per occurrence revealed.
/// - Completing the word (with its last letter or by guessing the whole word) earns a solve bonus of
///   50 + 10 per miss left, to the player who completed it. A whole-word solve also earns the
///   letter points for the positions it revealed.
/// - Both are scaled by the difficulty's `scorePercent` (noob 50 % … deity 300 %, custom 100 %) and
///   the mode's (evil 150 %), then rounded down: `base × difficulty% × mode% / 10 000`.
/// - A miss, a wrong word and a letter guessed again earn nothing.
///
/// Worked examples (tested in ScoringTests):
/// - custom classic, `e` shows 2 letters: 2 × 10 = **20**; solving with 3 misses left: 50 + 30 = **80**.
/// - deity evil (300 % × 150 % = 450 %), 1 letter: 10 × 4.5 = **45**; solve with 2 left: 70 × 4.5 = **315**.
/// - very-easy classic (75 %), 3 letters: 30 × 0.75 = 22.5 → **22**; very-easy evil (112.5 %), 1 letter: 11.25 → **11**.
/// - noob classic (50 %), solve with 10 misses left: 150 × 0.5 = **75**.
public enum Scoring {
    /// Points per revealed occurrence, before multipliers.
    public static let pointsPerLetter = 10
    /// Solve bonus before multipliers, plus `bonusPerMissLeft` per miss left.
    public static let solveBase = 50
    /// Solve bonus per miss left, before multipliers.
    public static let bonusPerMissLeft = 10

    /// Points for a hit revealing `count` occurrences.
    public static func pointsForHit(count: Int, settings: Settings) -> Int {
        scaled(max(count, 0) * pointsPerLetter, settings: settings)
    }

    /// The bonus for completing the word with `missesLeft` misses to spare.
    public static func solveBonus(missesLeft: Int, settings: Settings) -> Int {
        scaled(solveBase + bonusPerMissLeft * max(missesLeft, 0), settings: settings)
    }

    /// `points` × difficulty % × mode %, rounded down.
    static func scaled(_ points: Int, settings: Settings) -> Int {
        points * settings.difficulty.scorePercent * settings.mode.scorePercent / 10_000
    }
}
