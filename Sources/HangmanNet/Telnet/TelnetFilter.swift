/// Removes telnet protocol bytes from a connection's input and answers option negotiation.
///
/// A pure state machine over bytes: a command split across reads at any byte is handled, because
/// all progress lives in `state`. What it does:
/// - `IAC IAC` gives one literal 0xFF data byte (later dropped as invalid UTF-8);
/// - other two-byte commands (NOP, GA, AYT, IP, …) are consumed;
/// - `DO`/`DONT`/`WILL`/`WONT` are answered the RFC 1143 way: we refuse every option except our
///   own ECHO (used to hide a password), and answer a refused option at most once, so a confused
///   peer can never make us loop or amplify;
/// - `IAC SB … IAC SE` is discarded; one longer than `maxSubnegotiationBytes` is abandoned (what
///   follows is data again), so an unterminated one neither grows memory nor deafens the client.
///
/// We never speak first: `setEchoHidden` is a no-op until the client sent at least one IAC, so
/// users of `nc` never see option bytes.
public struct TelnetFilter: Sendable {
    /// Telnet command bytes (RFC 854).
    enum Byte {
        static let se: UInt8 = 240
        static let sb: UInt8 = 250
        static let will: UInt8 = 251
        static let wont: UInt8 = 252
        static let `do`: UInt8 = 253
        static let dont: UInt8 = 254
        static let iac: UInt8 = 255
    }

    /// Option code of ECHO (RFC 857).
    static let echoOption: UInt8 = 1

    /// Where in a command the filter stands.
    enum State: Sendable, Equatable {
        case data
        case iac
        case option(verb: UInt8)
        case subnegotiation(count: Int)
        case subnegotiationIAC(count: Int)
    }

    /// RFC 1143 state of our (the server's) ECHO option.
    enum EchoState: Sendable, Equatable {
        case no, yes, wantNo, wantYes
    }

    /// Largest `IAC SB … IAC SE` body before it is abandoned.
    public let maxSubnegotiationBytes: Int
    /// True once any IAC arrived: from then on the client speaks telnet and may get IAC from us.
    public private(set) var isTelnet = false
    private(set) var state = State.data
    private(set) var echo = EchoState.no
    /// RFC 1143's "opposite" queue bit for ECHO: the other answer is wanted once this one lands.
    private var echoQueued = false
    /// Options we already refused (DO x → WONT x), one bit each.
    private var refusedLocal = OptionSet256()
    /// Options the client offered and we already refused (WILL x → DONT x).
    private var refusedRemote = OptionSet256()

    /// A filter in its initial state.
    public init(maxSubnegotiationBytes: Int = 256) {
        self.maxSubnegotiationBytes = max(0, maxSubnegotiationBytes)
    }

    /// True when input hiding (our ECHO) is on or asked for.
    public var echoHidden: Bool { echo == .yes || echo == .wantYes }

    /// Filters `input`: data runs go to `data` (zero-copy slices of `input` where possible),
    /// negotiation answers are appended to `responses`.
    public mutating func process(
        _ input: UnsafeRawBufferPointer, responses: inout [UInt8], data: (UnsafeRawBufferPointer) -> Void
    ) {
        var index = 0
        let count = input.count
        while index < count {
            if state == .data {
                // Fast path: hand over everything up to the next IAC in one piece.
                var end = index
                while end < count && input[end] != Byte.iac { end += 1 }
                if end > index { data(UnsafeRawBufferPointer(rebasing: input[index..<end])) }
                if end == count { return }
                isTelnet = true
                state = .iac
                index = end + 1
                continue
            }
            let byte = input[index]
            index += 1
            if let literal = step(byte, responses: &responses) {
                withUnsafeBytes(of: literal) { data($0) }
            }
        }
    }

    /// Convenience for tests: filters `input` and returns the data bytes and the answers to send.
    public mutating func process(_ input: [UInt8]) -> (data: [UInt8], responses: [UInt8]) {
        var out: [UInt8] = []
        var responses: [UInt8] = []
        input.withUnsafeBytes { raw in
            process(raw, responses: &responses) { out.append(contentsOf: $0) }
        }
        return (out, responses)
    }

