/// JSON fields of the setter and race modes.
extension JSONRenderer {
    /// A racer's progress: counts only, never letters.
    static func raceFields(_ w: inout JSONWriter, _ racer: RaceView) {
        w.field("player", racer.name)
        w.field("found", racer.found)
        w.field("length", racer.length)
        w.field("misses", racer.misses)
        w.field("max_misses", racer.maxMisses)
        w.field("status", racer.status.rawValue)
    }
}
