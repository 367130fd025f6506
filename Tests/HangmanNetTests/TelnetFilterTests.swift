import Testing

@testable import HangmanNet

private let IAC: UInt8 = 255
private let DONT: UInt8 = 254
private let DO: UInt8 = 253
private let WONT: UInt8 = 252
private let WILL: UInt8 = 251
private let SB: UInt8 = 250
private let SE: UInt8 = 240
private let ECHO: UInt8 = 1
private let SGA: UInt8 = 3
private let STATUS: UInt8 = 5

/// What the server offers when a client first sends IAC (TelnetOptionTable.offers).
let telnetOffers: [UInt8] = [
    IAC, WILL, 25, IAC, DO, 0, IAC, DO, 31, IAC, DO, 24, IAC, DO, 42, IAC, WILL, 201, IAC, WILL, 70,
]
/// IAC SB TTYPE SEND IAC SE.
let ttypeSend: [UInt8] = [IAC, SB, 24, 1, IAC, SE]

/// Feeds `pieces` one after the other and returns all data and responses.
private func run(_ filter: inout TelnetFilter, _ pieces: [[UInt8]]) -> (data: [UInt8], responses: [UInt8]) {
    var data: [UInt8] = []
    var responses: [UInt8] = []
    for piece in pieces {
        let out = filter.process(piece)
        data += out.data
        responses += out.responses
    }
    return (data, responses)
}

struct TelnetCase: CustomTestStringConvertible, Sendable {
    var name: String
    var input: [UInt8]
    var data: [UInt8]
    var responses: [UInt8]
    var testDescription: String { name }
}

private let cases: [TelnetCase] = [
    TelnetCase(name: "plain", input: Array("hello\r\n".utf8), data: Array("hello\r\n".utf8), responses: []),
    TelnetCase(
        name: "NOP GA AYT", input: [0x61, IAC, 241, IAC, 249, IAC, 246, 0x62], data: [0x61, 0x62],
        responses: telnetOffers + Array("\r\n[yes]\r\n".utf8)),
    TelnetCase(name: "IAC IAC", input: [0x61, IAC, IAC, 0x62], data: [0x61, 0xFF, 0x62], responses: []),
    TelnetCase(
        name: "DO SGA refused", input: [0x61, IAC, DO, SGA, 0x62], data: [0x61, 0x62],
        responses: telnetOffers + [IAC, WONT, SGA]),
    TelnetCase(
        name: "WILL STATUS refused", input: [IAC, WILL, STATUS, 0x78], data: [0x78],
        responses: telnetOffers + [IAC, DONT, STATUS]),
    TelnetCase(
        name: "WILL TTYPE answers our DO", input: [IAC, WILL, 24, 0x78], data: [0x78], responses: telnetOffers + ttypeSend),
    TelnetCase(
        name: "DONT/WONT ignored", input: [IAC, DONT, 5, IAC, WONT, 6, 0x7A], data: [0x7A], responses: telnetOffers),
    TelnetCase(
        name: "subnegotiation of an option not agreed", input: [0x61, IAC, SB, 24, 0, 0x78, IAC, IAC, 0x79, IAC, SE, 0x62],
        data: [0x61, 0x62], responses: telnetOffers),
    TelnetCase(
        name: "Debian telnet with -port",
        input: [IAC, DO, 38, IAC, WILL, 38, IAC, DO, SGA, IAC, WILL, 24, IAC, WILL, 31, 0x6F, 0x6B],
        data: [0x6F, 0x6B], responses: telnetOffers + [IAC, WONT, 38, IAC, DONT, 38, IAC, WONT, SGA] + ttypeSend),
    TelnetCase(
        name: "unsolicited DO ECHO", input: [IAC, DO, ECHO, 0x31], data: [0x31], responses: telnetOffers + [IAC, WONT, ECHO]),
    TelnetCase(
        name: "DO TIMING-MARK answered every time", input: [IAC, DO, 6, IAC, DO, 6, IAC, DO, 6, 0x31], data: [0x31],
        responses: telnetOffers + [IAC, WILL, 6, IAC, WILL, 6, IAC, WILL, 6]),
]

@Suite(.ownThread) struct TelnetFilterTests {
    @Test(arguments: cases)
    func wholeAndSplitAtEveryOffset(_ testCase: TelnetCase) {
        var whole = TelnetFilter()
        let expected = run(&whole, [testCase.input])
        #expect(expected.data == testCase.data)
        #expect(expected.responses == testCase.responses)
        for cut in 0...testCase.input.count {
            var filter = TelnetFilter()
            let out = run(&filter, [Array(testCase.input[..<cut]), Array(testCase.input[cut...])])
            #expect(out.data == testCase.data, "cut at \(cut)")
            #expect(out.responses == testCase.responses, "cut at \(cut)")
        }
        var bytewise = TelnetFilter()
        let out = run(&bytewise, testCase.input.map { [$0] })
        #expect(out.data == testCase.data)
        #expect(out.responses == testCase.responses)
    }

