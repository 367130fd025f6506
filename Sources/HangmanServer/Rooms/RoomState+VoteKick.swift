import HangmanCore

/// `votekick <player>`: the room's part of issue 33. The tally is the `VoteKick` value (its rules and
/// tests in Moderation/); this applies its outcome: the room hears each vote, and a passed one
/// removes the player as a kick does, barred from a seat here for `votekick-ban-minutes`.
extension RoomState {
    mutating func votekick(by client: ClientID, _ id: PlayerID, target: String) {
        guard isMember(id, client), seats.contains(where: { $0.id == id }), !bots.contains(id) else {
            return reply(.invalid("only a player seated in \(name) votes; spectators have none"))
        }
        let targetID = PlayerID(target)
        guard let member = seats.first(where: { $0.id == targetID }) else {
            return reply(.noSuchPlayer("\(target) has no seat in \(name)"))
        }
        guard !bots.contains(targetID) else { return reply(.invalid("a bot is removed by the host: bot remove \(target)")) }
        let humans = Set(seats.filter { !bots.contains($0.id) }.map(\.id.key))
        switch voteKick.vote(by: id.key, against: targetID.key, seatedHumans: humans, now: now) {
        case .notEligible: reply(.invalid("you cannot vote to kick yourself; type leave"))
        case .alreadyVoted: reply(.invalid("you voted to kick \(member.id.name) already"))
        case .tooSoon(let retryAt): reply(.voteTooSoon(seconds: Int((retryAt - now + 999_999_999) / 1_000_000_000)))
        case .started(let yes, let needed), .counted(let yes, let needed):
            reply(nil)
            broadcast(.votekick(room: name, target: member.id.name, by: id.name, yes: yes, needed: needed, passed: false))
        case .passed:
            reply(nil)
            let needed = VoteKick.needed(seatedHumans: humans.count)
            broadcast(.votekick(room: name, target: member.id.name, by: id.name, yes: needed, needed: needed, passed: true))
            emit(
                .audit(
                    ModerationEntry(at: wallNow, by: id.name, action: .votekick, target: member.id.name, detail: "out of \(name)")
                ))
            expel(targetID, client: member.client, reason: "voted out", by: "a vote")
        }
    }
}
