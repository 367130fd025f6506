import Foundation
import HangmanServer
import HangmanTesting
import Testing

/// Chat in scripts whose characters take two columns (CJK, emoji) still fits an 80-column
/// terminal: the server counts them as two when it wraps.
@Suite(.ownThread) struct WideTextTests {
    /// Columns a terminal gives `line` (wide CJK and emoji: two; combining marks: none).
    static func columns(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x300...0x36F, 0x200D, 0xFE0F: width
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x1F300...0x1FAFF:
                width + 2
            default: width + 1
            }
        }
    }

    @Test func wideChatWrapsWithinTheWindow() {
        let table = TestTable(words: ["ab"])
        let ann = table.player("Ann", json: false)
        let bob = table.player("bob", json: false)
        table.seat(ann, bob, in: "home")
        _ = bob.takeText()
        let han = String(repeating: "漢字", count: 30)
        let smiles = String(repeating: "😀", count: 50)
        table.type("say \(han)", on: ann)
        table.type("say \(smiles)", on: ann)
        table.type("say 한국어 " + String(repeating: "ｗｉｄｅ", count: 12), on: ann)
        let lines = bob.takeText().components(separatedBy: "\r\n")
        #expect(lines.contains { $0.contains("漢字") } && lines.contains { $0.contains("😀") })
        for line in lines {
            #expect(Self.columns(line) <= 80, "\(Self.columns(line)) columns: \(line)")
        }
        // Nothing lost in the wrapping.
        let joined = lines.joined()
        #expect(joined.filter { $0 == "漢" }.count == 30 && joined.filter { $0 == "😀" }.count == 50)
    }
}
