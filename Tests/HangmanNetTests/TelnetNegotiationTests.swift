import Testing

@testable import HangmanNet

private let IAC: UInt8 = 255
private let DO: UInt8 = 253
private let DONT: UInt8 = 254
private let WILL: UInt8 = 251
private let WONT: UInt8 = 252
private let X: UInt8 = 99  // an option the tests' policies decide on

/// A starting point of RFC 1143's table: the state and the queue bit.
enum QStart: String, CaseIterable, Sendable {
    case no, yes, wantNo, wantNoOpposite, wantYes, wantYesOpposite
}

/// What happens to the option: a message from the peer or a wish of ours.
enum QInput: String, CaseIterable, Sendable {
    case positive, negative, wantOn, wantOff  // DO/WILL, DONT/WONT, we want it on / off
}

struct QRow: CustomTestStringConvertible, Sendable {
    var start: QStart
    var input: QInput
    var state: TelnetNegotiation.State
    var queued: Bool
    /// The answer: true = the positive verb, false = the negative one, nil = nothing.
    var sends: Bool?
    var testDescription: String { "\(start.rawValue) + \(input.rawValue)" }
}

/// RFC 1143 section 7, with an accepting policy (the NO + positive row also has a refusing variant below).
private let rows: [QRow] = [
    QRow(start: .no, input: .positive, state: .yes, queued: false, sends: true),
    QRow(start: .yes, input: .positive, state: .yes, queued: false, sends: nil),
    QRow(start: .wantNo, input: .positive, state: .no, queued: false, sends: nil),  // error: DONT answered by WILL
    QRow(start: .wantNoOpposite, input: .positive, state: .yes, queued: false, sends: nil),
    QRow(start: .wantYes, input: .positive, state: .yes, queued: false, sends: nil),
    QRow(start: .wantYesOpposite, input: .positive, state: .wantNo, queued: false, sends: false),
    QRow(start: .no, input: .negative, state: .no, queued: false, sends: nil),
    QRow(start: .yes, input: .negative, state: .no, queued: false, sends: false),
    QRow(start: .wantNo, input: .negative, state: .no, queued: false, sends: nil),
    QRow(start: .wantNoOpposite, input: .negative, state: .wantYes, queued: false, sends: true),
    QRow(start: .wantYes, input: .negative, state: .no, queued: false, sends: nil),
    QRow(start: .wantYesOpposite, input: .negative, state: .no, queued: false, sends: nil),
    QRow(start: .no, input: .wantOn, state: .wantYes, queued: false, sends: true),
    QRow(start: .yes, input: .wantOn, state: .yes, queued: false, sends: nil),
    QRow(start: .wantNo, input: .wantOn, state: .wantNo, queued: true, sends: nil),
    QRow(start: .wantNoOpposite, input: .wantOn, state: .wantNo, queued: true, sends: nil),
    QRow(start: .wantYes, input: .wantOn, state: .wantYes, queued: false, sends: nil),
    QRow(start: .wantYesOpposite, input: .wantOn, state: .wantYes, queued: false, sends: nil),
    QRow(start: .no, input: .wantOff, state: .no, queued: false, sends: nil),
    QRow(start: .yes, input: .wantOff, state: .wantNo, queued: false, sends: false),
    QRow(start: .wantNo, input: .wantOff, state: .wantNo, queued: false, sends: nil),
    QRow(start: .wantNoOpposite, input: .wantOff, state: .wantNo, queued: false, sends: nil),
    QRow(start: .wantYes, input: .wantOff, state: .wantYes, queued: true, sends: nil),
    QRow(start: .wantYesOpposite, input: .wantOff, state: .wantYes, queued: true, sends: nil),
]

private func entry(_ q: TelnetNegotiation, _ side: TelnetNegotiation.Side) -> (TelnetNegotiation.State, Bool) {
    let entry = q.entries[X] ?? TelnetNegotiation.Entry()
    return side == .local ? (entry.us, entry.usQueued) : (entry.him, entry.himQueued)
}

private func verbs(_ side: TelnetNegotiation.Side) -> (positive: UInt8, negative: UInt8, ourYes: UInt8, ourNo: UInt8) {
    side == .local ? (DO, DONT, WILL, WONT) : (WILL, WONT, DO, DONT)
}

/// A negotiation for option X on `side`, driven into `start` by the public moves only.
private func prepared(_ start: QStart, _ side: TelnetNegotiation.Side) -> TelnetNegotiation {
    var q = TelnetNegotiation(accepts: { _, _ in true })
    var sink: [UInt8] = []
    let v = verbs(side)
    switch start {
    case .no: break
    case .yes: _ = q.receive(verb: v.positive, option: X, send: &sink)
    case .wantYes: _ = q.request(side, X, enable: true, send: &sink)
    case .wantYesOpposite:
        _ = q.request(side, X, enable: true, send: &sink)
        _ = q.request(side, X, enable: false, send: &sink)
    case .wantNo:
        _ = q.receive(verb: v.positive, option: X, send: &sink)
        _ = q.request(side, X, enable: false, send: &sink)
    case .wantNoOpposite:
        _ = q.receive(verb: v.positive, option: X, send: &sink)
        _ = q.request(side, X, enable: false, send: &sink)
        _ = q.request(side, X, enable: true, send: &sink)
    }
    return q
}

