/// Option negotiation by RFC 1143's "Q method": a pure state machine, no I/O.
///
/// For each option there are two sides: `us` (we perform it: WILL/WONT from us, DO/DONT from the
/// client) and `him` (the client performs it). Each side is NO, YES, WANTNO or WANTYES, with one
/// queue bit (EMPTY/OPPOSITE) for a change of mind while a request is outstanding. So at most one
/// request per option and side is ever pending, a request is never sent for a state already in
/// force, and two Q-method peers (or one Q-method peer and any RFC 854 peer) cannot loop.
/// Whether an incoming request is accepted comes from `TelnetOptionTable`.
struct TelnetNegotiation: Sendable, Equatable {
    /// One side of one option.
    enum State: Sendable, Equatable {
        case no, yes, wantNo, wantYes
    }

    /// Both sides of one option with their queue bits (`true` = OPPOSITE).
    struct Entry: Sendable, Equatable {
        var us = State.no
        var usQueued = false
        var him = State.no
        var himQueued = false
    }

    /// Which side of an option.
    enum Side: Sendable, Equatable {
        /// We perform it (WILL/WONT are ours).
        case local
        /// The client performs it (we say DO/DONT).
        case remote
    }

    /// An option side that became enabled (reached YES) or stopped being enabled.
    struct Change: Sendable, Equatable {
        var side: Side
        var option: UInt8
        var enabled: Bool
    }

    /// Options ever negotiated; all others are NO/NO.
    private(set) var entries: [UInt8: Entry] = [:]
    /// Options we refused (DO x → WONT x, WILL x → DONT x) and have not asked for since: a repeated
    /// request for them gets no second refusal, so a broken peer that answers a refusal with the
    /// same request cannot make us ping-pong with it (RFC 1143 alone assumes a sane peer).
    private var refusedLocal = OptionSet256()
    private var refusedRemote = OptionSet256()
    /// Which options we accept (defaults to the server's table; tests may pass their own).
    let accepts: @Sendable (Side, UInt8) -> Bool

    init(accepts: @escaping @Sendable (Side, UInt8) -> Bool = TelnetNegotiation.tableAccepts) {
        self.accepts = accepts
    }

    static func tableAccepts(_ side: Side, _ option: UInt8) -> Bool {
        let entry = TelnetOptionTable.entry(option)
        return side == .local ? entry.acceptLocal : entry.acceptRemote
    }

    static func == (a: TelnetNegotiation, b: TelnetNegotiation) -> Bool {
        a.entries == b.entries && a.refusedLocal == b.refusedLocal && a.refusedRemote == b.refusedRemote
    }

    /// The state of one side of an option.
    func state(_ side: Side, _ option: UInt8) -> State {
        let entry = entries[option] ?? Entry()
        return side == .local ? entry.us : entry.him
    }

    /// True when that side of the option is in force.
    func isEnabled(_ side: Side, _ option: UInt8) -> Bool { state(side, option) == .yes }

    /// Handles DO/DONT/WILL/WONT from the client; the answer (if any) is appended to `send`.
    mutating func receive(verb: UInt8, option: UInt8, send: inout [UInt8]) -> Change? {
        switch verb {
        case TelnetCommand.do: return received(.local, positive: true, option: option, send: &send)
        case TelnetCommand.dont: return received(.local, positive: false, option: option, send: &send)
        case TelnetCommand.will: return received(.remote, positive: true, option: option, send: &send)
        case TelnetCommand.wont: return received(.remote, positive: false, option: option, send: &send)
        default: return nil
        }
    }

    /// Asks for one side of an option to be on or off (RFC 1143 "we want"). Sends a request only
    /// when none is outstanding and the state differs; otherwise sets or clears the queue bit.
    mutating func request(_ side: Side, _ option: UInt8, enable: Bool, send: inout [UInt8]) -> Change? {
        var entry = entries[option] ?? Entry()
        var state = side == .local ? entry.us : entry.him
        var queued = side == .local ? entry.usQueued : entry.himQueued
        let before = state == .yes
        let verb = Self.verb(side, positive: enable)
        switch (state, enable) {
        case (.no, true):
            state = .wantYes
            send += [TelnetCommand.iac, verb, option]
            if side == .local { refusedLocal.remove(option) } else { refusedRemote.remove(option) }
        case (.yes, false):
            state = .wantNo
            send += [TelnetCommand.iac, verb, option]
        case (.wantNo, true), (.wantYes, false):
            queued = true  // already asked the other way: ask this way once that is answered
        case (.wantYes, true), (.wantNo, false):
            queued = false  // already asking this way: forget any change of mind
        case (.yes, true), (.no, false):
            break  // already so
        }
        store(&entry, side, state, queued)
        entries[option] = entry
        return Self.change(side, option, before, state == .yes)
    }

    /// RFC 1143 section 7, for one side; `positive` is DO (local) or WILL (remote).
    private mutating func received(_ side: Side, positive: Bool, option: UInt8, send: inout [UInt8]) -> Change? {
        var entry = entries[option] ?? Entry()
        var state = side == .local ? entry.us : entry.him
        var queued = side == .local ? entry.usQueued : entry.himQueued
        let before = state == .yes
        let yes = Self.verb(side, positive: true)
        let no = Self.verb(side, positive: false)
        if positive {
            switch state {
            case .no:
                if accepts(side, option) {
                    state = .yes
                    send += [TelnetCommand.iac, yes, option]
                } else if side == .local ? !refusedLocal.contains(option) : !refusedRemote.contains(option) {
                    send += [TelnetCommand.iac, no, option]
                    if side == .local { refusedLocal.insert(option) } else { refusedRemote.insert(option) }
                }
            case .yes:
                break
            case .wantNo:
                // "DONT answered by WILL" (an error by the peer): settle without a word.
                state = queued ? .yes : .no
                queued = false
            case .wantYes:
                if queued {
                    state = .wantNo
                    queued = false
                    send += [TelnetCommand.iac, no, option]
                } else {
                    state = .yes
                }
            }
        } else {
            switch state {
            case .no:
                break
            case .yes:
                state = .no
                send += [TelnetCommand.iac, no, option]
            case .wantNo:
                if queued {
                    state = .wantYes
                    queued = false
                    send += [TelnetCommand.iac, yes, option]
                } else {
                    state = .no
                }
            case .wantYes:
                state = .no
                queued = false
            }
        }
        store(&entry, side, state, queued)
        if entry == Entry() { entries[option] = nil } else { entries[option] = entry }
        return Self.change(side, option, before, state == .yes)
    }

    private func store(_ entry: inout Entry, _ side: Side, _ state: State, _ queued: Bool) {
        if side == .local {
            entry.us = state
            entry.usQueued = queued
        } else {
            entry.him = state
            entry.himQueued = queued
        }
    }

    /// WILL/WONT speak for our side, DO/DONT ask for the client's.
    private static func verb(_ side: Side, positive: Bool) -> UInt8 {
        switch (side, positive) {
        case (.local, true): TelnetCommand.will
        case (.local, false): TelnetCommand.wont
        case (.remote, true): TelnetCommand.do
        case (.remote, false): TelnetCommand.dont
        }
    }

    private static func change(_ side: Side, _ option: UInt8, _ before: Bool, _ after: Bool) -> Change? {
        before == after ? nil : Change(side: side, option: option, enabled: after)
    }
}
