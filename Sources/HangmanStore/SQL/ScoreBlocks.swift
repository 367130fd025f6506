/// The two levels of the store's score histograms (`score_counts`/`score_blocks` for the all-time board,
/// `month_counts` for the monthly ones): single scores, and blocks of `size` scores, so that a rank is a
/// sum over the blocks above a player's and the scores above theirs within it.
enum ScoreBlocks {
    /// Scores per block of the histograms' upper level.
    static let size = 1024

    /// The block of a score (floor division, as `sql(_:)` computes it).
    static func block(of score: Int) -> Int {
        score >= 0 ? score / size : -((-score + size - 1) / size)
    }

    /// `block(of:)` of a score column in SQL: floor division by `size` (SQL's `/` and `%` truncate).
    static func sql(_ column: String) -> String {
        "((\(column) - ((\(column) % \(size)) + \(size)) % \(size)) / \(size))"
    }
}
