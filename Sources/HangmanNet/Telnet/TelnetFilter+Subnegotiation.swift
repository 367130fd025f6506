/// The subnegotiations the server reads: NAWS (RFC 1073), TTYPE with MTTS (RFC 1091), CHARSET
/// (RFC 2066) and GMCP. Each is honoured only while its option is agreed.
extension TelnetFilter {
    /// Narrowest and widest window taken from NAWS (a 0 means "unknown" and keeps the default).
    static let widthRange = 20...1000
    static let heightRange = 5...1000

    mutating func subnegotiationEnded(responses: inout [UInt8], event: (TelnetEvent) -> Void) {
        guard let option = subnegotiation.first else { return }
        let body = subnegotiation.dropFirst()
        switch option {
        case TelnetOption.naws where negotiation.isEnabled(.remote, option):
            windowSize(Array(body))
        case TelnetOption.terminalType where negotiation.isEnabled(.remote, option):
            terminalType(Array(body), responses: &responses)
        case TelnetOption.charset
        where negotiation.isEnabled(.remote, option) || negotiation.isEnabled(.local, option):
            charset(Array(body), responses: &responses)
        case TelnetOption.gmcp where negotiation.isEnabled(.local, option):
            gmcp(Array(body), event: event)
        default:
            break  // not agreed, or an option we do not read (MSSP is ours to send)
        }
    }

    /// NAWS: width and height as two 16-bit big-endian numbers; 0 = unknown.
    private mutating func windowSize(_ body: [UInt8]) {
        guard body.count == 4 else { return }
        let width = Int(body[0]) << 8 | Int(body[1])
        let height = Int(body[2]) << 8 | Int(body[3])
        terminal.width = width == 0 ? TerminalInfo.defaultWidth : width.clamped(to: Self.widthRange)
        terminal.height = height == 0 ? TerminalInfo.defaultHeight : height.clamped(to: Self.heightRange)
        terminal.windowSizeKnown = width != 0 || height != 0
    }

    /// TTYPE IS: the MTTS cycle. Asked up to three times: client name, terminal type, `MTTS <bits>`.
    /// A client with one type repeats it, which ends the cycle (RFC 1091).
    private mutating func terminalType(_ body: [UInt8], responses: inout [UInt8]) {
        guard body.first == TelnetSub.is, terminalTypeAnswers < 3 else { return }
        let name = Self.text(body.dropFirst(), limit: 64)
        terminalTypeAnswers += 1
        let repeated = name == lastTerminalType
        defer { lastTerminalType = name }
        if repeated {
            terminalTypeAnswers = 3  // end of the list
            terminal.terminalTypePending = false
            return
        }
        switch terminalTypeAnswers {
        case 1:
            terminal.terminalType = name
            terminal.capabilities = MTTSFlags.guess(terminalType: name)
        case 2:
            // The first answer was the client's name (MTTS); this is the terminal type.
            if terminal.clientName == nil { terminal.clientName = lastTerminalType }
            terminal.terminalType = name
            terminal.capabilities = MTTSFlags.guess(terminalType: name)
        default:
            if name.hasPrefix("MTTS "), let bits = Int(name.dropFirst(5)), bits >= 0 {
                terminal.capabilities = MTTSFlags(rawValue: bits)
            }
        }
        if terminalTypeAnswers < 3 {
            responses += Self.subnegotiation(TelnetOption.terminalType, [TelnetSub.send])
        } else {
            terminal.terminalTypePending = false
        }
    }

    /// CHARSET: the answer to our REQUEST, or a REQUEST from the client (answered UTF-8 or rejected).
    private mutating func charset(_ body: [UInt8], responses: inout [UInt8]) {
        guard let command = body.first else { return }
        let rest = Array(body.dropFirst())
        switch command {
        case TelnetSub.charsetAccepted:
            terminal.charsetUTF8 = Self.isUTF8(Self.text(rest[...], limit: 64))
        case TelnetSub.charsetRejected:
            terminal.charsetUTF8 = false
        case TelnetSub.charsetRequest:
            // "[TTABLE] " version prefix is not supported: the list starts with its separator.
            guard let separator = rest.first else { return }
            let names = rest.dropFirst().split(separator: separator).map { Self.text($0, limit: 64) }
            if let utf8 = names.first(where: Self.isUTF8) {
                terminal.charsetUTF8 = true
                responses += Self.subnegotiation(TelnetOption.charset, [TelnetSub.charsetAccepted] + Array(utf8.utf8))
            } else {
                responses += Self.subnegotiation(TelnetOption.charset, [TelnetSub.charsetRejected])
            }
        default:
            break
        }
    }

    /// GMCP from the client: `Core.Hello` and `Core.Supports.*` update `terminal`; every message
    /// is reported as an event.
    private mutating func gmcp(_ body: [UInt8], event: (TelnetEvent) -> Void) {
        let text = String(decoding: body, as: UTF8.self)
        let package: String
        let json: String
        if let space = text.firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            package = String(text[..<space])
            json = String(text[space...].drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" }))
        } else {
            package = text
            json = ""
        }
        switch package.lowercased() {
        case "core.hello":
            if let client = MiniJSON.stringField("client", in: json) { terminal.clientName = client }
            if let version = MiniJSON.stringField("version", in: json) { terminal.clientVersion = version }
        case "core.supports.set":
            terminal.gmcpSupports = MiniJSON.stringArray(json) ?? []
        case "core.supports.add":
            for item in MiniJSON.stringArray(json) ?? [] {
                terminal.gmcpSupports.removeAll { Self.packageName($0) == Self.packageName(item) }
                terminal.gmcpSupports.append(item)
            }
        case "core.supports.remove":
            let removed = Set((MiniJSON.stringArray(json) ?? []).map(Self.packageName))
            terminal.gmcpSupports.removeAll { removed.contains(Self.packageName($0)) }
        default:
            break
        }
        event(.gmcp(package: package, json: json))
    }

    /// `Char 1` → `char`.
    private static func packageName(_ item: String) -> String {
        String(item.split(separator: " ").first ?? "").lowercased()
    }

    private static func isUTF8(_ name: String) -> Bool {
        let upper = name.uppercased()
        return upper == "UTF-8" || upper == "UTF8"
    }

    /// Printable ASCII of a subnegotiation field, at most `limit` characters.
    static func text(_ bytes: ArraySlice<UInt8>, limit: Int) -> String {
        String(decoding: bytes.filter { $0 >= 0x20 && $0 < 0x7F }.prefix(limit), as: UTF8.self)
    }
}

extension Int {
    fileprivate func clamped(to range: ClosedRange<Int>) -> Int {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
