import HangmanStore

/// A store query a command waits for (later lines wait for its answer): the result shown, finding
/// nothing answered with the caller's message, any other failure logged and answered `unavailable`.
enum StoreQuery {
    /// Runs a store query and shows its result; `notFound` says what the query did not find.
    static func ask<Value: Sendable>(
        _ session: Session, _ call: (@escaping @Sendable (Result<Value, StoreError>) -> Void) -> Void,
        notFound: String = "nothing found", notFoundCode: ErrorCode = .invalidInput,
        render: @escaping @Sendable (Value) -> Outbound
    ) {
        session.begin()
        call { result in
            session.onQueue {
                switch result {
                case .success(let value): session.send(render(value))
                case .failure(.notFound): session.sendError(notFoundCode, notFound)
                case .failure(let error): answerFailure(error, session)
                }
                session.finish()
            }
        }
    }

    /// A store query failed (other than finding nothing): logged, and the player told to try again.
    static func answerFailure(_ error: StoreError, _ session: Session) {
        session.server.logger.warning("store query failed: \(error)")  // the store logs the cause
        session.sendError(.unavailable, "the leaderboard is unavailable right now; try again soon")
    }

}
