import Boxes
import Harbor
import Synchronization

/// The Boxes example in memory, with numbered identifiers: what the samples about it run on.
enum SampleBoxes {
    /// Services over `store`, a new `InMemoryStore` by default.
    static func services(store: any Store = InMemoryStore()) -> BoxesServices {
        let counter = Atomic<Int>(0)
        return BoxesServices(
            persistence: Persistence(store: store),
            provisioning: BoxProvisioning { "box-\(counter.add(1, ordering: .relaxed).newValue)" },
            storeDescription: "memory")
    }

    /// The application over new in-memory services.
    static func app() -> UseCaseRunner<BoxesServices> {
        UseCaseRunner(services: services())
    }
}
