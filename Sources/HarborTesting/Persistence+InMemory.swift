public import Foundation
public import Harbor

extension Persistence {
    /// Persistence over a new, empty `InMemoryStore`: the quickest way to run use cases in a test.
    ///
    /// ```swift
    /// let persistence = Persistence.inMemory(now: { Date(timeIntervalSince1970: 0) })
    /// ```
    public static func inMemory(
        events: EventBus = EventBus(),
        now: @escaping @Sendable () -> Date = { Date() },
        errorHandler: @escaping ErrorHandler = { _ in }
    ) -> Persistence {
        Persistence(store: InMemoryStore(), events: events, now: now, errorHandler: errorHandler)
    }
}
