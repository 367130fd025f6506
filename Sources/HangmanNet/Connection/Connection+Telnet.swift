/// The telnet side of a connection for the sessions layer: what the client's terminal is, prompt
/// ends, GMCP. All thread-safe (state behind the `telnet` lock) and no-ops for non-telnet clients.
extension Connection {
    /// What the client's terminal is (window size, type, capabilities, agreed options). Thread-safe;
    /// 80 × 24 and nothing agreed for `nc` clients. Changes are reported with
    /// `ConnectionHandler.connection(_:terminalChanged:)`.
    public var terminal: TerminalInfo { telnet.withLock { $0.terminal } }

    /// Marks the end of a prompt: IAC EOR when the client agreed to EOR, else IAC GA for telnet
    /// clients (unless SUPPRESS-GO-AHEAD was agreed), nothing for `nc`. Call right after the
    /// prompt's text (which has no line end), so MUD clients show it as a prompt.
    public func sendPromptEnd() {
        telnet.withLock { filter in
            let bytes = filter.promptEndBytes
            if !bytes.isEmpty { send(bytes) }
        }
    }

    /// Sends `prompt` (no line end added), then the prompt end (see `sendPromptEnd`), in one piece.
    public func send(prompt: String) {
        telnet.withLock { filter in
            var bytes = Array(prompt.utf8)
            bytes += filter.promptEndBytes
            send(bytes)
        }
    }

    /// Sends one GMCP message, `package` (e.g. `Hangman.State`) then `json` (a JSON value, or ""
    /// for none). A no-op unless the client agreed to GMCP (`terminal.gmcp`). Returns whether it
    /// was sent.
    @discardableResult
    public func sendGMCP(package: String, json: String) -> Bool {
        telnet.withLock { filter in
            let bytes = filter.gmcpMessage(package: package, json: json)
            guard !bytes.isEmpty else { return false }
            send(bytes)
            return true
        }
    }
}
