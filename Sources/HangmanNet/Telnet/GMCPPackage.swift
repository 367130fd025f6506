/// The GMCP package names the server sends (`Connection.sendGMCP(package:json:)`), defined once.
/// Each carries the JSON object of the JSON-mode event named beside it (docs/PROTOCOL.md, "GMCP").
public enum GMCPPackage {
    /// `state`: the room's game after every change.
    public static let state = "Hangman.State"
    /// `room` / `rooms`: entering or leaving a room, its settings and seats.
    public static let room = "Hangman.Room"
    /// `chat`: a chat line.
    public static let chat = "Hangman.Chat"
    /// `top` / `highscores`: a leaderboard page.
    public static let leaderboard = "Hangman.Leaderboard"
    /// `logged_in`: the name, after login.
    public static let login = "Hangman.Login"
    /// `bye`: why the server closes the connection.
    public static let goodbye = "Core.Goodbye"
}
