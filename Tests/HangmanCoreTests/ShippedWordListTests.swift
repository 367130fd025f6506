import Foundation
import Testing

@testable import HangmanCore

/// Checks the committed Config/words.plist: big enough, clean, and every difficulty well stocked.
@Suite struct ShippedWordListTests {
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Config/words.plist").path

    @Test func shippedListIsLargeAndClean() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.path))
        let (list, report) = WordList.parse([UInt8](data))
        #expect(report.accepted >= 50_000)
        #expect(report.invalid == 0 && report.duplicates == 0)
        for level in Difficulty.allCases {
            #expect(list.count(length: nil, distinctLetters: level.distinctLetters) >= 1_000, "\(level)")
        }
    }
}
