/// The server's status for those outside a game (MSSP crawlers: `hangman-server`'s main).
extension GameServer {
    /// How many players are logged in and connected now, without waiting (any thread): the lobby's
    /// count as of its last change (house bots are not counted).
    public var playersOnlineNow: Int { lobby.playersOnline.load(ordering: .relaxed) }
}
