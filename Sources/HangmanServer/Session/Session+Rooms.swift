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

    func quickPlay(attempt: Int = 1) {
        begin()
        leaveRoom(reason: nil) {
            let settings = self.savedSettings ?? self.server.config.game
            // The directory the lobby picks from lags a burst of joins; a retry takes a room of its own.
            self.server.lobby.quickRoom(settings: settings, fresh: attempt > 2) { result in
                switch result {
                case .failure(let error):
                    self.onQueue {
                        self.send(error.outbound)
                        self.finish()
                    }
                case .success(let room):
                    self.enter(room, password: nil, spectator: false) { error in
                        self.server.lobby.quickJoinFinished(room)
                        // The room filled up or emptied between the lobby's pick and our arrival: pick again.
                        if let error, attempt < 3, error.code == .roomFull || error.code == .noSuchRoom {
                            return self.quickPlay(attempt: attempt + 1)
                        }
                        if let error { self.send(error.outbound) }
                        self.finish()
                    }
                }
            }
        }
    }

    func create(name: String, password: String?) {
        if let problem = CommandParser.validateRoomName(name) { return sendError(.invalidInput, problem) }
        begin()
        // In the lobby the lobby's own check (when it makes the room) is the only one needed.
        guard room != nil else { return leaveThenCreate(name: name, password: password) }
        // In a room: not left for a name in use (the lobby checks again when it makes the room).
        server.lobby.room(named: name) { existing in
            self.onQueue {
                guard existing == nil else {
                    self.send(ServerError.roomExists(name).outbound)
                    return self.finish()
                }
                self.leaveThenCreate(name: name, password: password)
            }
        }
    }

    private func leaveThenCreate(name: String, password: String?) {
        leaveRoom(reason: nil) {
            let settings = self.savedSettings ?? self.server.config.game
            self.server.lobby.createRoom(name: name, password: password, settings: settings) { result in
                switch result {
                case .failure(let error):
                    self.onQueue {
                        self.send(error.outbound)
                        self.finish()
                    }
                case .success(let room):
                    self.enter(room, password: password, spectator: false) { error in
                        if let error {
                            self.send(error.outbound)
                        } else if let password {
                            // `create friday night` must not make a private room silently.
                            self.send(
                                .info(
                                    "\(room.name) is private: its password is \(password) (only you see this). "
                                        + "Friends join with: join \(room.name) \(password)"))
                        }
                        self.finish()
                    }
                }
            }
        }
    }

    func join(name: String, password: String?, spectator: Bool) {
        if let problem = CommandParser.validateRoomName(name) { return sendError(.invalidInput, problem) }
        begin()
        let current = room
        server.lobby.move(self, id: id, from: current, to: name, password: password, spectator: spectator) { now, error in
            self.onQueue {
                if now !== current { self.seated = false }
                self.room = now
                if let error {
                    self.send(error.outbound)
                } else if let now {
                    self.seated = !spectator
                    // Seated after the connection went (its name is already released): free the seat.
                    if self.isClosed { now.leave(id: self.id, member: self, reason: "disconnected") }
                }
                self.finish()
            }
        }
    }

    /// Takes a seat (or a spectator's place) in `room`; `done` runs on the session's queue.
    func enter(_ room: Room, password: String?, spectator: Bool, done: @escaping @Sendable (ServerError?) -> Void) {
        room.join(member: self, id: id, password: password, spectator: spectator) { result in
            self.onQueue {
                switch result {
                case .success:
                    guard !self.isClosed else {
                        // Seated after the connection went (its name is already released): free the seat.
                        room.leave(id: self.id, member: self, reason: "disconnected")
                        return done(nil)
                    }
                    self.room = room
                    self.seated = !spectator
                    self.server.lobby.setLocation(id: self.id, member: self, room: room)
                    done(nil)
                case .failure(let error):
                    done(error)
                }
            }
        }
    }
}
