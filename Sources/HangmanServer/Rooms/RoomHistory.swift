/// The last guesses and chat lines a room keeps (`room-history-lines`) for a web page that opens on
/// it (issue 31): the room's own broadcasts of those kinds (and the ends of rounds and games between
/// them), oldest first. Only what every member was sent, so never a word before its round ended.
struct RoomHistory {
    let capacity: Int
    /// A ring: once full, `next` is the oldest.
    private var ring: [Outbound] = []
    private var next = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Keeps what of a batch of broadcasts a page's log shows.
    mutating func record(_ batch: [Outbound]) {
        guard capacity > 0 else { return }
        for event in batch where Self.keeps(event) {
            if ring.count < capacity {
                ring.append(event)
            } else {
                ring[next] = event
                next = (next + 1) % capacity
            }
        }
    }

    /// What it keeps, oldest first.
    var events: [Outbound] { Array(ring[next...] + ring[..<next]) }

    static func keeps(_ event: Outbound) -> Bool {
        switch event {
        case .guess, .chat, .roundOver, .gameOver, .gameStarted: true
        default: false
        }
    }
}
