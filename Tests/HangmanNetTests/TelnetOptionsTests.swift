import Testing

@testable import HangmanNet

private let IAC: UInt8 = 255
private let DONT: UInt8 = 254
private let DO: UInt8 = 253
private let WONT: UInt8 = 252
private let WILL: UInt8 = 251
private let SB: UInt8 = 250
private let SE: UInt8 = 240
private let TTYPE: UInt8 = 24
private let EOR: UInt8 = 25
private let NAWS: UInt8 = 31
private let CHARSET: UInt8 = 42
private let MSSPOPT: UInt8 = 70
private let GMCP: UInt8 = 201

private func sb(_ option: UInt8, _ body: [UInt8]) -> [UInt8] { [IAC, SB, option] + body + [IAC, SE] }
private func sb(_ option: UInt8, _ first: UInt8, _ text: String) -> [UInt8] { sb(option, [first] + Array(text.utf8)) }

/// A filter whose client already sent its first IAC (a NOP), offers discarded.
private func telnetFilter(_ max: Int = 256) -> TelnetFilter {
    var filter = TelnetFilter(maxSubnegotiationBytes: max)
    _ = filter.process([IAC, 241])
    return filter
}

@Suite(.ownThread) struct TelnetOptionsTests {
    @Test func interruptAndBreakAreEventsAtTheirPlace() {
        var filter = TelnetFilter()
        let out = filter.process(Array("abc".utf8) + [IAC, 244] + Array("d".utf8) + [IAC, 243])
        #expect(out.data == Array("abcd".utf8))
        #expect(out.events.filter { $0 == .interrupt }.count == 2)
    }

    @Test func areYouThereIsAnsweredVisibly() {
        var filter = telnetFilter()
        #expect(filter.process([IAC, 246]).responses == Array("\r\n[yes]\r\n".utf8))
        #expect(filter.process([IAC, 246]).responses == Array("\r\n[yes]\r\n".utf8))
    }

    @Test func ctrlCThreeTimesLikeDebianTelnet() {
        // Debian's telnet sends IAC IP IAC DO TIMING-MARK per Ctrl-C and waits for the answer.
        var filter = TelnetFilter()
        for round in 0..<3 {
            let out = filter.process([IAC, 244, IAC, DO, 6])
            #expect(out.responses.suffix(3) == [IAC, WILL, 6], "round \(round)")
            #expect(out.events.contains(.interrupt))
        }
        #expect(filter.process(Array("who\r\n".utf8)).data == Array("who\r\n".utf8))
    }

    @Test func binaryBothWays() {
        var filter = telnetFilter()
        #expect(filter.process([IAC, WILL, 0]).responses.isEmpty)  // answers our DO BINARY
        #expect(filter.isEnabled(local: false, 0))
        #expect(filter.process([IAC, DO, 0]).responses == [IAC, WILL, 0])
        #expect(filter.isEnabled(local: true, 0))
    }

    @Test func nawsSetsTheWindowSize() {
        var filter = telnetFilter()
        // Before WILL NAWS the subnegotiation is ignored.
        _ = filter.process(sb(NAWS, [0, 40, 0, 20]))
        #expect(filter.terminal.width == 80 && !filter.terminal.windowSizeKnown)
        let out = filter.process([IAC, WILL, NAWS] + sb(NAWS, [0, 40, 0, 20]))
        #expect(out.responses.isEmpty)  // our DO is answered: nothing more to say
        #expect(out.events == [.terminalChanged])
        #expect(filter.terminal.width == 40 && filter.terminal.height == 20 && filter.terminal.windowSizeKnown)
        // 255 is doubled in the body; 0 is unknown; tiny values are clamped.
        _ = filter.process(sb(NAWS, [1, IAC, IAC, 0, 0]))
        #expect(filter.terminal.width == 511 && filter.terminal.height == 24)
        _ = filter.process(sb(NAWS, [0, 3, 0, 1]))
        #expect(filter.terminal.width == 20 && filter.terminal.height == 5)
        _ = filter.process(sb(NAWS, [0, 3, 0]))  // malformed: ignored
        #expect(filter.terminal.width == 20)
        _ = filter.process([IAC, WONT, NAWS])
        #expect(filter.terminal.width == 80 && !filter.terminal.windowSizeKnown)
    }

