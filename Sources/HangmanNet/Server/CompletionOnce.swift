import HangmanSync

/// A completion that runs at most once, whichever of its triggers comes first.
final class CompletionOnce: Sendable {
    private let body: Locked<(@Sendable () -> Void)?>

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = Locked(body)
    }

    func fire() {
        let run = body.withLock { stored -> (@Sendable () -> Void)? in
            defer { stored = nil }
            return stored
        }
        run?()
    }
}
