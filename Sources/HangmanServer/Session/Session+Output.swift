import HangmanCore

/// What a session sends of its own: through its `MemberOutput`, like everything a room or the
/// lobby delivers to it.
extension Session {
    func send(_ event: Outbound) { output.deliver(event) }

    /// The last words of a connection (goodbye, the shutdown notice). Any queue.
    func sendLast(_ event: Outbound) { output.deliverLast(event) }

    func sendError(_ code: ErrorCode, _ message: String) {
        send(.error(code: code, message: message))
    }

    func sendPrompt(_ what: String) { output.prompt(what) }
}
