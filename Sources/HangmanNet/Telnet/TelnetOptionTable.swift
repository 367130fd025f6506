/// What the server does with each telnet option: the single table the negotiation consults.
///
/// `local` options are ours (the client says DO/DONT, we say WILL/WONT); `remote` ones are the
/// client's (it says WILL/WONT, we say DO/DONT). An option absent here is refused.
enum TelnetOptionTable {
    /// What we do with one option.
    struct Entry: Sendable, Equatable {
        /// We agree when the client asks us to perform it (DO → WILL).
        var acceptLocal = false
        /// We agree when the client offers to perform it (WILL → DO).
        var acceptRemote = false
        /// We offer WILL once the client speaks telnet.
        var offerLocal = false
        /// We ask DO once the client speaks telnet.
        var offerRemote = false
    }

    /// The table. ECHO is ours but only on request (`setEchoHidden`): an unasked DO ECHO is
    /// refused. SUPPRESS-GO-AHEAD is refused on purpose: with WILL SGA (and WILL ECHO) Debian's
    /// telnet goes to character mode and stays there after WONT ECHO (see docs/TRANSPORT.md).
    static func entry(_ option: UInt8) -> Entry {
        switch option {
        case TelnetOption.binary: Entry(acceptLocal: true, acceptRemote: true, offerRemote: true)
        case TelnetOption.endOfRecord: Entry(acceptLocal: true, offerLocal: true)
        case TelnetOption.gmcp: Entry(acceptLocal: true, offerLocal: true)
        case TelnetOption.mssp: Entry(acceptLocal: true, offerLocal: true)
        case TelnetOption.naws: Entry(acceptRemote: true, offerRemote: true)
        case TelnetOption.terminalType: Entry(acceptRemote: true, offerRemote: true)
        case TelnetOption.charset: Entry(acceptLocal: true, acceptRemote: true, offerRemote: true)
        default: Entry()
        }
    }

    /// The offers sent when a client turns out to speak telnet, in this order.
    static let offers: [(local: Bool, option: UInt8)] = [
        (true, TelnetOption.endOfRecord),
        (false, TelnetOption.binary),
        (false, TelnetOption.naws),
        (false, TelnetOption.terminalType),
        (false, TelnetOption.charset),
        (true, TelnetOption.gmcp),
        (true, TelnetOption.mssp),
    ]
}
