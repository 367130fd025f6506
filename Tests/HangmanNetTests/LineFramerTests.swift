import Testing

@testable import HangmanNet

private func lines(_ strings: String...) -> [InputEvent] { strings.map { .line($0) } }

private func feed(_ framer: inout LineFramer, _ pieces: [[UInt8]]) -> [InputEvent] {
    pieces.flatMap { framer.feed($0) }
}

@Suite(.ownThread) struct LineFramerTests {
    @Test(arguments: [
        ("LF", "a\nb\n"), ("CRLF", "a\r\nb\r\n"), ("CR NUL", "a\r\0b\r\0"), ("lone CR", "a\rb\r"),
        ("mixed", "a\r\nb\n"),
    ])
    func lineEndings(_ name: String, _ text: String) {
        let input = Array(text.utf8)
        var whole = LineFramer()
        #expect(whole.feed(input) == lines("a", "b"), "\(name)")
        for cut in 0...input.count {
            var framer = LineFramer()
            #expect(feed(&framer, [Array(input[..<cut]), Array(input[cut...])]) == lines("a", "b"), "\(name) cut \(cut)")
        }
    }

    @Test func crAtEndOfOneReadAndLFAtStartOfNext() {
        var framer = LineFramer()
        #expect(framer.feed(Array("x\r".utf8)) == lines("x"))
        #expect(framer.feed(Array("\ny\n".utf8)) == lines("y"))
        #expect(framer.sawCRLF)
        var nul = LineFramer()
        #expect(feed(&nul, [Array("x\r".utf8), [0], Array("y\r".utf8)]) == lines("x", "y"))
        #expect(nul.sawCRNUL)
    }

    @Test func emptyLinesAreDelivered() {
        var framer = LineFramer()
        #expect(framer.feed(Array("\n\r\n\r\r\n".utf8)) == lines("", "", "", ""))
    }

    @Test func loneCRThenText() {
        var framer = LineFramer()
        #expect(framer.feed(Array("a\rb\rc\n".utf8)) == lines("a", "b", "c"))
    }

    @Test func lineAtTheLimitPassesOneMoreByteDoesNot() {
        var framer = LineFramer(maxLineBytes: 8)
        #expect(framer.feed(Array("12345678\n".utf8)) == lines("12345678"))
        #expect(framer.feed(Array("123456789\nok\n".utf8)) == [.lineTooLong, .line("ok")])
    }

    @Test func oneMebibyteLineGivesOneLineTooLongAndTheNextLineWorks() {
        var framer = LineFramer(maxLineBytes: 512)
        var events: [InputEvent] = []
        let chunk = [UInt8](repeating: 0x61, count: 4096)
        for _ in 0..<256 { events += framer.feed(chunk) }
        #expect(events == [.lineTooLong])
        #expect(framer.pendingBytes == 0)  // nothing kept while discarding
        events += framer.feed(Array("\r\nnext\r\n".utf8))
        #expect(events == [.lineTooLong, .line("next")])
    }

    @Test(arguments: [
        ("BS", "ab\u{8}c\n", "ac"), ("DEL", "ab\u{7F}c\n", "ac"), ("two", "abc\u{8}\u{7F}d\n", "ad"),
        ("at start", "\u{8}\u{7F}x\n", "x"), ("past start", "a\u{8}\u{8}\u{8}b\n", "b"),
        ("everything", "ab\u{7F}\u{7F}\n", ""), ("two-byte é", "caf\u{E9}\u{7F}e\n", "cafe"),
        ("three-byte €", "5\u{20AC}\u{8}$\n", "5$"), ("four-byte emoji", "hi\u{1F600}\u{7F}!\n", "hi!"),
        ("scalar then ASCII", "\u{E9}a\u{8}\u{8}b\n", "b"), ("next line untouched", "a\n\u{8}b\n", "a|b"),
    ])
    func backspaceAndDeleteEraseOneScalar(_ name: String, _ text: String, _ expected: String) {
        let input = Array(text.utf8)
        let want = expected.split(separator: "|", omittingEmptySubsequences: false).map { InputEvent.line(String($0)) }
        var whole = LineFramer()
        #expect(whole.feed(input) == want, "\(name)")
        // Every split into two reads, and one byte a read (a client in character mode).
        for cut in 0...input.count {
            var framer = LineFramer()
            #expect(feed(&framer, [Array(input[..<cut]), Array(input[cut...])]) == want, "\(name) cut \(cut)")
        }
        var single = LineFramer()
        #expect(feed(&single, input.map { [$0] }) == want, "\(name) byte by byte")
    }

