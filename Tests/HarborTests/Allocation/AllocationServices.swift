import Harbor

/// What the allocation use cases are given.
struct AllocationServices: Sendable {
    let persistence: Persistence
}
