/// Every error code the server sends (the `code` of an `error` event), each defined once here.
/// The wire contract (docs/PROTOCOL.md) promises the first fourteen; nothing sends a code that is
/// not a case of this enum.
public enum ErrorCode: String, Sendable, CaseIterable {
    /// The first word of the line is not a command.
    case unknownCommand = "unknown_command"
    /// The command exists but its arguments (or the moment) are wrong; the message says how to use it.
    case invalidInput = "invalid_input"
    /// A guess from a player whose turn it is not (or from a spectator).
    case notYourTurn = "not_your_turn"
    /// That letter (or wrong word) was guessed already this round; nothing was spent.
    case alreadyGuessed = "already_guessed"
    /// No game is running where the player is (lobby, a waiting room, or not seated in this game).
    case noGame = "no_game"
    /// The name (or room name) is in use by someone else.
    case nameTaken = "name_taken"
    /// The name is not a valid name (characters, length, a command word).
    case nameInvalid = "name_invalid"
    /// A wrong account or room password.
    case badPassword = "bad_password"
    /// Only the room's host may do that.
    case notHost = "not_host"
    /// The room has no free seat.
    case roomFull = "room_full"
    /// No room has that name.
    case noSuchRoom = "no_such_room"
    /// A setting's value outside its range, or one that leaves no word; also the room limit.
    case outOfRange = "out_of_range"
    /// The input line was longer than the limit and was discarded.
    case lineTooLong = "line_too_long"
    /// Too many commands, chat lines or password attempts too fast.
    case rateLimited = "rate_limited"
    /// A command names a player who is not there (`kick` of someone not in the room).
    case noSuchPlayer = "no_such_player"
    /// The account or leaderboard store could not answer (an outage, not a wrong answer): try again soon.
    case unavailable = "unavailable"
    /// An operator command from a player who is not an operator logged in with its account's password.
    case notAllowed = "not_allowed"
    /// The name is banned (at login): the message gives the end time and the reason; `bye` follows.
    case banned = "banned"
    /// The player is muted: their `say` reached nobody; the message gives the end time.
    case muted = "muted"
}
