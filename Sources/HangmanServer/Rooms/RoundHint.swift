/// The hint of the round under way, a pure value: its text (from the word's list, or a player's)
/// and whether `hint` revealed it to the room (the board then shows it).
struct RoundHint {
    private(set) var text: String?
    private(set) var isShown = false

    /// A round began with `text` as its hint (nil: none), hidden until someone takes it.
    mutating func newRound(_ text: String?) {
        self.text = text
        isShown = false
    }

    /// The round's hint changed (a player's word, or the round ended): shown or not as before.
    mutating func replace(with text: String?) {
        self.text = text
    }

    /// `hint` revealed it.
    mutating func reveal() {
        isShown = true
    }

    /// What the board shows: the text once revealed.
    var shown: String? { isShown ? text : nil }
}
