import Testing

@testable import HangmanStore

/// `HangmanStoreKey.precedes` is byte order over UTF-8, the order the engines write players in.
@Suite(.ownThread) struct KeyOrderTests {
    @Test func keysSortInByteOrder() {
        let keys = ["", "a", "ab", "abc", "b", "zz", "z", "é", "e\u{301}", "ä", "日本", "日", "a\u{0}", "~", "_x", "1"]
        for a in keys {
            for b in keys {
                #expect(HangmanStoreKey.precedes(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) < \(b)")
            }
        }
        // A string without contiguous UTF-8 (bridged or lazily built) takes the generic path.
        let sub = String(Substring("xab".dropFirst()))
        #expect(HangmanStoreKey.precedes(sub, "abc"))
        #expect(!HangmanStoreKey.precedes("abc", sub))
    }
}