    @Test func everyThreeWaySplit() {
        let input: [UInt8] = [0x61, IAC, DO, SGA, IAC, SB, 31, 0, 80, IAC, SE, IAC, IAC, 0x62, IAC, WILL, 24]
        var reference = TelnetFilter()
        let expected = run(&reference, [input])
        for i in 0...input.count {
            for j in i...input.count {
                var filter = TelnetFilter()
                let out = run(&filter, [Array(input[..<i]), Array(input[i..<j]), Array(input[j...])])
                #expect(out.data == expected.data && out.responses == expected.responses, "cuts \(i), \(j)")
            }
        }
        #expect(expected.data == [0x61, 0xFF, 0x62])
    }

    @Test func refusesEachOptionOnlyOnce() {
        var filter = TelnetFilter()
        let first = filter.process([IAC, DO, SGA, IAC, WILL, STATUS])
        #expect(first.responses == telnetOffers + [IAC, WONT, SGA, IAC, DONT, STATUS])
        // A peer repeating itself (or answering our refusal with a new request) gets no more answers.
        let again = filter.process([IAC, DO, SGA, IAC, WILL, STATUS, IAC, DO, SGA])
        #expect(again.responses.isEmpty)
    }

    @Test func plainClientNeverGetsOptionBytes() {
        var filter = TelnetFilter()
        _ = filter.process(Array("name bob\n".utf8))
        #expect(!filter.isTelnet)
        #expect(filter.setEchoHidden(true).isEmpty)
        #expect(filter.setEchoHidden(false).isEmpty)
    }

    @Test func echoHidingWithoutLoops() {
        var filter = TelnetFilter()
        _ = filter.process([IAC, 241])  // a NOP makes it a telnet client
        #expect(filter.isTelnet)
        #expect(filter.setEchoHidden(true) == [IAC, WILL, ECHO])
        #expect(filter.setEchoHidden(true).isEmpty)  // already asked
        #expect(filter.process([IAC, DO, ECHO]).responses.isEmpty)  // the answer: no reply
        #expect(filter.echoHidden)
        #expect(filter.setEchoHidden(true).isEmpty)
        #expect(filter.setEchoHidden(false) == [IAC, WONT, ECHO])
        #expect(filter.process([IAC, DONT, ECHO]).responses.isEmpty)
        #expect(!filter.echoHidden)
        // Round two works the same.
        #expect(filter.setEchoHidden(true) == [IAC, WILL, ECHO])
        #expect(filter.process([IAC, DO, ECHO]).responses.isEmpty)
    }

    @Test func clientRefusingEchoIsAccepted() {
        var filter = TelnetFilter()
        _ = filter.process([IAC, 241])
        #expect(filter.setEchoHidden(true) == [IAC, WILL, ECHO])
        #expect(filter.process([IAC, DONT, ECHO]).responses.isEmpty)
        #expect(!filter.echoHidden)
        // A DO ECHO out of the blue later is refused once.
        #expect(filter.process([IAC, DO, ECHO]).responses == [IAC, WONT, ECHO])
        #expect(filter.process([IAC, DO, ECHO]).responses.isEmpty)
    }

    @Test func changingMindWhileWaitingQueuesTheOpposite() {
        var filter = TelnetFilter()
        _ = filter.process([IAC, 241])
        #expect(filter.setEchoHidden(true) == [IAC, WILL, ECHO])
        #expect(filter.setEchoHidden(false).isEmpty)  // queued: WANTYES + opposite
        #expect(filter.process([IAC, DO, ECHO]).responses == [IAC, WONT, ECHO])
        #expect(filter.process([IAC, DONT, ECHO]).responses.isEmpty)
        #expect(!filter.echoHidden)
    }

    @Test func yesThenDontIsAcknowledged() {
        var filter = TelnetFilter()
        _ = filter.process([IAC, 241])
        _ = filter.setEchoHidden(true)
        _ = filter.process([IAC, DO, ECHO])
        #expect(filter.process([IAC, DONT, ECHO]).responses == [IAC, WONT, ECHO])
        #expect(filter.process([IAC, DONT, ECHO]).responses.isEmpty)
    }

    @Test func unterminatedSubnegotiationIsBounded() {
        var filter = TelnetFilter(maxSubnegotiationBytes: 16)
        var input: [UInt8] = [IAC, SB, 24]
        input += [UInt8](repeating: 0x78, count: 16)  // 17 body bytes counting the option: past the limit
        input += Array("hello\n".utf8)
        let out = filter.process(input)
        #expect(out.data.isEmpty, "skipped up to its IAC SE, never read as text")
        #expect(filter.state == .discarding)
        // Ten thousand bytes of body keep no more than the limit.
        var big = TelnetFilter(maxSubnegotiationBytes: 256)
        var flood: [UInt8] = [IAC, SB, 24]
        flood += [UInt8](repeating: 0x41, count: 10_000)
        let bigOut = big.process(flood)
        #expect(bigOut.data.isEmpty)
        #expect(big.subnegotiation.capacity <= 1024)
        #expect(big.process([IAC, SE, 0x62]).data == [0x62])
        #expect(big.state == .data)
    }

    @Test func aTelnetCommandMarksTelnet() {
        var filter = TelnetFilter()
        #expect(!filter.isTelnet)
        // IAC IAC and a stray 0xFF (Latin-1 ÿ from nc) are not commands: no offers.
        #expect(filter.process([0x61, IAC, IAC, IAC, 0xC0, 0x62]).responses.isEmpty)
        #expect(!filter.isTelnet)
        #expect(filter.process([IAC, 241]).responses == telnetOffers)
        #expect(filter.isTelnet)
    }
}
