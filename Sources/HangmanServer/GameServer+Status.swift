/// The server's status for those outside a game (MSSP crawlers: `hangman-server`'s main).
extension GameServer {
    /// How many players are logged in and connected, answered on the lobby's queue.
    public func countOnline(reply: @escaping @Sendable (Int) -> Void) {
        lobby.countOnline(reply: reply)
    }
}
