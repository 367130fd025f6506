import Dispatch
import HangmanCore
import HangmanNet

/// Moving between the lobby and rooms: quick play, create, join, watch, leave.
extension Session {

    /// Leaves the current room (if any) and goes back to the lobby.
    func leaveRoom(reason: String?, then: (@Sendable () -> Void)? = nil) {
        guard let current = room else {
            then?()
            return
        }
        room = nil
        seated = false
        output.turnEnded()  // no `your turn> ` for a game left behind
        server.lobby.setLocation(id: id, member: self, room: nil)
        current.leave(id: id, member: self, reason: reason) {
            if let then { self.onQueue(then) }
        }
    }

    /// The room removed this player (kicked): back to the lobby, told so and what to type next. The
    /// prompt is plain at once, before the room's `left` reaches them (one kicked on their turn kept
    /// `your turn> ` in the lobby).
    func removed(from room: Room, by: String) {
        output.turnEnded()
        onQueue {
            guard self.room === room else { return }
            self.room = nil
            self.seated = false
            self.server.lobby.setLocation(id: self.id, member: self, room: nil)
            self.send(.kicked(room: room.name, by: by))
        }
    }

    func quickPlay() {
        begin()
        move(to: .quick(savedSettings ?? server.config.game))
    }

    func create(name: String, password: String?) {
        if let problem = CommandParser.validateRoomName(name) { return sendError(.invalidInput, problem) }
        begin()
        move(to: .new(name, password: password, savedSettings ?? server.config.game)) { room in
            // `create friday night` must not make a private room silently.
            guard let password else { return }
            self.send(
                .info(
                    "\(room.name) is private: its password is \(password) (only you see this). "
                        + "Friends join with: join \(room.name) \(password)"))
        }
    }

    func join(name: String, password: String?, spectator: Bool) {
        if let problem = CommandParser.validateRoomName(name) { return sendError(.invalidInput, problem) }
        begin()
        move(to: .room(name, password: password, spectator: spectator))
    }

    /// One lobby call (`Lobby.move`), then where the player is now; `joined` runs on the session's
    /// queue once in the new room, before the next waiting line.
    private func move(to destination: Lobby.Destination, joined: (@Sendable (Room) -> Void)? = nil) {
        let current = room
        server.lobby.move(self, id: id, from: current, to: destination) { now, error in
            self.onQueue {
                if now !== current { self.seated = false }
                self.room = now
                if let error {
                    self.send(error.outbound)
                } else if let now {
                    self.seated = !destination.spectator
                    if self.isClosed {
                        // Seated after the connection went (its name is already released): free the seat.
                        now.leave(id: self.id, member: self, reason: "disconnected")
                    } else {
                        joined?(now)
                    }
                }
                self.finish()
            }
        }
    }
}