    /// One byte outside the data fast path; returns a literal data byte (from `IAC IAC`) if any.
    private mutating func step(_ byte: UInt8, responses: inout [UInt8]) -> UInt8? {
        switch state {
        case .data:
            if byte == Byte.iac {
                isTelnet = true
                state = .iac
                return nil
            }
            return byte
        case .iac:
            switch byte {
            case Byte.iac:
                state = .data
                return Byte.iac
            case Byte.will, Byte.wont, Byte.do, Byte.dont:
                state = .option(verb: byte)
            case Byte.sb:
                state = .subnegotiation(count: 0)
            default:
                // NOP, DM, BRK, IP, AO, AYT, EC, EL, GA, a stray SE or an unknown command: consumed.
                state = .data
            }
            return nil
        case .option(let verb):
            state = .data
            negotiate(verb: verb, option: byte, responses: &responses)
            return nil
        case .subnegotiation(let count):
            if byte == Byte.iac {
                state = .subnegotiationIAC(count: count)
            } else if count + 1 >= maxSubnegotiationBytes {
                state = .data  // abandoned: too long to be a real subnegotiation
            } else {
                state = .subnegotiation(count: count + 1)
            }
            return nil
        case .subnegotiationIAC(let count):
            if byte == Byte.se {
                state = .data
            } else if count + 1 >= maxSubnegotiationBytes {
                state = .data
            } else {
                // IAC IAC is an escaped 0xFF inside the body; anything else is tolerated likewise.
                state = .subnegotiation(count: count + 1)
            }
            return nil
        }
    }

    /// Answers one DO/DONT/WILL/WONT (RFC 1143, "Q method", without queueing for other options).
    private mutating func negotiate(verb: UInt8, option: UInt8, responses: inout [UInt8]) {
        switch verb {
        case Byte.do where option == Self.echoOption:
            switch echo {
            case .no:
                // Unasked: we do not echo. Refuse, once per state change.
                if !refusedLocal.contains(option) {
                    refusedLocal.insert(option)
                    responses += [Byte.iac, Byte.wont, option]
                }
            case .yes:
                break
            case .wantYes:
                echo = .yes
                if echoQueued {
                    echoQueued = false
                    echo = .wantNo
                    responses += [Byte.iac, Byte.wont, option]
                }
            case .wantNo:
                // "DONT answered by DO": RFC 1143 calls it an error and settles without a word.
                if echoQueued {
                    echoQueued = false
                    echo = .yes
                } else {
                    echo = .no
                }
            }
        case Byte.dont where option == Self.echoOption:
            switch echo {
            case .no:
                break
            case .yes:
                echo = .no
                refusedLocal.remove(option)
                responses += [Byte.iac, Byte.wont, option]
            case .wantNo:
                echo = .no
                refusedLocal.remove(option)
                if echoQueued {
                    echoQueued = false
                    echo = .wantYes
                    responses += [Byte.iac, Byte.will, option]
                }
            case .wantYes:
                echo = .no  // the client refused
                echoQueued = false
                refusedLocal.remove(option)
            }
        case Byte.do:
            if !refusedLocal.contains(option) {
                refusedLocal.insert(option)
                responses += [Byte.iac, Byte.wont, option]
            }
        case Byte.will:
            if !refusedRemote.contains(option) {
                refusedRemote.insert(option)
                responses += [Byte.iac, Byte.dont, option]
            }
        default:
            // DONT x / WONT x for an option that is off anyway: nothing to say (RFC 1143).
            break
        }
    }

    /// Treats the client as telnet without having seen an IAC (see `TransportLimits.assumeTelnetOnCRLF`).
    public mutating func assumeTelnet() {
        isTelnet = true
    }

    /// Asks to turn our ECHO on (`true`: the client stops echoing, e.g. for a password) or off.
    /// Returns the bytes to send: empty when the client is not telnet or nothing needs saying.
    public mutating func setEchoHidden(_ hidden: Bool) -> [UInt8] {
        guard isTelnet else { return [] }
        let option = Self.echoOption
        if hidden {
            switch echo {
            case .no:
                echo = .wantYes
                return [Byte.iac, Byte.will, option]
            case .wantNo:
                echoQueued = true
            case .wantYes:
                echoQueued = false
            case .yes:
                break
            }
        } else {
            switch echo {
            case .yes:
                echo = .wantNo
                return [Byte.iac, Byte.wont, option]
            case .wantYes:
                echoQueued = true
            case .wantNo:
                echoQueued = false
            case .no:
                break
            }
        }
        return []
    }
}

/// A set of the 256 option codes, as four 64-bit words.
struct OptionSet256: Sendable, Equatable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    func contains(_ option: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(option & 63)
        switch option >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    mutating func insert(_ option: UInt8) {
        let bit = UInt64(1) << UInt64(option & 63)
        switch option >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    mutating func remove(_ option: UInt8) {
        let bit = ~(UInt64(1) << UInt64(option & 63))
        switch option >> 6 {
        case 0: words.0 &= bit
        case 1: words.1 &= bit
        case 2: words.2 &= bit
        default: words.3 &= bit
        }
    }

    static func == (a: OptionSet256, b: OptionSet256) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }
}
