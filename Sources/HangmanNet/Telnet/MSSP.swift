/// MUD Server Status Protocol (option 70, tintin.mudhalla.net/protocols/mssp): the server's status
/// as `IAC SB MSSP (MSSP_VAR name MSSP_VAL value)… IAC SE`, sent when a client (a MUD listing's
/// crawler) agrees to our WILL MSSP.
public enum MSSP {
    /// The variables to send: the server layer supplies them with `TransportServer.setMSSP`.
    /// Names are upper case by convention (`NAME`, `PLAYERS`, `UPTIME`, `CODEBASE`, `PORT`, …); a
    /// variable may appear more than once (several `PORT`s).
    public typealias Provider = @Sendable () -> [(name: String, value: String)]

    /// The subnegotiation for `variables`. Bytes that would end or split the frame (NUL, MSSP_VAR,
    /// MSSP_VAL, IAC) are dropped from names and values.
    public static func encode(_ variables: [(name: String, value: String)]) -> [UInt8] {
        var body: [UInt8] = []
        for (name, value) in variables {
            body.append(TelnetSub.msspVar)
            body += clean(name)
            body.append(TelnetSub.msspVal)
            body += clean(value)
        }
        return TelnetFilter.subnegotiation(TelnetOption.mssp, body)
    }

    private static func clean(_ text: String) -> [UInt8] {
        text.utf8.filter { $0 > TelnetSub.msspVal && $0 != TelnetCommand.iac }
    }
}
