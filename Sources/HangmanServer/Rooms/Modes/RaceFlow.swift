import HangmanCore
import HangmanStore

/// Race mode's boards: every racer's progress as counts on the shared board, each racer's own
/// board, and how each output style shows them (the room's race rounds, sending each member their
/// board, and the racers' clocks are in RaceRoom.swift).
struct RaceFlow: ModeFlow {
    func decorate(_ snapshot: inout RoomSnapshot, _ game: Game) {
        if let race = game.race { snapshot.race = race.map(Self.view) }
    }

    /// Each racer's own misses in the round's record, for their high scores and history.
    func record(_ record: inout RoundRecord, round: Int, _ game: Game) {
        if let racers = game.finishedRounds.last(where: { $0.round == round })?.racers { record.racers = racers }
    }

    /// Each racer plays a board of their own: a hint for one would be a gift to the room.
    func hintRefusal(_ game: Game) -> ServerError? {
        game.race == nil ? nil : .invalid("a race has no hints: each racer plays a board of their own")
    }

    /// A racer's progress as everyone may see it: counts, never letters.
    static func view(_ board: RaceBoard) -> RaceView {
        let status: RaceView.Status =
            switch board.round.status {
            case .won: .solved
            case .lost: .out
            case .playing: .playing
            }
        return RaceView(
            name: board.id.name, found: board.found, length: board.round.length, misses: board.round.misses,
            maxMisses: board.round.maxMisses, status: status)
    }

    /// The board a racer sees: the room's `shared` board with their own letters and misses, `turn`
    /// naming them while they race, and their own time since their last guess (`deadline`; the
    /// shared board shows the earliest racer's).
    static func own(
        _ shared: RoomSnapshot, of racer: PlayerID, _ board: RaceBoard, deadline: UInt64?, now: UInt64
    ) -> RoomSnapshot {
        var snapshot = shared
        snapshot.pattern = board.round.pattern
        snapshot.misses = board.round.misses
        snapshot.maxMisses = board.round.maxMisses
        snapshot.guessed = board.round.guessed
        snapshot.available = board.round.available
        snapshot.turn = board.racing ? racer.name : nil
        if let deadline, board.racing {
            snapshot.turnSecondsLeft = TurnClock.secondsLeft(until: deadline, at: now)
        }
        return snapshot
    }

    /// The board that closes a race round, as a racer sees it: their own misses and letters (not
    /// the solver's) on the `ended` board.
    static func ownEnded(_ ended: RoomSnapshot, _ board: RaceBoard) -> RoomSnapshot {
        var own = ended
        own.misses = board.round.misses
        own.guessed = board.round.guessed
        own.available = board.round.alphabet.guessable.filter { !own.guessed.contains($0) }
        return own
    }
}

/// Race mode's progress counts: `BoardCounts` (a racer's own board as counts).
typealias RaceView = BoardCounts

extension BoardCounts.Status {
    /// A racer still racing (`"racing"` on the wire).
    static var racing: Self { .playing }
    /// The status as the race's JSON names it.
    var raceName: String {
        switch self {
        case .playing: "racing"
        case .solved: "solved"
        case .out: "out"
        }
    }
}

extension RoomSnapshot {
    /// Race mode: every racer's progress as counts (`ownBoards`).
    var race: [RaceView]? {
        get { ownBoards }
        set { ownBoards = newValue }
    }
}

// MARK: what players see

extension RaceFlow {
    /// A race has no turns: a racer's `turn` only says they may guess (for programs).
    var guessesAnyTime: Bool { true }

    /// Beside the gallows (60 columns) with the racer's own time: "- letter", not "- a letter,".
    func textTurnLine(_ s: RoomSnapshot, _ p: Paint) -> String? {
        "Racing:  " + p.yellow("guess any time")
            + (s.turnSecondsLeft.map { ", \($0) s left - letter or solve <word>" } ?? " - a letter, or solve <word>")
    }

    func spokenTurnLine(_ s: RoomSnapshot) -> String? {
        "Race: guess any time" + (s.turnSecondsLeft.map { ", \(SpokenText.count($0, "second")) left" } ?? "") + "."
    }

    func textLines(_ s: RoomSnapshot, _ p: Paint) -> [String] {
        guard let race = s.race, !race.isEmpty else { return [] }
        return ["", "Race:    " + race.map(Self.textCounts).joined(separator: ", ")]
    }

    func spokenLines(_ s: RoomSnapshot) -> [String] {
        guard let race = s.race, !race.isEmpty else { return [] }
        return ["Racers: " + race.map(Self.spokenCounts).joined(separator: "; ") + "."]
    }

    func jsonFields(_ w: inout JSONWriter, _ s: RoomSnapshot) {
        guard let race = s.race else { return }
        w.beginArray("race")
        for racer in race {
            w.beginNestedObject()
            Self.fields(&w, racer)
            w.endObject()
        }
        w.endArray()
    }

    func progressJSON(room: String, _ racer: RaceView) -> [UInt8] {
        var w = JSONWriter(type: "race_progress")
        w.field("room", room)
        Self.fields(&w, racer)
        return w.finish()
    }

    /// One racer's progress after a guess: counts, never letters.
    func progressText(_ racer: RaceView, _ p: Paint) -> [String] {
        switch racer.status {
        case .solved: [p.green("Race: \(racer.name) solved it!")]
        case .out where racer.misses < racer.maxMisses:  // their time ran out (RaceRoom.swift)
            [p.red("Race: \(racer.name) is out of this round (\(racer.found)/\(racer.length) letters found).")]
        case .out: [p.red("Race: \(racer.name) is hanged and out of this round.")]
        case .playing: ["Race: " + Self.textCounts(racer)]
        }
    }

    /// A racer's progress after a guess, spoken: counts, never letters.
    func progressSpoken(_ racer: RaceView) -> [String] {
        switch racer.status {
        case .solved: ["\(racer.name) solved it!"]
        case .out where racer.misses < racer.maxMisses:
            ["\(racer.name) ran out of time and is out of this round, \(racer.found) of \(racer.length) letters found."]
        case .out: ["\(racer.name) is hanged and out of this round."]
        case .playing: [Self.spokenCounts(racer) + "."]
        }
    }

    /// A racer's progress: counts only, never letters.
    static func fields(_ w: inout JSONWriter, _ racer: RaceView) {
        w.field("player", racer.name)
        w.field("found", racer.found)
        w.field("length", racer.length)
        w.field("misses", racer.misses)
        w.field("max_misses", racer.maxMisses)
        w.field("status", racer.status.raceName)
    }

    /// `bob 3/7 letters 2/7 misses`, `bob out`, `bob solved`.
    static func textCounts(_ racer: RaceView) -> String {
        switch racer.status {
        case .solved: "\(racer.name) solved"
        case .out: "\(racer.name) out"
        case .playing: "\(racer.name) \(racer.found)/\(racer.length) letters \(racer.misses)/\(racer.maxMisses) misses"
        }
    }

    /// `bob 3 of 7 letters, 2 misses of 7`, `bob out`, `bob solved`.
    static func spokenCounts(_ racer: RaceView) -> String {
        switch racer.status {
        case .solved: "\(racer.name) solved"
        case .out: "\(racer.name) out"
        case .playing:
            "\(racer.name) \(racer.found) of \(racer.length) letters, " + SpokenText.misses(racer.misses, of: racer.maxMisses)
        }
    }
}