    @Test func mttsCycleAsksThreeTimes() {
        var filter = telnetFilter()
        let send = sb(TTYPE, [1])
        #expect(filter.process([IAC, WILL, TTYPE]).responses == send)
        #expect(filter.process(sb(TTYPE, 0, "TINTIN++")).responses == send)
        #expect(filter.terminal.terminalType == "TINTIN++")
        #expect(filter.process(sb(TTYPE, 0, "XTERM-256COLOR")).responses == send)
        #expect(filter.terminal.clientName == "TINTIN++")
        #expect(filter.terminal.terminalType == "XTERM-256COLOR")
        #expect(filter.terminal.capabilities.contains(.colors256))
        #expect(filter.process(sb(TTYPE, 0, "MTTS 137")).responses.isEmpty)  // the third answer ends it
        #expect(filter.terminal.capabilities == [.ansi, .colors256, .proxy])
        #expect(filter.process(sb(TTYPE, 0, "MTTS 1")).responses.isEmpty)
        #expect(filter.terminal.capabilities == [.ansi, .colors256, .proxy])
    }

    @Test func plainTerminalTypeRepeatsAndStops() {
        var filter = telnetFilter()
        _ = filter.process([IAC, WILL, TTYPE])
        #expect(filter.process(sb(TTYPE, 0, "XTERM-256COLOR")).responses == sb(TTYPE, [1]))
        #expect(filter.process(sb(TTYPE, 0, "XTERM-256COLOR")).responses.isEmpty)  // the list wrapped
        #expect(filter.terminal.clientName == nil)
        #expect(filter.terminal.terminalType == "XTERM-256COLOR")
        #expect(filter.terminal.capabilities == [.ansi, .vt100, .colors256])
    }

    @Test func charsetAgreesOnUTF8() {
        var filter = telnetFilter()
        #expect(filter.process([IAC, WILL, CHARSET]).responses == sb(CHARSET, 1, ";UTF-8"))
        _ = filter.process(sb(CHARSET, 2, "UTF-8"))
        #expect(filter.terminal.charsetUTF8)
        _ = filter.process(sb(CHARSET, 3, ""))
        #expect(!filter.terminal.charsetUTF8)
        // A request from the client: UTF-8 accepted from its list, or the list rejected.
        #expect(filter.process(sb(CHARSET, 1, " ISO-8859-1 utf-8")).responses == sb(CHARSET, 2, "utf-8"))
        #expect(filter.process(sb(CHARSET, 1, ";KOI8-R")).responses == [IAC, SB, CHARSET, 3, IAC, SE])
        // Asked once per connection, even when the option goes off and on again.
        _ = filter.process([IAC, WONT, CHARSET])
        #expect(filter.process([IAC, WILL, CHARSET]).responses == [IAC, DO, CHARSET])
    }

    @Test func endOfRecordElseGoAhead() {
        let plain = TelnetFilter()
        #expect(plain.promptEndBytes.isEmpty)  // nc: nothing, ever
        var filter = telnetFilter()
        #expect(filter.promptEndBytes == [IAC, 249])  // our WILL EOR not answered yet: GA
        _ = filter.process([IAC, DO, EOR])
        #expect(filter.terminal.promptEnd == .endOfRecord)
        #expect(filter.promptEndBytes == [IAC, 239])
        #expect(filter.process([IAC, DONT, EOR]).responses == [IAC, WONT, EOR])
        #expect(filter.promptEndBytes == [IAC, 249])
        var refused = telnetFilter()
        _ = refused.process([IAC, DONT, EOR])
        #expect(refused.promptEndBytes == [IAC, 249])
    }

