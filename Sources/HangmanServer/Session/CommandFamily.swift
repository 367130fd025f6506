import HangmanCore

/// One family of a logged-in player's commands (rooms, chat, account, bots, leaderboard): its own
/// type, with its own state private to it, run on the session's queue. `Session.run` offers each
/// command to its families in order (`Session.families`); the first that knows it runs it. A new
/// family of commands is one such type, its rows in `CommandTable` and one entry in that list.
protocol CommandFamily: AnyObject {
    /// Runs `command` for `session` if it is one of this family's, and says whether it was.
    func run(_ command: Command, for session: Session) -> Bool
}
