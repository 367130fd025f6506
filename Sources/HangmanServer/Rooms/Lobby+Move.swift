import HangmanCore

/// Moving a member between the lobby and rooms, each move one call (issue 30 item 6): from a room
/// a `join` took four round trips between the member, the lobby and the rooms. The lobby finds or
/// makes the room, leaves the old one only for a room that would take the member, joins, records
/// where the member is, and answers once with where the member is now (nil: the lobby) and why the
/// move failed, if it did.
extension Lobby {
    enum Destination: Sendable {
        /// `join` / `watch` a room by name.
        case room(String, password: String?, spectator: Bool)
        /// Quick play, with the member's remembered settings for a new quick room.
        case quick(Settings)
        /// `create`: a new room with the member's remembered settings.
        case new(String, password: String?, Settings)

        var spectator: Bool { if case .room(_, _, let spectator) = self { spectator } else { false } }
    }

    /// How many picks quick play makes when the room picked fills up or empties before the join
    /// lands (the directory lags a burst of joins); the last ones take a new room of their own.
    static let quickPlayAttempts = 3

    func move(
        _ member: any LobbyMember, id: PlayerID, from current: Room?, to destination: Destination,
        reply: @escaping @Sendable (_ room: Room?, _ error: ServerError?) -> Void
    ) {
        queue.async {
            switch destination {
            case .room(let name, let password, let spectator):
                guard let target = self.existingRoom(named: name) else { return reply(current, .noSuchRoom(name)) }
                // In the lobby, or the same room (a spectator may take a seat): the room decides.
                guard let current, current !== target else {
                    return self.join(member, id, target, password: password, spectator: spectator, from: current, reply)
                }
                target.refusal(id: id, password: password, spectator: spectator) { refused in
                    if let refused { return reply(current, refused) }
                    self.leave(member, id, current) {
                        self.join(member, id, target, password: password, spectator: spectator, from: nil, reply)
                    }
                }
            case .quick(let settings):
                self.leave(member, id, current) { self.quickJoin(member, id, settings, attempt: 1, reply) }
            case .new(let name, let password, let settings):
                // Not left for a name in use (`makeRoom` checks again).
                if current != nil, self.existingRoom(named: name) != nil { return reply(current, .roomExists(name)) }
                self.leave(member, id, current) {
                    self.queue.async {
                        switch self.makeRoom(name: name, password: password, settings: settings) {
                        case .failure(let error): reply(nil, error)
                        case .success(let room):
                            self.join(member, id, room, password: password, spectator: false, from: nil, reply)
                        }
                    }
                }
            }
        }
    }

    /// Leaves `current` (if any) for the lobby; `then` runs once the room has let the member go.
    private func leave(_ member: any LobbyMember, _ id: PlayerID, _ current: Room?, then: @escaping @Sendable () -> Void) {
        guard let current else { return then() }
        member.output.turnEnded()  // no `your turn> ` for a game left behind
        setLocation(id: id, member: member, room: nil)
        current.leave(id: id, member: member, reason: nil, reply: then)
    }

    private func join(
        _ member: any LobbyMember, _ id: PlayerID, _ target: Room, password: String?, spectator: Bool, from: Room?,
        _ reply: @escaping @Sendable (Room?, ServerError?) -> Void
    ) {
        target.join(member: member, id: id, password: password, spectator: spectator) { result in
            if case .failure(let error) = result { return reply(from, error) }
            self.setLocation(id: id, member: member, room: target)
            reply(target, nil)
        }
    }

    /// Picks a quick room and joins it; the room filled up or emptied between the pick and the
    /// join: picks again (the last attempts a room of its own).
    private func quickJoin(
        _ member: any LobbyMember, _ id: PlayerID, _ settings: Settings, attempt: Int,
        _ reply: @escaping @Sendable (Room?, ServerError?) -> Void
    ) {
        queue.async {
            switch self.pickQuickRoom(settings: settings, fresh: attempt >= Self.quickPlayAttempts) {
            case .failure(let error): reply(nil, error)
            case .success(let room):
                room.join(member: member, id: id, password: nil, spectator: false) { result in
                    self.quickJoinFinished(room)
                    switch result {
                    case .success:
                        self.setLocation(id: id, member: member, room: room)
                        reply(room, nil)
                    case .failure(let error)
                    where attempt < Self.quickPlayAttempts && (error.code == .roomFull || error.code == .noSuchRoom):
                        self.quickJoin(member, id, settings, attempt: attempt + 1, reply)
                    case .failure(let error):
                        reply(nil, error)
                    }
                }
            }
        }
    }
}
