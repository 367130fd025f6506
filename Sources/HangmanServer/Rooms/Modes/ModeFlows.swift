import HangmanCore
import HangmanStore

/// Every mode's flow at once, asked in mode order: what the room and the renderers ask, so they
/// never name a mode. `flows` is the registry's (`all`) but in tests of the seams.
enum ModeFlows {
    /// Each mode's flow, in `Mode` order (read from the registry once).
    static let all: [any ModeFlow] = Mode.allCases.map(\.flow)

    /// Every flow's fields on a board of `game`.
    static func decorate(_ snapshot: inout RoomSnapshot, _ game: Game, flows: [any ModeFlow] = all) {
        for flow in flows { flow.decorate(&snapshot, game) }
    }

    /// The first refusal of the round's hint any flow gives.
    static func hintRefusal(_ game: Game, flows: [any ModeFlow] = all) -> ServerError? {
        for flow in flows {
            if let refusal = flow.hintRefusal(game) { return refusal }
        }
        return nil
    }

    /// The first refusal of a guess by `player` any flow gives.
    static func guessRefusal(_ player: PlayerID, _ game: Game, flows: [any ModeFlow] = all) -> ServerError? {
        for flow in flows {
            if let refusal = flow.guessRefusal(player, game) { return refusal }
        }
        return nil
    }

    /// The own boards `game` plays, if any flow's (nil: no game, or the room's shared board).
    static func ownBoards(_ game: Game?, flows: [any ModeFlow] = all) -> (any OwnBoardsFlow)? {
        guard game != nil else { return nil }
        for flow in flows {
            if let boards = flow.ownBoards(game) { return boards }
        }
        return nil
    }

    static func prepare(_ game: inout Game, flows: [any ModeFlow] = all) {
        for flow in flows { flow.prepare(&game) }
    }

    static func started(_ room: inout some ModeRoom, flows: [any ModeFlow] = all) {
        for flow in flows { flow.started(&room) }
    }

    static func newGame(_ room: inout some ModeRoom, flows: [any ModeFlow] = all) {
        for flow in flows { flow.newGame(&room) }
    }

    /// The flows' step of a mode's own game event: true when the board changed.
    static func handle(_ event: GameEvent, _ room: inout some ModeRoom, flows: [any ModeFlow] = all) -> Bool {
        var changed = false
        for flow in flows {
            if flow.handle(event, &room) { changed = true }
        }
        return changed
    }

    /// Arms a mode's own timer, if the game under way has one (false: the turn's applies).
    static func armTimer(_ room: inout some ModeRoom, flows: [any ModeFlow] = all) -> Bool {
        for flow in flows {
            if flow.armTimer(&room) { return true }
        }
        return false
    }

    /// The player whose own word the round of `game` plays, if any flow's.
    static func wordChooser(_ game: Game, flows: [any ModeFlow] = all) -> PlayerID? {
        for flow in flows {
            if let chooser = flow.wordChooser(game) { return chooser }
        }
        return nil
    }

    /// Every flow's part of the record of `game`'s finished round `round`.
    static func record(_ record: inout RoundRecord, round: Int, _ game: Game?, flows: [any ModeFlow] = all) {
        guard let game else { return }
        for flow in flows { flow.record(&record, round: round, game) }
    }

    /// The `word` command to the flow that takes it; an unknown command if none does.
    static func word(
        _ room: inout some ModeRoom, by client: RoomState.ClientID, _ id: PlayerID, word: String, hint: String?, bare: Bool,
        flows: [any ModeFlow] = all
    ) {
        for flow in flows {
            if flow.word(&room, by: client, id, word: word, hint: hint, bare: bare) { return }
        }
        room.reply(.unknownCommand(word))
    }
}
