/// The end of a game as a phase of its own: `saving` while the finished game is with the store (one
/// call: the save, the high scores and the month standings, `HangmanStore.finishGame`), then `over`
/// once its end is shown. A new game asked for while saving (`start`, or a player joining an idle
/// quick room) is deferred: it starts once the last game's end is shown, so that `game_over` never
/// lands in the middle of the next game, or when the store's time limit (`waitSeconds`) has passed.
/// A pure value: RoomState asks it what to do and performs the actions.
struct EndOfGamePhase {
    enum Stage: Equatable {
        /// No game has ended since the last one started (or none was played yet).
        case none
        /// The finished game went to the store, which has not answered yet.
        case saving
        /// The store answered (or was given up on): the game's end is shown.
        case over
    }

    /// A deferred start: who asked (nil: the room itself, quick play).
    struct DeferredStart: Equatable {
        var starter: String?
    }

    private(set) var stage = Stage.none
    /// The longest a deferred start waits for the store (`store-timeout-ms`, in whole seconds, at least 1).
    let waitSeconds: Int
    private var deferred: DeferredStart?
    /// Tells the timer of the current deferral from a stale one.
    private var deferralToken: UInt64 = 0

    init(waitSeconds: Int = 3) {
        self.waitSeconds = max(1, waitSeconds)
    }

    var isSaving: Bool { stage == .saving }

    var hasDeferredStart: Bool { deferred != nil }

    /// A game ended: its save goes to the store.
    mutating func beginSaving() {
        stage = .saving
    }

    /// The store answered the save: the end is shown.
    mutating func saved() {
        if stage == .saving { stage = .over }
    }

    /// A new game started: nothing is waiting any more.
    mutating func gameStarted() {
        stage = .none
        deferred = nil
    }

    /// A start asked for while saving is kept (the latest asker wins). Returns the token to arm the
    /// deferral's timer with when this is a new deferral (nil: one was already waiting, or not saving).
    mutating func deferStart(by starter: String?) -> UInt64? {
        guard isSaving else { return nil }
        let isNew = deferred == nil
        deferred = DeferredStart(starter: starter)
        guard isNew else { return nil }
        deferralToken &+= 1
        return deferralToken
    }

    /// The deferred start to run now: none while the save is still with the store.
    mutating func takeDeferredStart() -> DeferredStart? {
        guard !isSaving, let start = deferred else { return nil }
        deferred = nil
        return start
    }

    /// The deferral's timer fired: when it is the current one, the room stops waiting for the save
    /// (true: take the deferred start now).
    mutating func deferralTimedOut(token: UInt64) -> Bool {
        guard token == deferralToken, deferred != nil else { return false }
        if stage == .saving { stage = .over }
        return true
    }
}
