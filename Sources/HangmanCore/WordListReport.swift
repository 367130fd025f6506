/// What `WordList.parse` made of its input.
public struct WordListReport: Sendable, Equatable {
    /// Words kept (after lower-casing and removing duplicates).
    public var accepted: Int
    /// Entries rejected: empty after trimming, a character outside a–z, longer than
    /// `WordList.maxWordLength`, or (plist) an element of the root array that is not a `<string>`.
    public var invalid: Int
    /// Valid entries dropped because the same word (ignoring case) came earlier.
    public var duplicates: Int

    /// Creates a report from its three counts.
    public init(accepted: Int, invalid: Int, duplicates: Int) {
        self.accepted = accepted
        self.invalid = invalid
        self.duplicates = duplicates
    }
}
