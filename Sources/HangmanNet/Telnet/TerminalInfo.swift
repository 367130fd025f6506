/// What the transport learned about a telnet client's terminal: a value, read with
/// `Connection.terminal` from any queue; changes are reported with
/// `ConnectionHandler.connection(_:terminalChanged:)`.
public struct TerminalInfo: Sendable, Equatable {
    /// Columns to format for: the client's NAWS width, or 80 while unknown (RFC 1073's 0 = unknown).
    public var width: Int = TerminalInfo.defaultWidth
    /// Rows: the client's NAWS height, or 24 while unknown.
    public var height: Int = TerminalInfo.defaultHeight
    /// True once the client reported a window size (NAWS).
    public var windowSizeKnown = false
    /// The client's name: the first TTYPE answer of an MTTS client (e.g. `TINTIN++`, `MUDLET`), or
    /// the `client` of GMCP `Core.Hello`.
    public var clientName: String?
    /// GMCP `Core.Hello`'s `version`.
    public var clientVersion: String?
    /// The terminal type (e.g. `XTERM-256COLOR`, `ANSI`).
    public var terminalType: String?
    /// What the terminal can do, from MTTS or guessed from the terminal type.
    public var capabilities: MTTSFlags = []
    /// The client agreed to TTYPE and its MTTS cycle has not ended: its capabilities (a screen
    /// reader, bit 64) may still come, so the welcome waits for them (as for NAWS, within a bound).
    public var terminalTypePending = false
    /// How a prompt is marked (EOR when agreed, else GA, unless SUPPRESS-GO-AHEAD was agreed).
    public var promptEnd: PromptEnd = .none
    /// The client agreed (CHARSET, RFC 2066) to UTF-8.
    public var charsetUTF8 = false
    /// GMCP agreed: `Connection.sendGMCP` sends.
    public var gmcp = false
    /// GMCP packages the client asked for (`Core.Supports.Set`/`.Add`, e.g. `Char 1`), in order.
    public var gmcpSupports: [String] = []

    public static let defaultWidth = 80
    public static let defaultHeight = 24

    /// An unknown terminal (80 × 24, nothing agreed): what `nc` clients keep for good.
    public init() {}

    /// How the end of a prompt is marked for this client.
    public enum PromptEnd: Sendable, Equatable {
        /// Not a telnet client (or SUPPRESS-GO-AHEAD agreed): nothing is appended.
        case none
        /// IAC GA (RFC 854).
        case goAhead
        /// IAC EOR (RFC 885), which MUD clients treat as "this line is a prompt".
        case endOfRecord

        /// The bytes that end a prompt: IAC EOR, IAC GA or nothing (shared constants, no allocation).
        public var bytes: [UInt8] {
            switch self {
            case .none: []
            case .goAhead: Self.goAheadBytes
            case .endOfRecord: Self.endOfRecordBytes
            }
        }

        private static let goAheadBytes = [TelnetCommand.iac, TelnetCommand.ga]
        private static let endOfRecordBytes = [TelnetCommand.iac, TelnetCommand.eor]
    }
}

/// MTTS capability bits (the third TTYPE answer `MTTS <n>`; tintin.mudhalla.net/protocols/mtts).
public struct MTTSFlags: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let ansi = MTTSFlags(rawValue: 1)
    public static let vt100 = MTTSFlags(rawValue: 2)
    public static let utf8 = MTTSFlags(rawValue: 4)
    public static let colors256 = MTTSFlags(rawValue: 8)
    public static let mouseTracking = MTTSFlags(rawValue: 16)
    public static let oscColorPalette = MTTSFlags(rawValue: 32)
    public static let screenReader = MTTSFlags(rawValue: 64)
    public static let proxy = MTTSFlags(rawValue: 128)
    public static let trueColor = MTTSFlags(rawValue: 256)
    public static let mnes = MTTSFlags(rawValue: 512)
    public static let mslp = MTTSFlags(rawValue: 1024)
    public static let ssl = MTTSFlags(rawValue: 2048)

    /// A guess from a terminal type name for clients without MTTS (`XTERM-256COLOR` → ANSI, VT100,
    /// 256 colours; `ANSI` → ANSI; `DUMB`/unknown → nothing).
    static func guess(terminalType: String) -> MTTSFlags {
        let name = terminalType.uppercased()
        var flags: MTTSFlags = []
        if name.hasPrefix("XTERM") || name.hasPrefix("ANSI") || name.hasPrefix("VT1") || name.hasPrefix("SCREEN")
            || name.hasPrefix("TMUX") || name.hasPrefix("LINUX") || name.hasPrefix("RXVT")
        {
            flags.insert(.ansi)
        }
        if name.hasPrefix("VT1") || name.hasPrefix("XTERM") { flags.insert(.vt100) }
        if name.contains("256COLOR") { flags.formUnion([.ansi, .colors256]) }
        if name.contains("TRUECOLOR") || name.contains("DIRECT") { flags.formUnion([.ansi, .colors256, .trueColor]) }
        if name.contains("UTF-8") || name.contains("UTF8") { flags.insert(.utf8) }
        return flags
    }
}
