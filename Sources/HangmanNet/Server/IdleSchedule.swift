/// When each connection is next due for an idle check, so that the idle sweep looks only at the
/// connections that may be idle now, not at all of them (10,000 idle players cost the old
/// every-connection sweep ~3 % of a core). Pure: times are passed in (monotonic nanoseconds).
///
/// A min-heap of (due, id) with one live entry per id (`due[id]`); an entry whose time no longer
/// matches is stale and dropped when it surfaces. Input does not touch the schedule: the sweep
/// takes the due ids, checks each connection (its last input may have moved its deadline) and
/// schedules it again at its real deadline (`schedule`). Cost: O(log n) per due entry, nothing for
/// a connection that is not due.
struct IdleSchedule: Sendable {
    private var heap: [(due: UInt64, id: UInt64)] = []
    private var due: [UInt64: UInt64] = [:]
    /// Heap entries looked at by the last `takeDue` (for tests: the sweep's cost).
    private(set) var lastExamined = 0

    /// Ids with a live entry.
    var count: Int { due.count }

    /// The time `id` is due, if scheduled.
    func dueTime(of id: UInt64) -> UInt64? { due[id] }

    /// `id` is due at `time` (replacing any earlier schedule of it).
    mutating func schedule(id: UInt64, at time: UInt64) {
        guard due[id] != time else { return }
        due[id] = time
        push((time, id))
        // Stale entries pile up only if an id is rescheduled without surfacing; rebuild past 2×.
        if heap.count > 2 * due.count + 64 { rebuild() }
    }

    /// `id` needs no check any more (closed, or no idle timeout).
    mutating func remove(id: UInt64) {
        due[id] = nil
        if heap.count > 2 * due.count + 64 { rebuild() }
    }

    /// Removes and returns the ids due at `now` (earliest first); each must be scheduled again to
    /// be checked again.
    mutating func takeDue(now: UInt64) -> [UInt64] {
        var ids: [UInt64] = []
        var examined = 0
        while let top = heap.first, top.due <= now {
            examined += 1
            pop()
            guard due[top.id] == top.due else { continue }  // stale
            due[top.id] = nil
            ids.append(top.id)
        }
        lastExamined = examined + (heap.isEmpty ? 0 : 1)
        return ids
    }

    // MARK: Heap

    private mutating func push(_ entry: (due: UInt64, id: UInt64)) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].due < heap[parent].due else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func pop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var smallest = left
            if left + 1 < heap.count, heap[left + 1].due < heap[left].due { smallest = left + 1 }
            guard heap[smallest].due < heap[parent].due else { return }
            heap.swapAt(smallest, parent)
            parent = smallest
        }
    }

    private mutating func rebuild() {
        heap = due.map { (due: $0.value, id: $0.key) }
        var index = heap.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
        if heap.capacity > 2 * heap.count + 64 { heap = Array(heap) }
    }
}
