import Testing

@testable import HangmanNet

/// `TextSanitizer.visible`: what other players see keeps no invisible character (issue 36, item 2).
@Suite(.ownThread) struct VisibleTextTests {
    /// Every character the red team used, one at a time, inside a line.
    static let invisible: [UInt32] =
        Array(0x202A...0x202E) + Array(0x2066...0x2069) + [0x200E, 0x200F, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x061C]
        + [0x2028, 0x2029, 0xE0001, 0xE0020, 0xE0041, 0xE007F, 0x00AD]

    @Test(arguments: invisible) func isDropped(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(TextSanitizer.visible("ab\(Character(scalar))cd") == "abcd")
    }

    @Test func trojanSourceLineIsShownInItsStoredOrder() {
        // RLO … PDI reorders what a terminal shows: "admin" looks like it says something else.
        #expect(TextSanitizer.visible("hi \u{202E}\u{2066}nimda\u{2069}\u{2066} ok") == "hi nimda ok")
    }

    @Test func visibleTextIsKept() {
        for text in ["plain ascii", "é à ü ß", "日本語", "עברית ועוד", "😀 👍🏽", "tab\tin", "ümlaut\u{301}"] {
            #expect(TextSanitizer.visible(text) == text, "\(text)")
        }
        // A ZWJ emoji sequence shows as its parts.
        #expect(TextSanitizer.visible("👨\u{200D}👩") == "👨👩")
    }
}
