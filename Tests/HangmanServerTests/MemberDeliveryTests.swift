import HangmanNet
import HangmanSync
import Testing

@testable import HangmanServer

/// What one delivery to a member costs its sink: a text member's delivery reads what it needs of
/// the connection's telnet state (layout, prompt end, GMCP) in one lock of the connection's, not
/// one for the terminal and another for the prompt end.
struct MemberDeliveryTests {
    /// A sink that counts every read of the connection's state behind its lock.
    final class CountingSink: MemberSink {
        private struct State {
            var terminal = TerminalInfo()
            var reads = 0
            var sent: [[UInt8]] = []
        }
        private let state = Locked(State())
        let isTelnet: Bool

        init(telnet: Bool, promptEnd: TerminalInfo.PromptEnd) {
            isTelnet = telnet
            state.withLock { $0.terminal.promptEnd = promptEnd }
        }

        var terminal: TerminalInfo {
            state.withLock {
                $0.reads += 1
                return $0.terminal
            }
        }

        func send(_ bytes: [UInt8]) { state.withLock { $0.sent.append(bytes) } }

        var reads: Int { state.withLock { $0.reads } }
        var sent: [[UInt8]] { state.withLock { $0.sent } }
    }

    private func member(telnet: Bool, promptEnd: TerminalInfo.PromptEnd) -> (MemberOutput, CountingSink) {
        let sink = CountingSink(telnet: telnet, promptEnd: promptEnd)
        let output = MemberOutput(sink: sink)
        output.begin(as: "ann", inPlay: true)
        return (output, sink)
    }

    @Test func aTextTelnetMembersDeliveryReadsTheConnectionOnceAndEndsItsPromptAsAgreed() throws {
        for (end, bytes) in [(TerminalInfo.PromptEnd.endOfRecord, [UInt8]([255, 239])), (.goAhead, [255, 249]), (.none, [])] {
            let (output, sink) = member(telnet: true, promptEnd: end)
            output.deliver(.chat(room: nil, from: "bob", text: "hi"))
            output.deliver(.chat(room: nil, from: "bob", text: "again"))
            #expect(sink.reads == 2, "one read of the connection per delivery (\(end))")
            let last = try #require(sink.sent.last)
            #expect(Array(last.suffix(2 + bytes.count)) == Array("> ".utf8) + bytes)
            // The second line first ends the prompt the first one left showing.
            #expect(Array(last.prefix(2)) == [13, 10])
        }
    }

    @Test func aPlainTextMemberNeverReadsTheConnectionAndGetsNoPromptEnd() throws {
        let (output, sink) = member(telnet: false, promptEnd: .none)
        output.deliver(.chat(room: nil, from: "bob", text: "hi"))
        #expect(sink.reads == 0)
        let sent = try #require(sink.sent.last)
        #expect(Array(sent.suffix(2)) == Array("> ".utf8))
    }

    @Test func aLoginPromptReadsTheConnectionOnce() throws {
        let (output, sink) = member(telnet: true, promptEnd: .endOfRecord)
        output.prompt("name")
        #expect(sink.reads == 1)
        let sent = try #require(sink.sent.last)
        #expect(Array(sent.suffix(2)) == [255, 239])
    }
}
