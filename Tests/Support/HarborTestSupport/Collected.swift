import Synchronization

/// A thread-safe list that tests append to from any task.
package final class Collected<Element: Sendable>: Sendable {
    package init() {}

    private let storage = Mutex<[Element]>([])

    package func append(_ element: Element) { storage.withLock { $0.append(element) } }

    package var values: [Element] { storage.withLock { $0 } }
}
