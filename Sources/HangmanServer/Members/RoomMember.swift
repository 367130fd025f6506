import HangmanCore
import HangmanNet
import HangmanStore

/// What sits in a room or in the lobby, as they see it: a player's `Session`, a house bot (a session
/// on a `BotTransport`) and, next, a web page's spectator. Rooms and the lobby know members only
/// through this seam: who it is (its `ObjectIdentifier`, its name), its output endpoint (any queue
/// may deliver a rendered batch there) and the few things a room tells a member beyond output.
protocol RoomMember: AnyObject, Sendable {
    /// The member's output endpoint: thread-safe, one write per batch.
    var output: MemberOutput { get }
    /// The room may apply this member's requests on the caller's thread (`Room.guess`): false for a
    /// member whose queue targets the rooms' own pool (house bots).
    var mayWaitForRooms: Bool { get }
    /// The room removed this member (kicked by `by`): it is back in the lobby. Any queue.
    func removed(from room: Room, by: String)
}

extension RoomMember {
    /// The member's display name ("" before login). Any queue.
    var displayName: String { output.name }
    var style: OutputStyle { output.style }

    /// The room marked this member away (too many turn time-outs): what it types next brings it back.
    func markedAway() { output.markAway() }
}

/// A member the lobby lists by name: it may be displaced by a login elsewhere and has a password
/// whose stamp the lobby checks (`Lobby+PasswordCheck.swift`).
protocol LobbyMember: RoomMember {
    /// The name's password was given on another connection: say so and close. Any queue.
    func displace(by peer: String)
    /// The account's password stamp as the store has it now. Any queue.
    func passwordChecked(_ stored: PasswordStamp)
    /// An operator banned or disconnected this player: say `goodbye` and close, releasing the seat.
    func removedByOperator(goodbye: String)
}
