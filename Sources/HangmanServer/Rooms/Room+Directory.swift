extension Room {
    /// What the lobby may read without hopping onto the room's queue.
    struct Directory: Sendable {
        var summary: RoomSummary
        /// Set when the room empties for good: quick play must not pick it while the lobby's
        /// removal is still on its way (a closed room refuses every join).
        var isClosed = false
        var players: Int { summary.players }
        var freeSeats: Int { isClosed ? 0 : max(0, summary.seats - summary.players) }
    }
}
