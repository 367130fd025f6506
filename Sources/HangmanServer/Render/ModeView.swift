import HangmanCore

/// What a mode adds to what players see, in each output style: its lines and fields on the board,
/// its own turn line, and the progress of a player on their own board (`Outbound.progress`). Every
/// flow is one (`ModeFlow` refines it); every requirement has a default that adds nothing, and the
/// renderers ask every flow through `ModeFlows`, in mode order, so they never name a mode.
protocol ModeView: Sendable {
    /// Whether the mode's players guess any time (no turns: a board's `turn` only says they may).
    var guessesAnyTime: Bool { get }
    /// The text board's line instead of the turn's, for a mode whose players guess any time.
    func textTurnLine(_ s: RoomSnapshot, _ p: Paint) -> String?
    /// The spoken board's sentence instead of the turn's.
    func spokenTurnLine(_ s: RoomSnapshot) -> String?
    /// Lines the text board adds after the turn when `s` holds the mode's fields.
    func textLines(_ s: RoomSnapshot, _ p: Paint) -> [String]
    /// Sentences the spoken board adds after the turn.
    func spokenLines(_ s: RoomSnapshot) -> [String]
    /// The `state` event's fields of the mode, after `private`.
    func jsonFields(_ w: inout JSONWriter, _ s: RoomSnapshot)
    /// A player's progress on their own board (`Outbound.progress`) in JSON, text and speech.
    func progressJSON(room: String, _ counts: BoardCounts) -> [UInt8]
    func progressText(_ counts: BoardCounts, _ p: Paint) -> [String]
    func progressSpoken(_ counts: BoardCounts) -> [String]
}

extension ModeView {
    var guessesAnyTime: Bool { false }
    func textTurnLine(_ s: RoomSnapshot, _ p: Paint) -> String? { nil }
    func spokenTurnLine(_ s: RoomSnapshot) -> String? { nil }
    func textLines(_ s: RoomSnapshot, _ p: Paint) -> [String] { [] }
    func spokenLines(_ s: RoomSnapshot) -> [String] { [] }
    func jsonFields(_ w: inout JSONWriter, _ s: RoomSnapshot) {}
    /// A mode without own boards sends no progress: nothing is written for it.
    func progressJSON(room: String, _ counts: BoardCounts) -> [UInt8] { [] }
    func progressText(_ counts: BoardCounts, _ p: Paint) -> [String] { [] }
    func progressSpoken(_ counts: BoardCounts) -> [String] { [] }
}

extension ModeFlows {
    /// The flow of the board's mode when its players guess any time, while it is played and `turn`
    /// says they may (nil: the board's turn is a turn).
    static func anyTimeFlow(_ s: RoomSnapshot) -> (any ModeFlow)? {
        guard s.turn != nil, s.status == .playing, let flow = Mode(rawValue: s.mode)?.flow, flow.guessesAnyTime else {
            return nil
        }
        return flow
    }

    /// Every flow's lines on a text board, in mode order.
    static func textLines(_ s: RoomSnapshot, _ p: Paint, flows: [any ModeFlow] = all) -> [String] {
        flows.flatMap { $0.textLines(s, p) }
    }

    /// Every flow's sentences on a spoken board, in mode order.
    static func spokenLines(_ s: RoomSnapshot, flows: [any ModeFlow] = all) -> [String] {
        flows.flatMap { $0.spokenLines(s) }
    }

    /// Every flow's fields on a JSON board, in mode order.
    static func jsonFields(_ w: inout JSONWriter, _ s: RoomSnapshot, flows: [any ModeFlow] = all) {
        for flow in flows { flow.jsonFields(&w, s) }
    }
}