    @Test func eraseLeavesStrayContinuationBytesNoWorse() {
        var framer = LineFramer()
        // "a" then two stray continuation bytes: one erase removes the strays, not the "a".
        #expect(framer.feed([0x61, 0x80, 0x80, 0x08, 0x0A]) == lines("a"))
        // A lead byte whose scalar was cut short goes with one erase.
        #expect(framer.feed([0x61, 0xE2, 0x82, 0x7F, 0x0A]) == lines("a"))
    }

    @Test func erasingKeepsALineUnderTheLimit() {
        var framer = LineFramer(maxLineBytes: 4)
        #expect(framer.feed(Array("abcd\u{8}\u{8}ef\n".utf8)) == lines("abef"))
        // Once past the limit the line is gone: erasing does not bring it back.
        #expect(framer.feed(Array("abcde\u{8}\u{8}\nok\n".utf8)) == [.lineTooLong, .line("ok")])
    }

    @Test func sanitisesEachLine() {
        var framer = LineFramer()
        let input: [UInt8] = [0x61, 0xFF, 0x62, 0x00, 0x63, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x64, 0x0A]
        #expect(framer.feed(input) == lines("abcd"))
    }
}

@Suite(.ownThread) struct TextSanitizerTests {
    @Test(
        arguments: [
            ("plain", Array("hello world".utf8), "hello world"),
            ("tab kept", Array("a\tb".utf8), "a\tb"),
            ("NUL and BEL", [0x61, 0x00, 0x07, 0x62], "ab"),
            ("DEL", [0x61, 0x7F, 0x62], "ab"),
            ("backspace", [0x61, 0x08, 0x62], "ab"),
            ("CSI colour", Array("\u{1B}[31mred\u{1B}[0m".utf8), "red"),
            ("CSI with params", Array("x\u{1B}[1;2;3Hy".utf8), "xy"),
            ("CSI private", Array("x\u{1B}[?25ly".utf8), "xy"),
            ("arrow key", Array("\u{1B}[Aup".utf8), "up"),
            ("OSC BEL", Array("\u{1B}]0;title\u{07}text".utf8), "text"),
            ("OSC ST", Array("\u{1B}]8;;http://x\u{1B}\\link".utf8), "link"),
            ("DCS", Array("\u{1B}Pq#0\u{1B}\\after".utf8), "after"),
            ("two-byte ESC", Array("a\u{1B}7b\u{1B}cc".utf8), "abc"),
            ("charset ESC ( B", Array("a\u{1B}(Bb".utf8), "ab"),
            ("lone ESC at end", Array("abc\u{1B}".utf8), "abc"),
            ("C1 control", Array("a\u{85}b\u{8D}c\u{80}".utf8), "abc"),
            ("C1 APC string", Array("a\u{9F}junk\u{9C}b".utf8), "ab"),
            ("C1 CSI", Array("a\u{9B}31mb".utf8), "ab"),
            ("C1 OSC", Array("a\u{9D}0;t\u{9C}b".utf8), "ab"),
            ("invalid byte", [0x61, 0xFF, 0x62], "ab"),
            ("lone continuation", [0x61, 0x80, 0x62], "ab"),
            ("truncated sequence", [0x61, 0xE2, 0x82, 0x62], "ab"),
            ("overlong slash", [0x61, 0xC0, 0xAF, 0x62], "ab"),
            ("overlong 3-byte", [0x61, 0xE0, 0x80, 0xAF, 0x62], "ab"),
            ("surrogate", [0x61, 0xED, 0xA0, 0x80, 0x62], "ab"),
            ("past U+10FFFF", [0x61, 0xF4, 0x90, 0x80, 0x80, 0x62], "ab"),
            ("UTF-8 kept", Array("héllo wörld € 😀".utf8), "héllo wörld € 😀"),
            ("NBSP kept", Array("a\u{A0}b".utf8), "a\u{A0}b"),
        ] as [(String, [UInt8], String)])
    func sanitize(_ name: String, _ input: [UInt8], _ expected: String) {
        #expect(TextSanitizer.sanitize(input) == expected, "\(name)")
    }
}
