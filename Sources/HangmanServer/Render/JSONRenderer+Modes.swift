/// JSON fields of teams mode (the other modes' are their flows': `ModeView`).
extension JSONRenderer {
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
