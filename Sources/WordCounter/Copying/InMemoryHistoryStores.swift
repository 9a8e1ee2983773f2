public import Harbor
import Synchronization

/// Stores kept in memory, one per location, made when first opened: for the fake environment
/// and tests.
public final class InMemoryHistoryStores: HistoryStores {
    private let opened = Mutex<[HistoryLocation: Persistence]>([:])

    /// No stores yet.
    public init() {}

    /// The store at `location`, the same one every time.
    public func persistence(at location: HistoryLocation) async throws -> Persistence {
        opened.withLock { opened in
            if let persistence = opened[location] { return persistence }
            let persistence = Persistence(store: InMemoryStore())
            opened[location] = persistence
            return persistence
        }
    }
}
