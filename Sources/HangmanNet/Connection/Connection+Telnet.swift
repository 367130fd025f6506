/// The telnet side of a connection for the sessions layer: what the client's terminal is, prompt
/// ends, GMCP. All thread-safe (the telnet state lives in the `input` pipeline, behind its lock) and no-ops for non-telnet clients.
extension Connection {
    /// What the client's terminal is (window size, type, capabilities, agreed options). Thread-safe;
    /// 80 × 24 and nothing agreed for `nc` clients. Changes are reported with
    /// `ConnectionHandler.connection(_:terminalChanged:)`.
    public var terminal: TerminalInfo { input.withLock { $0.telnet.terminal } }

    /// Sends `prompt` (no line end added), then what marks the end of a prompt, in one piece: IAC
    /// EOR when the client agreed to EOR, else IAC GA for telnet clients (unless SUPPRESS-GO-AHEAD
    /// was agreed), nothing for `nc`; so MUD clients show it as a prompt. (A caller that builds its
    /// own write takes the end from `terminal.promptEnd`.)
    public func send(prompt: String) {
        input.withLock { pipeline in
            var bytes = Array(prompt.utf8)
            bytes += pipeline.telnet.promptEndBytes
            send(bytes)
        }
    }

    /// Sends one GMCP message, `package` (e.g. `Hangman.State`) then `json` (a JSON value, or ""
    /// for none). A no-op unless the client agreed to GMCP (`terminal.gmcp`). Returns whether it
    /// was sent.
    @discardableResult
    public func sendGMCP(package: String, json: String) -> Bool {
        input.withLock { pipeline in
            let bytes = pipeline.telnet.gmcpMessage(package: package, json: json)
            guard !bytes.isEmpty else { return false }
            send(bytes)
            return true
        }
    }
}
