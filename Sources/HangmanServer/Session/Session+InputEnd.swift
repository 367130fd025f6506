import Dispatch
import HangmanNet

/// A client that ends its input (a half-close: `printf 'ann\ntop\n' | nc -N host 4000`, or a
/// program at the end of its script) still gets every answer: the session closes only once the lines
/// it sent have run, and after a turn of its room's and the lobby's queues, so what they sent in
/// answer to those lines went out first. Closing with `.inputEnded` flushes the output.
extension Session {
    /// The transport says no more lines will come (on the transport's queue, after the last one).
    public func endOfInput() {
        inputEnded = true
        closeIfAnswered()
    }

    /// Closes if the input ended and nothing the client sent is still waiting or running.
    func closeIfAnswered() {
        guard inputEnded, !inputEndClosing, !busy, backlog.isEmpty else { return }
        if case .closed = phase { return }
        inputEndClosing = true
        let queues = [room?.queue, server.lobby.queue].compactMap { $0 }
        after(queues[...]) { self.connection.close(reason: .inputEnded) }
    }

    /// Runs `body` on this session's queue after one turn of each of `queues`, in order.
    private func after(_ queues: ArraySlice<DispatchQueue>, _ body: @escaping @Sendable () -> Void) {
        guard let first = queues.first else { return onQueue(body) }
        first.async { self.after(queues.dropFirst(), body) }
    }
}
