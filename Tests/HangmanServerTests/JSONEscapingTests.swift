import Foundation
import Testing

@testable import HangmanServer

/// JSON strings as the renderer writes them: quotes, backslashes and control characters escaped,
/// everything else (non-ASCII included) as UTF-8, and every line a JSON object that decodes back to
/// the text it was given.
@Suite(.ownThread) struct JSONEscapingTests {
    static func line(_ text: String) -> String {
        String(decoding: Renderer.render(.chat(room: "home", from: "Ann", text: text), style: .json), as: UTF8.self)
    }

    @Test func quotesAndBackslashesAreEscaped() {
        #expect(Self.line(#"say "hi" \o/"#) == #"{"type":"chat","room":"home","from":"Ann","text":"say \"hi\" \\o/"}"# + "\n")
    }

    @Test func controlCharactersAreEscaped() {
        #expect(Self.line("a\nb\rc\td") == #"{"type":"chat","room":"home","from":"Ann","text":"a\nb\rc\td"}"# + "\n")
        #expect(
            Self.line("\u{00}\u{01}\u{1B}\u{1F}\u{7F}")
                == #"{"type":"chat","room":"home","from":"Ann","text":"\u0000\u0001\u001b\u001f\u007f"}"# + "\n")
    }

    @Test func nonASCIIIsWrittenAsUTF8() {
        let line = Self.line("é ☃ 😀 \u{2028}")
        #expect(line == "{\"type\":\"chat\",\"room\":\"home\",\"from\":\"Ann\",\"text\":\"é ☃ 😀 \u{2028}\"}\n")
        #expect(Array(line.utf8).contains(0xF0), "the emoji as its four UTF-8 bytes, not a \\u escape")
    }

    @Test(arguments: [
        #"""#, #"\"#, "\u{00}", "\u{1F}", "\u{7F}", "tab\there", "line\nbreak", "é☃😀", #"\u0041"#, "</script>",
        "mixed \"\\\u{08}\u{0C}☃",
    ])
    func everyStringDecodesBackToItself(text: String) throws {
        let line = Self.line(text)
        #expect(line.hasSuffix("}\n") && line.filter { $0 == "\n" }.count == 1, "one line: \(line.debugDescription)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["text"] as? String == text)
    }

    @Test func keysAndNestedValuesAreEscapedToo() throws {
        let bytes = Renderer.render(
            .who(room: "r\"1", players: [], spectators: ["a\\b"], lobby: ["\u{01}"], host: nil), style: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["room"] as? String == "r\"1")
        #expect(object["spectators"] as? [String] == ["a\\b"])
        #expect(object["lobby"] as? [String] == ["\u{01}"])
        #expect(object["host"] is NSNull)
    }

    /// Numbers are written digit by digit into the buffer (no `String` per field): every edge decodes back.
    @Test func numbersBooleansAndNullAreWrittenExactly() throws {
        var w = JSONWriter(type: "t")
        let values: [Int64] = [0, 7, -7, 10, -10, 1_000_000, .max, .min]
        for (index, value) in values.enumerated() { w.field("n\(index)", value) }
        w.field("i", Int?.some(-42))
        w.field("none", Int?.none)
        w.field("text", String?.none)
        w.field("yes", true)
        w.field("no", false)
        let line = String(decoding: w.finish(), as: UTF8.self)
        #expect(line.hasPrefix(#"{"type":"t","n0":0,"n1":7,"n2":-7,"n3":10,"n4":-10,"n5":1000000,"#))
        #expect(line.hasSuffix(#""i":-42,"none":null,"text":null,"yes":true,"no":false}"# + "\n"))
        #expect(line.contains(#""n6":9223372036854775807,"n7":-9223372036854775808,"#))
    }

    /// Letters are written without a `String` each; the odd one that needs escaping still is.
    @Test func lettersAreWrittenAsOneCharacterStrings() throws {
        var w = JSONWriter(type: "t")
        w.beginArray("letters")
        for letter: Character in ["a", "ä", "ß", "é", "\"", "\\", "\u{01}"] { w.element(letter) }
        w.endArray()
        let bytes = w.finish()
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"type":"t","letters":["a","ä","ß","é","\"","\\","\u0001"]}"# + "\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["letters"] as? [String] == ["a", "ä", "ß", "é", "\"", "\\", "\u{01}"])
    }

    /// Commas at every level of nesting (the writer keeps one bit per level, not a stack array).
    @Test func nestedArraysAndObjectsGetTheirCommas() throws {
        var w = JSONWriter(type: "t")
        w.beginArray("rows")
        for row in 0..<3 {
            w.beginNestedObject()
            w.field("n", row)
            w.beginArray("cells")
            for cell in 0..<row { w.element("c\(cell)") }
            w.endArray()
            w.beginNestedObject("inner")
            w.field("ok", true)
            w.endObject()
            w.endObject()
        }
        w.endArray()
        w.field("after", 1)
        let line = String(decoding: w.finish(), as: UTF8.self)
        #expect(
            line == #"{"type":"t","rows":[{"n":0,"cells":[],"inner":{"ok":true}},{"n":1,"cells":["c0"],"inner":{"ok":true}},"#
                + #"{"n":2,"cells":["c0","c1"],"inner":{"ok":true}}],"after":1}"# + "\n")
    }
}
