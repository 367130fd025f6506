import Foundation
import Testing

@testable import HangmanServer

/// The writer's own buffer: strings are checked for escapes eight bytes at a time, and the buffer
/// grows past its first size. Both must give exactly what a byte-by-byte writer gives.
@Suite(.ownThread) struct JSONWriterBufferTests {
    /// A JSON string as a plain byte-by-byte escaper writes it (the reference).
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case UInt8(ascii: "\n"): out += Array(#"\n"#.utf8)
            case UInt8(ascii: "\r"): out += Array(#"\r"#.utf8)
            case UInt8(ascii: "\t"): out += Array(#"\t"#.utf8)
            case 0..<0x20, 0x7F: out += Array(String(format: "\\u%04x", Int(byte)).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    static func line(_ value: String) -> [UInt8] {
        var w = JSONWriter(type: "t")
        w.field("v", value)
        return w.finish()
    }

    /// Every ASCII byte at every position of strings one to seventeen bytes long (both the 8-byte
    /// words and the tail), next to plain letters and next to non-ASCII letters.
    @Test func everyByteAtEveryPositionIsEscapedAsByteByByte() {
        var mismatches: [String] = []
        for length in 1...17 {
            for position in 0..<length {
                for byte in UInt8(0)..<0x80 {
                    for filler in ["a", "é"] {
                        var bytes = Array(String(repeating: filler, count: length - 1).utf8)
                        bytes.insert(byte, at: position * filler.utf8.count)
                        let value = String(decoding: bytes, as: UTF8.self)
                        let expected = Array(#"{"type":"t","v":"#.utf8) + Self.escaped(Array(value.utf8)) + Array("}\n".utf8)
                        if Self.line(value) != expected { mismatches.append("\(length)/\(position)/\(byte)/\(filler)") }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// A line far past the writer's first buffer (long strings, many fields) comes out whole.
    @Test func aLongLineGrowsTheBufferAndKeepsEveryByte() throws {
        let long = String(repeating: "abcdefgh", count: 700) + "\"\n"
        var w = JSONWriter(type: "t")
        w.field("long", long)
        w.beginArray("n")
        for number in 0..<1_000 { w.element("\(number)") }
        w.endArray()
        w.field("after", Int64.min)
        let bytes = w.finish()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["long"] as? String == long)
        #expect((object["n"] as? [String])?.count == 1_000 && (object["n"] as? [String])?.last == "999")
        #expect(String(decoding: bytes.suffix(32), as: UTF8.self).hasSuffix(#""after":-9223372036854775808}"# + "\n"))
    }
    /// Literal keys of every length from 1 to 20 bytes (a one-character literal, the short copies in
    /// words and a run past them), small and large numbers, and literals, with the commas between.
    @Test func keysOfEveryShortLengthAndNumbersAtTheirEdgesAreWrittenWhole() {
        let keys: [JSONKey] = [
            "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghij", "abcdefghijk",
            "abcdefghijkl", "abcdefghijklm", "abcdefghijklmn", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq",
            "abcdefghijklmnopqr", "abcdefghijklmnopqrs", "abcdefghijklmnopqrst",
        ]
        var w = JSONWriter(type: "t")
        for (index, key) in keys.enumerated() { w.field(key, index % 3 == 0 ? nil : Int64(index * 5 - 11)) }
        w.field("edges", true)
        w.beginArray("n")
        w.endArray()
        w.beginNestedObject("o")
        w.field("min", Int64.min)
        w.field("ten", 10)
        w.field("nine", 9)
        w.field("zero", 0)
        w.field("minus", -1)
        w.endObject()
        w.field("last", false)
        var expected = #"{"type":"t""#
        let names = "abcdefghijklmnopqrstu"
        for index in 0..<keys.count {
            let name = names.prefix(index + 1)
            expected += #","\#(name)":"# + (index % 3 == 0 ? "null" : "\(index * 5 - 11)")
        }
        expected += #","edges":true,"n":[],"o":{"min":-9223372036854775808,"ten":10,"nine":9,"zero":0,"minus":-1},"last":false}"#
        #expect(String(decoding: w.finish(), as: UTF8.self) == expected + "\n")
    }

    /// A float field written when the buffer is nearly full grows the buffer first. It did not:
    /// `field(_:_: Double)` put its digits without reserving room, which a one-line writer never
    /// reached, but a batch's writer (a game's end with a `rating_change` after the shared lines)
    /// did, and wrote past its 1,024 bytes: the heap corruption that crashed the release server
    /// under `hangman-bench play` (AddressSanitizer: heap-buffer-overflow in `JSONWriter.put`).
    @Test func aFloatNearTheBufferEndGrowsItFirst() {
        for pad in 960...1_030 {
            var w = JSONWriter(type: "t")
            // The key, quotes and colon around the padding: `,"p":"` and `"`.
            w.field("p", String(repeating: "x", count: max(0, pad - w.bytesWritten - 7)))
            w.field("rating", 1234.5678901234567)
            #expect(w.bytesWritten <= w.bytesHeld, "written \(w.bytesWritten) of \(w.bytesHeld) at pad \(pad)")
            let line = String(decoding: w.finish(), as: UTF8.self)
            #expect(line.hasSuffix(#","rating":1234.5678901234567}"# + "\n"))
        }
    }
}
