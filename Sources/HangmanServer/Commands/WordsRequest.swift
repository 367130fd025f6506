/// What `words` asks of a room's own word list (docs/RULES.md, "Room word lists").
public enum WordsRequest: Equatable, Sendable {
    /// `words`: how many words the room has of its own (never the words).
    case count
    /// `words add w1 w2 …`: the host of a private room adds words.
    case add([String])
    /// `words clear`: the host drops them; the room plays its category or language list again.
    case clear
}
