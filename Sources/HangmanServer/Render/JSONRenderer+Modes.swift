/// JSON fields of the setter, race and teams modes.
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

    /// Teams mode: `"teams": [{"team": 2, "score": 12, "place": 1}, …]`, best first.
    static func teamList(_ w: inout JSONWriter, _ teams: [TeamView]) {
        w.beginArray("teams")
        for team in teams {
            w.beginNestedObject()
            w.field("team", team.team)
            w.field("score", team.score)
            w.field("place", team.place)
            w.endObject()
        }
        w.endArray()
    }
}