    @Test func gmcpBothWays() {
        var filter = telnetFilter()
        #expect(filter.gmcpMessage(package: "Hangman.State", json: "{}").isEmpty)  // not agreed yet
        let agreed = filter.process([IAC, DO, GMCP])
        #expect(agreed.responses.isEmpty && agreed.events == [.terminalChanged])
        #expect(filter.terminal.gmcp)
        #expect(
            filter.gmcpMessage(package: "Hangman.State", json: "{\"a\":1}") == sb(GMCP, Array("Hangman.State {\"a\":1}".utf8)))
        #expect(filter.gmcpMessage(package: "Core.Ping", json: "") == sb(GMCP, Array("Core.Ping".utf8)))
        let hello = filter.process(sb(GMCP, Array("Core.Hello {\"client\": \"Mudlet\", \"version\": \"4.17\"}".utf8)))
        #expect(hello.events.contains(.gmcp(package: "Core.Hello", json: "{\"client\": \"Mudlet\", \"version\": \"4.17\"}")))
        #expect(filter.terminal.clientName == "Mudlet" && filter.terminal.clientVersion == "4.17")
        _ = filter.process(sb(GMCP, Array("Core.Supports.Set [ \"Char 1\", \"Hangman 1\" ]".utf8)))
        #expect(filter.terminal.gmcpSupports == ["Char 1", "Hangman 1"])
        _ = filter.process(sb(GMCP, Array("Core.Supports.Add [\"Hangman 2\", \"Room 1\"]".utf8)))
        #expect(filter.terminal.gmcpSupports == ["Char 1", "Hangman 2", "Room 1"])
        _ = filter.process(sb(GMCP, Array("Core.Supports.Remove [\"Char\"]".utf8)))
        #expect(filter.terminal.gmcpSupports == ["Hangman 2", "Room 1"])
        _ = filter.process([IAC, DONT, GMCP])
        #expect(filter.gmcpMessage(package: "Hangman.State", json: "{}").isEmpty)
    }

    @Test func miniJSON() {
        #expect(MiniJSON.stringField("b", in: "{\"a\": [1, {\"x\": \"}\"}], \"b\": \"q\\\"r\"}") == "q\"r")
        #expect(MiniJSON.stringField("b", in: "{\"a\": 1}") == nil)
        #expect(MiniJSON.stringField("a", in: "[\"a\"]") == nil)
        #expect(MiniJSON.stringArray("[]") == [])
        #expect(MiniJSON.stringArray("[\"a\" , \"b\"]") == ["a", "b"])
        #expect(MiniJSON.stringArray("[\"a\", 1]") == nil)
        #expect(MiniJSON.stringArray("[\"a\"") == nil)
    }

    @Test func msspIsRequestedWhenAgreed() {
        var filter = telnetFilter()
        #expect(filter.process([IAC, DO, MSSPOPT]).events.contains(.msspRequested))
        #expect(!filter.process([IAC, DO, MSSPOPT]).events.contains(.msspRequested))  // already on
        let bytes = MSSP.encode([("NAME", "Hangman"), ("PLAYERS", "3"), ("BAD\u{1}\u{2}", "x\u{FF}y")])
        let body: [UInt8] =
            [1] + Array("NAME".utf8) + [2] + Array("Hangman".utf8) + [1] + Array("PLAYERS".utf8) + [2, 0x33]
            + [1] + Array("BAD".utf8) + [2] + Array("xÿy".utf8)
        #expect(bytes == sb(MSSPOPT, body))
    }

    @Test func subnegotiationBoundIsTheSetting() {
        // A body (option byte included) of max bytes is read; one of max + 1 bytes is skipped.
        var filter = telnetFilter(5)
        _ = filter.process([IAC, WILL, NAWS])
        _ = filter.process(sb(NAWS, [0, 40, 0, 20]))  // 5 bytes with the option: kept
        #expect(filter.terminal.width == 40)
        let out = filter.process(sb(NAWS, [0, 50, 0, 30, 7]) + Array("ok".utf8))  // 6: skipped
        #expect(filter.terminal.width == 40)
        #expect(out.data == Array("ok".utf8), "nothing of the skipped body is data")
    }

    @Test func offersOnlyOnceAndNeverToPlainClients() {
        var filter = TelnetFilter()
        #expect(filter.process(Array("hello\n".utf8)).responses.isEmpty)
        var offers: [UInt8] = []
        filter.startNegotiation(responses: &offers)
        #expect(offers == telnetOffers)
        #expect(filter.process([IAC, 241]).responses.isEmpty)
        var again: [UInt8] = []
        filter.startNegotiation(responses: &again)
        #expect(again.isEmpty)
    }
}
