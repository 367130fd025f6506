import HangmanCore

/// Errors the sessions layer answers with; each has a protocol error code and a message for people.
enum ServerError: Error, Equatable, Sendable {
    /// `name_taken`
    case roomExists(String)
    /// `out_of_range`
    case tooManyRooms(Int)
    /// `room_full`
    case roomFull(String)
    /// `no_such_room`
    case noSuchRoom(String)
    /// `bad_password`
    case badRoomPassword(String)
    /// `bad_password`: none was typed for a private room (`watching`: the command was `watch`).
    case roomPasswordMissing(String, watching: Bool)
    /// `not_host`
    case notHost
    /// `not_host`: a watcher typed `start`.
    case watcherCannotStart(String)
    /// `no_game`
    case noGame(String)
    /// `not_your_turn`
    case notYourTurn(String)
    /// `already_guessed`
    case alreadyGuessed(String)
    /// `invalid_input`
    case invalid(String)
    /// The player named is not in the room.
    case noSuchPlayer(String)
    /// `out_of_range`
    case outOfRange(String)
    /// Voted out of the room: no seat in it for `minutes` more (`not_allowed`).
    case votedOut(String, minutes: Int)
    /// A second vote-kick started within `votekick-start-seconds` (`rate_limited`).
    case voteTooSoon(seconds: Int)
    /// `unknown_command`: a line that is no command (the word as typed).
    case unknownCommand(String)
    /// `unavailable`: the server is shutting down and makes no more rooms.
    case closing

    var code: ErrorCode {
        switch self {
        case .roomExists: .nameTaken
        case .tooManyRooms, .outOfRange: .outOfRange
        case .roomFull: .roomFull
        case .noSuchRoom: .noSuchRoom
        case .badRoomPassword, .roomPasswordMissing: .badPassword
        case .notHost, .watcherCannotStart: .notHost
        case .noGame: .noGame
        case .notYourTurn: .notYourTurn
        case .alreadyGuessed: .alreadyGuessed
        case .invalid: .invalidInput
        case .noSuchPlayer: .noSuchPlayer
        case .votedOut: .notAllowed
        case .voteTooSoon: .rateLimited
        case .unknownCommand: .unknownCommand
        case .closing: .unavailable
        }
    }

    var message: String {
        switch self {
        case .roomExists(let name): "a room called \(name) exists already; join \(name), or pick another name"
        case .tooManyRooms(let limit): "the server holds at most \(limit) rooms; join one of them (type rooms)"
        case .roomFull(let name): "\(name) has no free seat; watch \(name) to spectate, or type play"
        case .noSuchRoom(let name): "there is no room called \(name); type rooms for the list"
        case .badRoomPassword(let name): "\(name) is private and that is not its password"
        case .roomPasswordMissing(let name, let watching):
            "\(name) is private: type \(watching ? "watch" : "join") \(name) <password>"
        case .notHost: "only the room's host can do that"
        case .watcherCannotStart(let name): "you are watching \(name); its host starts the games (join \(name) to play)"
        case .noSuchPlayer(let message): message
        case .votedOut(let name, let minutes):
            "you were voted out of \(name): you may sit there again in \(minutes) min (watch \(name) meanwhile)"
        case .voteTooSoon(let seconds): "one vote-kick a minute: you may start another in \(seconds) s"
        case .unknownCommand(let word): "unknown command '\(word)'; type help for the list"
        case .closing: "the server is shutting down and opens no more rooms"
        case .noGame(let message), .notYourTurn(let message), .alreadyGuessed(let message), .invalid(let message),
            .outOfRange(let message):
            message
        }
    }

    var outbound: Outbound { .error(code: code, message: message) }

    init(_ error: SettingsError) {
        switch error {
        case .outOfRange: self = .outOfRange(error.message)
        default: self = .invalid(error.message)
        }
    }

    /// A game's refusal as the room answers it (`turn`: whose turn it is; `letter`: the letter guessed).
    init(_ error: GameError, turn: PlayerID?, letter: Character?) {
        self =
            switch error {
            case .notYourTurn: .notYourTurn("it is \(turn?.name ?? "nobody")'s turn")
            case .alreadyGuessed:
                .alreadyGuessed(
                    letter.map { "\($0) was guessed already; try another letter" }
                        ?? "that word was guessed already; try another word or a letter")
            case .invalidInput(let message): .invalid(message)
            case .gameOver: .noGame("the game is over; type start for a new one")
            case .notAPlayer: .noGame("you are not playing in this game; wait for the next one")
            }
    }
}
