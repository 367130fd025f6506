import Foundation
import Testing

/// A table generated into a document between two markers (docs/PROTOCOL.md's command table and its
/// settings table): the section as the document has it, or, when it differs and `UPDATE_DOCS=1` is
/// set, the document rewritten with the generated one (nil: nothing left to compare).
enum GeneratedDocSection {
    static func current(
        in url: URL, begin: String, end: String, expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String? {
        let document = try String(contentsOf: url, encoding: .utf8)
        let first = try #require(
            document.range(of: begin), "no begin marker in \(url.lastPathComponent)", sourceLocation: sourceLocation)
        let last = try #require(
            document.range(of: end), "no end marker in \(url.lastPathComponent)", sourceLocation: sourceLocation)
        let current = String(document[first.lowerBound..<last.upperBound])
        if current != expected, ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            try document.replacingCharacters(in: first.lowerBound..<last.upperBound, with: expected)
                .write(to: url, atomically: true, encoding: .utf8)
            return nil
        }
        return current
    }
}
