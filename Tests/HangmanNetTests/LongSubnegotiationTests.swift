import Testing

@testable import HangmanNet

private let IAC: UInt8 = 255
private let DO: UInt8 = 253
private let SB: UInt8 = 250
private let SE: UInt8 = 240
private let NOP: UInt8 = 241
private let TTYPE: UInt8 = 24
private let GMCP: UInt8 = 201

/// A subnegotiation past its limit is skipped up to its `IAC SE`, never read as typed text
/// (issue 36, item 3: a 347-byte `Core.Supports.Set` used to become the name).
@Suite(.ownThread) struct LongSubnegotiationTests {
    /// Mudlet's own list (src/ctelnet.cpp, 160 bytes) with a MUD package's modules added: 347 bytes.
    static let supportsSet: [UInt8] = {
        let modules = [
            "Char 1", "Char.Skills 1", "Char.Items 1", "Room 1", "IRE.Rift 1", "IRE.Composer 1",
            "External.Discord 1", "Client.Media 1", "Char.Login 1", "Comm.Channel 1", "IRE.Time 1",
            "IRE.Target 1", "IRE.Tasks 1", "IRE.Display 3", "Redirect 1", "IRE.Sound 1", "IRE.Misc 1",
        ]
        let listed = "Core.Supports.Set [ " + modules.map { "\"\($0)\"" }.joined(separator: ", ")
        // One more module, named to make the body 346 bytes (347 with the option byte).
        let padding = String(repeating: "x", count: 346 - listed.utf8.count - ", \"Game. 1\" ]".utf8.count)
        let text = listed + ", \"Game.\(padding) 1\" ]"
        return Array(text.utf8)
    }()

    /// A filter whose client already sent its first IAC and agreed to GMCP.
    static func gmcpFilter(maxSub: Int = 256, maxGMCP: Int = 8192) -> TelnetFilter {
        var filter = TelnetFilter(maxSubnegotiationBytes: maxSub, maxGMCPBytes: maxGMCP)
        _ = filter.process([IAC, NOP])
        _ = filter.process([IAC, DO, GMCP])
        return filter
    }

    @Test func theSampleIsTheRedTeamsLength() {
        #expect(Self.supportsSet.count + 1 == 347, "option byte and body")
    }

    @Test func aLongSubnegotiationIsSkippedUpToItsEnd() {
        var filter = TelnetFilter(maxSubnegotiationBytes: 16)
        // 100 body bytes, an escaped 0xFF and a NOP inside: all skipped; what follows IAC SE is data.
        let body = [UInt8](repeating: 0x78, count: 50) + [IAC, IAC] + [IAC, NOP] + [UInt8](repeating: 0x79, count: 50)
        let out = filter.process([IAC, SB, TTYPE] + body + [IAC, SE] + Array("alice\r\n".utf8))
        #expect(out.data == Array("alice\r\n".utf8))
        #expect(filter.state == .data)
        #expect(filter.subnegotiation.isEmpty, "nothing past the limit is stored")
    }

    @Test func skippingIsTheSameSplitAtAnyByte() {
        let input = [IAC, SB, TTYPE] + [UInt8](repeating: 0x41, count: 40) + [IAC, IAC, IAC, SE] + Array("bob\n".utf8)
        for cut in 1..<input.count {
            var filter = TelnetFilter(maxSubnegotiationBytes: 16)
            let first = filter.process(Array(input[..<cut])).data
            let second = filter.process(Array(input[cut...])).data
            #expect(first + second == Array("bob\n".utf8), "cut at \(cut)")
        }
    }

    @Test func anUnendedSubnegotiationHoldsNoMemory() {
        var filter = TelnetFilter(maxSubnegotiationBytes: 256)
        let out = filter.process([IAC, SB, TTYPE] + [UInt8](repeating: 0x41, count: 100_000))
        #expect(out.data.isEmpty)
        #expect(filter.state == .discarding)
        #expect(filter.subnegotiation.capacity <= 1024)
        #expect(filter.process([IAC, SE] + Array("ok\n".utf8)).data == Array("ok\n".utf8))
    }

    @Test func gmcpHasItsOwnLimitAtItsEdge() {
        // A GMCP body (option byte included) of exactly the limit is read; one byte more is skipped.
        let limit = 64
        let package = Array("Core.Ping ".utf8)
        let fits = package + [UInt8](repeating: 0x61, count: limit - 1 - package.count)
        var filter = Self.gmcpFilter(maxSub: 16, maxGMCP: limit)
        let read = filter.process([IAC, SB, GMCP] + fits + [IAC, SE] + Array("x\n".utf8))
        #expect(read.events.contains(.gmcp(package: "Core.Ping", json: String(repeating: "a", count: limit - 11))))
        #expect(read.data == Array("x\n".utf8))
        let skipped = filter.process([IAC, SB, GMCP] + fits + [0x61, IAC, SE] + Array("y\n".utf8))
        #expect(!skipped.events.contains { if case .gmcp = $0 { true } else { false } })
        #expect(skipped.data == Array("y\n".utf8))
        // Another option keeps the general limit.
        var other = Self.gmcpFilter(maxSub: 16, maxGMCP: limit)
        _ = other.process([IAC, 251, TTYPE])
        let ttype = other.process([IAC, SB, TTYPE, 0] + Array("ABCDEFGHIJKLMNOP".utf8) + [IAC, SE])
        #expect(other.terminal.terminalType == nil, "17 bytes over a limit of 16: skipped, \(ttype)")
    }

    @Test func aLongGMCPMessageGivesItsBufferBack() {
        var filter = Self.gmcpFilter()
        let big = Array("Core.Supports.Set [\"".utf8) + [UInt8](repeating: 0x62, count: 5000) + Array(" 1\"]".utf8)
        _ = filter.process([IAC, SB, GMCP] + big + [IAC, SE])
        #expect(filter.terminal.gmcpSupports.count == 1)
        #expect(filter.subnegotiation.capacity <= 256)
    }

    /// The red team's case through the pipeline a connection runs, with the shipped limits.
    @Test func aMudClientsSupportsSetBeforeTheNameLogsIn() {
        var pipeline = InputPipeline(limits: TransportLimits(), now: 0)
        var answers: [UInt8] = []
        pipeline.receive([IAC, DO, GMCP], responses: &answers)
        pipeline.receive([IAC, SB, GMCP] + Self.supportsSet + [IAC, SE] + Array("mudder\r\n".utf8), responses: &answers)
        var lines: [String] = []
        var supports: [String] = []
        while let output = pipeline.next(now: 0) {
            if case .input(.line(let line)) = output { lines.append(line) }
            if case .gmcp(let package, _) = output { supports.append(package) }
        }
        #expect(lines == ["mudder"])
        #expect(supports == ["Core.Supports.Set"])
        #expect(pipeline.telnet.terminal.gmcpSupports.count >= 17)
    }
}
