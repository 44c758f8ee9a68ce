/// The cursor and link keys a walk followed, to catch a list that loops back to one
/// of them, in memory that does not grow with the list: the latest ``recentLimit``
/// keys exactly, and one earlier key kept at doubling distances (Brent's cycle
/// detection). A loop through at most ``recentLimit`` pages stops when it first comes
/// back; a longer one stops within about twice its length.
struct FollowedKeys {
    /// How many of the latest keys are kept exactly.
    static let recentLimit = 1_000

    private var recent: Set<PageKey> = []
    /// The keys of `recent` in the order followed: a ring whose oldest is at `oldest`.
    private var ring: [PageKey] = []
    private var oldest = 0
    /// A key followed earlier than the recent ones, renewed after `interval` steps.
    private var checkpoint: PageKey?
    private var stepsSinceCheckpoint = 0
    private var interval = Self.recentLimit

    init(_ keys: [PageKey] = []) {
        for key in keys { insert(key) }
    }

    /// True when `key` was followed before, as far as the kept keys tell.
    func contains(_ key: PageKey) -> Bool {
        recent.contains(key) || key == checkpoint
    }

    mutating func insert(_ key: PageKey) {
        if recent.insert(key).inserted {
            if ring.count < Self.recentLimit {
                ring.append(key)
            } else {
                recent.remove(ring[oldest])
                ring[oldest] = key
                oldest = (oldest + 1) % Self.recentLimit
            }
        }
        stepsSinceCheckpoint += 1
        if stepsSinceCheckpoint >= interval {
            checkpoint = key
            stepsSinceCheckpoint = 0
            interval *= 2
        }
    }

    /// Every key kept, for a ``ResumePoint``.
    var keys: [PageKey] {
        let ordered = Array(ring[oldest...] + ring[..<oldest])
        guard let checkpoint, !recent.contains(checkpoint) else { return ordered }
        return [checkpoint] + ordered
    }
}
