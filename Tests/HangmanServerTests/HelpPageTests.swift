import Foundation
import HangmanTesting
import Testing

@testable import HangmanServer

/// `help 2` past the last page: at 80 x 24 the overview is one page, and the answer was "no help for
/// '2'", as if the README's `help 2` were a typo. It now says how many pages there are at this size.
@Suite(.ownThread) struct HelpPageTests {
    @Test func helpPastTheLastPageSaysHowManyPagesThereAre() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        _ = ann.takeText()
        table.type("help 2", on: ann)
        let text = ann.takeText()
        #expect(text.contains("help is one page at your window's size (80 x 24)"), "\(text)")
        #expect(!text.contains("no help for"))
        table.type("help nosuchtopic", on: ann)
        #expect(ann.takeText().contains("no help for 'nosuchtopic'"))
    }

    @Test func aSmallWindowIsToldItsPageCount() {
        let small = TextLayout(columns: 40, rows: 12)
        var pages = 0
        while Help.text(for: String(pages + 1), layout: small) != nil { pages += 1 }
        #expect(pages > 1)
        #expect(Help.missing(String(pages + 1), layout: small).contains("help has \(pages) pages"))
        #expect(Help.missing("0", layout: small).contains("help has \(pages) pages"))
    }
}
