/// Telnet command bytes (RFC 854) and the option codes this server knows by name.
public enum TelnetCommand {
    public static let se: UInt8 = 240
    public static let nop: UInt8 = 241
    public static let dataMark: UInt8 = 242
    public static let brk: UInt8 = 243
    public static let ip: UInt8 = 244
    public static let ao: UInt8 = 245
    public static let ayt: UInt8 = 246
    public static let ec: UInt8 = 247
    public static let el: UInt8 = 248
    public static let ga: UInt8 = 249
    public static let sb: UInt8 = 250
    public static let will: UInt8 = 251
    public static let wont: UInt8 = 252
    public static let `do`: UInt8 = 253
    public static let dont: UInt8 = 254
    public static let iac: UInt8 = 255
    /// End of record (RFC 885): the prompt end for clients that agreed to EOR.
    public static let eor: UInt8 = 239
}

/// Telnet option codes (the IANA registry; MUD options from their published specifications).
public enum TelnetOption {
    /// RFC 856: 8-bit data. Asked of the client so that Debian's telnet stops stripping the high bit
    /// when it looks for its interrupt character (0x83, the last byte of `☃`, is Ctrl-C + 0x80).
    public static let binary: UInt8 = 0
    /// RFC 857: the server echoes; used to hide a password.
    public static let echo: UInt8 = 1
    /// RFC 858.
    public static let suppressGoAhead: UInt8 = 3
    /// RFC 860: a one-shot, answered every time it is asked.
    public static let timingMark: UInt8 = 6
    /// RFC 1091 (and MTTS on top of it).
    public static let terminalType: UInt8 = 24
    /// RFC 885.
    public static let endOfRecord: UInt8 = 25
    /// RFC 1073.
    public static let naws: UInt8 = 31
    /// RFC 1184 (refused: we read whole lines).
    public static let linemode: UInt8 = 34
    /// RFC 2066.
    public static let charset: UInt8 = 42
    /// MUD Server Status Protocol (tintin.mudhalla.net/protocols/mssp).
    public static let mssp: UInt8 = 70
    /// Generic MUD Communication Protocol (tintin.mudhalla.net/protocols/gmcp).
    public static let gmcp: UInt8 = 201
}

/// Subnegotiation sub-commands.
enum TelnetSub {
    /// TTYPE (RFC 1091) and CHARSET share IS = 0 / SEND = 1.
    static let `is`: UInt8 = 0
    static let send: UInt8 = 1
    /// CHARSET (RFC 2066).
    static let charsetRequest: UInt8 = 1
    static let charsetAccepted: UInt8 = 2
    static let charsetRejected: UInt8 = 3
    /// MSSP.
    static let msspVar: UInt8 = 1
    static let msspVal: UInt8 = 2
}
