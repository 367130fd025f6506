import HangmanSync

/// Collects `count` answers that arrive on any queue, by index, and calls `done` once with all of
/// them (at once when `count` is 0): a page that needs several rooms and the store asks them all at
/// once and renders when the last answers.
final class Gather<Value: Sendable>: Sendable {
    private struct State {
        var values: [Value?]
        var left: Int
    }

    private let state: Locked<State>
    private let done: @Sendable ([Value]) -> Void

    init(count: Int, done: @escaping @Sendable ([Value]) -> Void) {
        self.state = Locked(State(values: Array(repeating: nil, count: count), left: count))
        self.done = done
        if count == 0 { done([]) }
    }

    func set(_ index: Int, _ value: Value) {
        let all = state.withLock { state -> [Value]? in
            guard state.values[index] == nil, state.left > 0 else { return nil }
            state.values[index] = value
            state.left -= 1
            return state.left == 0 ? state.values.compactMap { $0 } : nil
        }
        if let all { done(all) }
    }
}
