import HangmanSync

/// A completion that runs at most once: the first of "the work answered" and "the time limit passed"
/// wins, the other is dropped. Lets every store call have a deadline without cancelling the work.
final class CompletionOnce<T: Sendable>: Sendable {
    private let body = Locked<(@Sendable (T) -> Void)?>(nil)

    init(_ completion: @escaping @Sendable (T) -> Void) {
        body.withLock { $0 = completion }
    }

    /// True once the completion has run (the caller has its answer: skip work not yet started).
    var isDone: Bool { body.withLock { $0 == nil } }

    /// Runs the completion with `value` unless it already ran; true when this call ran it.
    @discardableResult
    func complete(_ value: T) -> Bool {
        let taken = body.withLock { slot -> (@Sendable (T) -> Void)? in
            defer { slot = nil }
            return slot
        }
        guard let taken else { return false }
        taken(value)
        return true
    }
}
