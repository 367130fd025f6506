import Testing

@testable import HangmanServer

/// The end of a game as a phase (`EndOfGamePhase`): saving, then over; a start deferred meanwhile.
struct EndOfGamePhaseTests {
    @Test func savingThenOver() {
        var phase = EndOfGamePhase(waitSeconds: 3)
        #expect(phase.stage == .none)
        phase.beginSaving()
        #expect(phase.isSaving)
        phase.saved()
        #expect(phase.stage == .over)
        phase.gameStarted()
        #expect(phase.stage == .none)
    }

    @Test func aStartIsDeferredOnlyWhileSavingAndArmedOnce() {
        var phase = EndOfGamePhase()
        let idle = phase.deferStart(by: "Ann")
        #expect(idle == nil && !phase.hasDeferredStart)
        phase.beginSaving()
        let token = phase.deferStart(by: "Ann")
        #expect(token != nil)
        let again = phase.deferStart(by: "bob")
        #expect(again == nil, "one timer per deferral")
        let whileSaving = phase.takeDeferredStart()
        #expect(whileSaving == nil, "not while saving")
        phase.saved()
        let taken = phase.takeDeferredStart()
        #expect(taken?.starter == "bob", "the latest asker")
        let twice = phase.takeDeferredStart()
        #expect(twice == nil)
    }

    @Test func onlyTheCurrentDeferralsTimerEndsTheWait() throws {
        var phase = EndOfGamePhase()
        phase.beginSaving()
        let first = phase.deferStart(by: nil)
        phase.saved()
        _ = phase.takeDeferredStart()
        phase.gameStarted()
        phase.beginSaving()
        let second = phase.deferStart(by: "Ann")
        #expect(first != nil && second != nil && second != first)
        let stale = phase.deferralTimedOut(token: first ?? 0)
        #expect(!stale, "a stale timer does nothing")
        #expect(phase.isSaving)
        let current = phase.deferralTimedOut(token: second ?? 0)
        #expect(current)
        #expect(!phase.isSaving)
        let taken = phase.takeDeferredStart()
        #expect(taken?.starter == "Ann")
    }

    @Test func theWaitIsAtLeastASecond() {
        #expect(EndOfGamePhase(waitSeconds: 0).waitSeconds == 1)
        #expect(EndOfGamePhase(waitSeconds: 4).waitSeconds == 4)
    }
}
