import HangmanCore

/// What a room shows (the views are `RoomBoard`'s): the board, the players, the lobby's summary.
extension RoomState {
    /// The seats, with the shown game's scores.
    func playerViews() -> [PlayerView] { RoomBoard.players(self, shownGame?.players ?? []) }

    var hostName: String? { seats.first { $0.id == host }?.name }

    /// The board as it stands at the last input's time.
    func snapshot() -> RoomSnapshot { RoomBoard.snapshot(self, at: now) }

    /// The board at time `now` (for `state` asked between inputs).
    func snapshot(at now: UInt64) -> RoomSnapshot { RoomBoard.snapshot(self, at: now) }

    var status: RoomSnapshot.Status { RoomBoard.status(phase) }

    var summary: RoomSummary { RoomBoard.summary(self) }

    /// Whether a pending settings change waits for the next round.
    var hasPendingSettings: Bool { isPlaying && current?.pendingSettings != nil }
}
