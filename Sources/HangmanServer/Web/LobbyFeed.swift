import Dispatch
import HangmanSync

/// The front page's or the projector's live part for their event streams (issue 31): while any such
/// stream is open, every `http-lobby-ms` it renders the part once (`WebPages.live`: the public rooms
/// and the leaderboards, as the page itself shows them) and, only when that changed, sends the same
/// bytes to every stream as one `live` message. Nothing is done for a stream when nothing changed,
/// and nothing at all while no stream is open (the timer stops).
final class LobbyFeed: Sendable {
    private let site: WebSite
    private let big: Bool
    private let intervalMilliseconds: Int
    private let queue: DispatchQueue

    private struct State {
        var streams: [ObjectIdentifier: StreamOutput] = [:]
        /// The last `live` message sent (framed), nil before the first look.
        var last: [UInt8]?
        var running = false
    }

    private let state = Locked(State())

    init(site: WebSite, big: Bool, intervalMilliseconds: Int) {
        self.site = site
        self.big = big
        self.intervalMilliseconds = max(1, intervalMilliseconds)
        self.queue = DispatchQueue(label: big ? "hangman.web.big" : "hangman.web.front")
    }

    /// A stream opens: it gets the last part at once (it may be newer than its page), then every change.
    func add(_ output: StreamOutput) {
        let (start, last) = state.withLock { state -> (Bool, [UInt8]?) in
            state.streams[ObjectIdentifier(output)] = output
            defer { state.running = true }
            return (!state.running, state.last)
        }
        if let last { output.send(framed: last) }
        if start { schedule() }
    }

    func remove(_ output: StreamOutput) {
        _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(output)) }
    }

    var streamCount: Int { state.withLock { $0.streams.count } }

    private func schedule() {
        queue.asyncAfter(deadline: .now() + .milliseconds(intervalMilliseconds)) { [weak self] in self?.look() }
    }

    /// One look: render, and send if changed; the next look is scheduled once this one answered.
    private func look() {
        let open = state.withLock { state -> Bool in
            guard state.streams.isEmpty else { return true }
            state.running = false
            state.last = nil
            return false
        }
        guard open else { return }
        WebPages(site: site).live(big: big) { [weak self] html in
            guard let self else { return }
            let framed = StreamOutput.frame(Array(html.utf8), event: "live")
            let targets = self.state.withLock { state -> [StreamOutput] in
                guard state.last != framed else { return [] }
                state.last = framed
                return Array(state.streams.values)
            }
            for output in targets { output.send(framed: framed) }
            self.queue.async { self.schedule() }
        }
    }
}