@Suite(.ownThread) struct TelnetNegotiationTests {
    @Test(arguments: rows, [TelnetNegotiation.Side.local, .remote])
    func rfc1143Transition(_ row: QRow, _ side: TelnetNegotiation.Side) {
        var q = prepared(row.start, side)
        var sent: [UInt8] = []
        let v = verbs(side)
        switch row.input {
        case .positive: _ = q.receive(verb: v.positive, option: X, send: &sent)
        case .negative: _ = q.receive(verb: v.negative, option: X, send: &sent)
        case .wantOn: _ = q.request(side, X, enable: true, send: &sent)
        case .wantOff: _ = q.request(side, X, enable: false, send: &sent)
        }
        let (state, queued) = entry(q, side)
        #expect(state == row.state)
        #expect(queued == row.queued)
        switch row.sends {
        case nil: #expect(sent.isEmpty)
        case true?: #expect(sent == [IAC, v.ourYes, X])
        case false?: #expect(sent == [IAC, v.ourNo, X])
        }
        // The other side of the option is never touched.
        let other: TelnetNegotiation.Side = side == .local ? .remote : .local
        #expect(entry(q, other) == (.no, false))
    }

    @Test(arguments: [TelnetNegotiation.Side.local, .remote])
    func refusedOnceThenSilent(_ side: TelnetNegotiation.Side) {
        var q = TelnetNegotiation(accepts: { _, _ in false })
        let v = verbs(side)
        var sent: [UInt8] = []
        #expect(q.receive(verb: v.positive, option: X, send: &sent) == nil)
        #expect(sent == [IAC, v.ourNo, X])
        sent = []
        _ = q.receive(verb: v.positive, option: X, send: &sent)
        #expect(sent.isEmpty)  // a broken peer insisting gets no ping-pong
        // Our own later request clears that, and a refusal after it is acknowledged as RFC 1143 says.
        _ = q.request(side, X, enable: true, send: &sent)
        #expect(sent == [IAC, v.ourYes, X])
        sent = []
        _ = q.receive(verb: v.negative, option: X, send: &sent)
        #expect(sent.isEmpty)
        #expect(entry(q, side) == (.no, false))
    }

    @Test func changesReportEnabling() {
        var q = TelnetNegotiation(accepts: { _, _ in true })
        var sent: [UInt8] = []
        #expect(q.request(.remote, X, enable: true, send: &sent) == nil)
        #expect(q.receive(verb: WILL, option: X, send: &sent) == .init(side: .remote, option: X, enabled: true))
        #expect(q.receive(verb: WILL, option: X, send: &sent) == nil)
        #expect(q.receive(verb: WONT, option: X, send: &sent) == .init(side: .remote, option: X, enabled: false))
    }

    /// Two Q-method ends wired back to back, each changing its mind while requests are in flight,
    /// go quiet after a bounded exchange and agree on the state (no loop).
    @Test func twoPeersNeverLoop() {
        for script in 0..<64 {
            var server = TelnetNegotiation(accepts: { _, _ in true })
            var client = TelnetNegotiation(accepts: { _, option in option % 2 == 0 })
            var toClient: [UInt8] = []
            var toServer: [UInt8] = []
            for step in 0..<6 {
                let enable = (script >> step) & 1 == 1
                _ = server.request(.local, X, enable: enable, send: &toClient)
                _ = client.request(.remote, X, enable: !enable, send: &toServer)
                _ = server.request(.remote, X &+ 1, enable: enable, send: &toClient)
            }
            var rounds = 0
            while !(toClient.isEmpty && toServer.isEmpty) {
                rounds += 1
                if rounds > 20 { break }
                var replyToServer: [UInt8] = []
                for i in stride(from: 0, to: toClient.count, by: 3) {
                    _ = client.receive(verb: toClient[i + 1], option: toClient[i + 2], send: &replyToServer)
                }
                var replyToClient: [UInt8] = []
                for i in stride(from: 0, to: toServer.count, by: 3) {
                    _ = server.receive(verb: toServer[i + 1], option: toServer[i + 2], send: &replyToClient)
                }
                toClient = replyToClient
                toServer = replyToServer
            }
            #expect(rounds <= 4, "script \(script)")
            // Settled: nothing pending on either end, and both see the same state.
            for option in [X, X &+ 1] {
                let s = server.entries[option] ?? .init()
                let c = client.entries[option] ?? .init()
                #expect([s.us, s.him, c.us, c.him].allSatisfy { $0 == .yes || $0 == .no }, "script \(script)")
                #expect(s.us == c.him && s.him == c.us, "script \(script)")
            }
        }
    }
}
