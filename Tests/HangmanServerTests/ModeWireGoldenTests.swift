import Foundation
import HangmanCore
import Testing

@testable import HangmanServer

/// The setter and race boards and events (`ModeWireSamples`) in JSON, text, colour, speech and 40
/// columns, byte for byte as the renderers wrote them before the modes' output moved into their
/// flows (`ModeView`): Tests/Golden/mode-wire.txt was written by the renderers of main at 88c9864.
@Suite struct ModeWireGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/mode-wire.txt")

    /// Every sample in every style, as `== name style` then its bytes.
    static func rendered() -> [String] {
        var entries: [String] = []
        for (name, event) in ModeWireSamples.events {
            for (style, bytes) in [
                ("json", JSONRenderer.render(event)),
                ("text", TextRenderer.render(event, color: false)),
                ("color", TextRenderer.render(event, color: true)),
                ("spoken", TextRenderer.render(event, color: false, layout: TextLayout.standard.speaking(true))),
                ("narrow", TextRenderer.render(event, color: false, layout: TextLayout(columns: 40, rows: 24))),
            ] {
                entries.append("== \(name) \(style)\n" + String(decoding: bytes, as: UTF8.self) + "\n")
            }
        }
        return entries
    }

    @Test func theModesOutputIsByteForByteAsBefore() throws {
        let before = try String(contentsOf: Self.golden, encoding: .utf8)
        let now = Self.rendered()
        #expect(now.count == 90)
        for entry in now {
            #expect(before.contains(entry), "changed: \(entry.prefix(200))")
        }
        #expect(now.joined() == before)
    }
}
